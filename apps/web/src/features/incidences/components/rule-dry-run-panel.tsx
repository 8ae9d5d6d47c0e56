import { ExperimentOutlined } from '@ant-design/icons';
import type { RuleDryRunDto, RuleDryRunIncidenceDto, RuleDryRunResultDto } from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Flex, Spin, Table, Typography } from 'antd';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import { isFutureDay, normalizeRange, type DateRange } from '../../../lib/date-ranges';
import { useElementWidth } from '../../../lib/use-element-width';
import { useGetTimelineDataQuery } from '../../explorer/api';
import { EvolutionChart } from '../../explorer/components/evolution-chart';
import { timelineRequest } from '../../explorer/timeline-request';
import { useTryIncidenceRuleMutation } from '../api';
import { formatIncidenceDate } from '../incidence-format';
import {
  DEFAULT_DRY_RUN_PRESET,
  DRY_RUN_PRESETS,
  dryRunChartOptions,
  dryRunPresetRange,
  evaluatedUntil,
  formatIncidenceDuration,
  type DryRunPreset,
} from '../rule-dry-run';
import { ruleDryRunRequest, type SingleRuleFormValues } from '../rule-form-values';

// The fields of the condition: checked (and their messages shown) before a try, as before a save.
const CONDITION_FIELDS = ['varOne', 'operator', 'constant', 'varTwo', 'minDurationSeconds', 'deadband'];
const CHART_HEIGHT_PX = 320;

// Issue 14: the condition as the form stands, tried on the stored history of a range, before (or without)
// saving. The answer is drawn over the chart of the rule's variables and listed below it.
export function RuleDryRunPanel({ form }: { form: FormInstance<SingleRuleFormValues> }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => dryRunPresetRange(DEFAULT_DRY_RUN_PRESET, dayjs()));
  const [tryRule, attempt] = useTryIncidenceRuleMutation();
  const now = dayjs();

  const onTry = async () => {
    try {
      await form.validateFields(CONDITION_FIELDS);
    } catch {
      return; // the form shows what is missing under each field
    }
    void tryRule(ruleDryRunRequest(form.getFieldsValue(true) as SingleRuleFormValues, range));
  };

  let body;
  if (attempt.isLoading) {
    body = <Spin aria-label={t('app.loading')} />;
  } else if (attempt.isError) {
    body = <ApiErrorAlert title={t('incidences.dryRun.error')} error={attempt.error} />;
  } else if (attempt.data && attempt.originalArgs) {
    body = <DryRunAnswer result={attempt.data} request={attempt.originalArgs} />;
  }

  return (
    <Card title={t('incidences.dryRun.title')} data-testid="rule-dry-run">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('incidences.dryRun.help')}</Typography.Text>
        <Flex gap={8} wrap align="end">
          <Flex vertical gap={4}>
            <Typography.Text>{t('incidences.dryRun.range')}</Typography.Text>
            <DatePicker.RangePicker
              aria-label={t('incidences.dryRun.range')}
              showTime={{ format: 'HH:mm:ss' }}
              format="YYYY-MM-DD HH:mm:ss"
              allowClear={false}
              value={[dayjs(range.startDate), dayjs(range.endDate)]}
              disabledDate={(day: Dayjs) => isFutureDay(day, now)}
              presets={(Object.keys(DRY_RUN_PRESETS) as DryRunPreset[]).map((preset) => {
                const { startDate, endDate } = dryRunPresetRange(preset, now);
                return {
                  label: t(`incidences.dryRun.presets.${preset}`),
                  value: [dayjs(startDate), dayjs(endDate)],
                };
              })}
              onChange={(dates) => {
                const picked =
                  dates?.[0] &&
                  dates[1] &&
                  normalizeRange(dates[0].valueOf(), dates[1].valueOf(), Date.now());
                if (picked) setRange(picked);
              }}
            />
          </Flex>
          <Button icon={<ExperimentOutlined />} loading={attempt.isLoading} onClick={() => void onTry()}>
            {t('incidences.dryRun.try')}
          </Button>
        </Flex>
        {body}
      </Flex>
    </Card>
  );
}

function DryRunAnswer({ result, request }: { result: RuleDryRunResultDto; request: RuleDryRunDto }) {
  const { t, i18n } = useTranslation();
  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  const number = new Intl.NumberFormat(locale);
  const end = evaluatedUntil(result);
  const totals = [
    ['points', result.points],
    ['evaluations', result.evaluations],
    ['activations', result.activations],
    ['incidences', result.incidenceCount],
  ] as const;
  return (
    <Flex vertical gap={12}>
      <DryRunChart result={result} request={request} />
      <Descriptions
        size="small"
        column={{ xs: 2, md: 4 }}
        items={totals.map(([key, value]) => ({
          key,
          label: t(`incidences.dryRun.totals.${key}`),
          children: <span data-testid={`rule-dry-run-${key}`}>{number.format(value)}</span>,
        }))}
      />
      {result.truncatedAt !== null && (
        <Alert
          type="warning"
          showIcon
          title={t('incidences.dryRun.truncated', { date: formatIncidenceDate(result.truncatedAt) })}
        />
      )}
      {result.incidenceCount === 0 ? (
        <Empty description={t('incidences.dryRun.empty')} />
      ) : (
        <>
          {result.incidenceCount > result.incidences.length && (
            <Typography.Text type="secondary">
              {t('incidences.dryRun.listed', {
                listed: number.format(result.incidences.length),
                count: number.format(result.incidenceCount),
              })}
            </Typography.Text>
          )}
          <Table<RuleDryRunIncidenceDto>
            size="small"
            rowKey="openedAt"
            data-testid="rule-dry-run-table"
            dataSource={result.incidences}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              {
                key: 'begin',
                title: t('incidences.dryRun.columns.begin'),
                render: (_, { openedAt }) => formatIncidenceDate(openedAt),
              },
              {
                key: 'end',
                title: t('incidences.dryRun.columns.end'),
                render: (_, { closedAt }) =>
                  closedAt === null ? t('incidences.dryRun.stillOpen') : formatIncidenceDate(closedAt),
              },
              {
                key: 'duration',
                title: t('incidences.dryRun.columns.duration'),
                render: (_, { openedAt, closedAt }) =>
                  formatIncidenceDuration((closedAt ?? end) - openedAt, locale),
              },
              {
                key: 'activations',
                title: t('incidences.dryRun.columns.activations'),
                align: 'right',
                render: (_, { activations }) => number.format(activations),
              },
              {
                key: 'evaluations',
                title: t('incidences.dryRun.columns.evaluations'),
                align: 'right',
                render: (_, { evaluations }) => number.format(evaluations),
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

// The rule's variables over the tried range, read as the explorer reads them, with the answer drawn on.
function DryRunChart({ result, request }: { result: RuleDryRunResultDto; request: RuleDryRunDto }) {
  const { t, i18n } = useTranslation();
  const [chartAreaRef, chartWidth] = useElementWidth<HTMLDivElement>();
  const variableIds = [request.varOneId, request.varTwoId].filter(
    (id): id is number => typeof id === 'number',
  );
  const query = timelineRequest(variableIds, { startDate: result.from, endDate: result.to }, chartWidth);
  const timeline = useGetTimelineDataQuery(query ?? skipToken);
  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  const constant = request.constant ?? null;
  const options = useMemo(
    () =>
      timeline.data &&
      dryRunChartOptions({
        timeline: timeline.data,
        result,
        constant,
        settings: { locale, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        thresholdLabel: constant === null ? '' : t('incidences.dryRun.threshold', { value: constant }),
      }),
    [timeline.data, result, constant, locale, t],
  );

  let chart;
  if (timeline.isError) {
    chart = <ApiErrorAlert title={t('incidences.dryRun.chartError')} error={timeline.error} />;
  } else if (!options || timeline.isFetching) {
    chart = (
      <Flex style={{ height: '100%' }} justify="center" align="center">
        <Spin aria-label={t('app.loading')} />
      </Flex>
    );
  } else {
    chart = <EvolutionChart options={options} />;
  }
  return (
    <div ref={chartAreaRef} data-testid="rule-dry-run-chart" style={{ height: CHART_HEIGHT_PX }}>
      {chart}
    </div>
  );
}
