import { SearchOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Card, Col, Empty, Flex, Radio, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FromToFilter } from '../../../components/date-range/from-to-filter';
import { PageHeading } from '../../../components/page-heading';
import { usePageBreadcrumb } from '../../../components/page-breadcrumb';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import type { DateRange } from '../../../lib/date-ranges';
import { useGetMinimalVariablesQuery } from '../../../lib/variable-api';
import { useGetHistoricAnalysisQuery, useGetIncidentRuleNameQuery, useGetPlantTreeQuery } from '../api';
import { FailureText } from '../components/failure-text';
import { ValveChart } from '../components/valve-chart';
import { ValveInfoCard } from '../components/valve-info-card';
import { ValveSelector } from '../components/valve-selector';
import { buildHistoricOptions } from '../valve-chart-options';
import { toUtcIso } from '../valve-format';
import {
  HISTORIC_ORIGINS,
  assetOfClientReference,
  historicParams,
  isIncidentOrigin,
  isRetrieved,
  reviewSearch,
  type HistoricParams,
  type HistoricRetrieval,
} from '../valve-params';
import type { ValveMovement } from '../valve-rules';

// Without a range in the address the analysis proposes the last 7 days.
const defaultRange = (): DateRange => ({
  startDate: dayjs().subtract(7, 'day').startOf('day').valueOf(),
  endDate: dayjs().valueOf(),
});

// Where the back chevron and the breadcrumb lead, by origin (spec part 2 §2).
function useOriginNavigation(params: HistoricParams, asset: string | undefined): string | undefined {
  const { t } = useTranslation();
  const review =
    params.origin === HISTORIC_ORIGINS.review && asset && params.range
      ? `${ROUTES.IncidenceReview}${reviewSearch({
          asset,
          beginDate: params.range.startDate / 1000,
          endDate: params.range.endDate / 1000,
          error: params.error,
        })}`
      : undefined;
  const historic = { label: t('routes.HistoricAnalysis'), to: ROUTES.HistoricAnalysis };
  const incidentOrigin = isIncidentOrigin(params.origin) ? params.origin : undefined;
  usePageBreadcrumb(
    incidentOrigin
      ? [
          { label: t('routes.Workspace'), to: ROUTES.Workspace },
          { label: t('routes.IncidenceList'), to: ROUTES.IncidenceList },
          ...(incidentOrigin === 'IncidenceHistoric'
            ? [{ label: t('routes.IncidenceHistoric'), to: ROUTES.IncidenceHistoric }]
            : []),
          historic,
        ]
      : review
        ? [
            { label: t('routes.AmpoCurrentStatus'), to: ROUTES.AmpoCurrentStatus },
            { label: t('routes.IncidenceReview'), to: review },
            historic,
          ]
        : undefined,
  );
  return incidentOrigin ? ROUTES[incidentOrigin] : review;
}

export function HistoricAnalysisPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const params = historicParams(search);
  const tree = useGetPlantTreeQuery();
  // From an incident list the asset is named by the rule's first variable (spec §2).
  const variables = useGetMinimalVariablesQuery(
    params.variableIds.length > 0 ? params.variableIds : skipToken,
  );
  const firstVariable = variables.data?.find(({ id }) => id === params.variableIds[0]) ?? variables.data?.[0];
  const initialAsset = params.asset ?? assetOfClientReference(firstVariable?.clientReference);
  const ruleName = useGetIncidentRuleNameQuery(params.ruleId ?? skipToken);

  const [chosenAsset, setChosenAsset] = useState<string>();
  const [range, setRange] = useState<DateRange>(() => params.range ?? defaultRange());
  const [movement, setMovement] = useState<ValveMovement>(params.operation);
  const [explored, setExplored] = useState<HistoricRetrieval>();
  const asset = chosenAsset ?? initialAsset;
  // Opened with an asset and a range, the analysis loads at once.
  const retrieval =
    explored ?? (initialAsset && params.range ? { asset: initialAsset, ...params.range } : undefined);
  const current = isRetrieved({ asset, ...range }, retrieval);
  const analysis = useGetHistoricAnalysisQuery(
    retrieval
      ? {
          asset: retrieval.asset,
          initDate: toUtcIso(retrieval.startDate),
          endDate: toUtcIso(retrieval.endDate),
        }
      : skipToken,
  );
  const backTo = useOriginNavigation(params, initialAsset);
  // Built once per data and movement: new options would make Highcharts redraw on every render.
  const actuations = analysis.data?.[movement];
  const options = useMemo(
    () =>
      actuations &&
      buildHistoricOptions(actuations, {
        openingDegree: t('ampo.historic.openingDegree'),
        actuationPair: t('ampo.historic.actuationPair'),
      }),
    [actuations, t],
  );

  const title = t('routes.HistoricAnalysis');
  const chartLabel = t('ampo.historic.chart');
  const subject = ruleName.data ? (
    t('ampo.historic.rule', { name: ruleName.data })
  ) : params.error !== undefined ? (
    <FailureText code={params.error} />
  ) : undefined;

  const chart = () => {
    if (!current) {
      return <Empty description={t(retrieval ? 'ampo.historic.stale' : 'ampo.historic.empty')} />;
    }
    if (analysis.isFetching) return <PageSpinner />;
    if (!actuations || !options) {
      // Spec §8 asks for no message; an unobtrusive notice instead of a blank chart.
      return <Alert type="warning" showIcon title={t('ampo.loadError')} data-testid="historic-error" />;
    }
    if (actuations.length === 0) return <Empty description={t('ampo.noData')} />;
    return <ValveChart testId="historic-chart" label={chartLabel} options={options} />;
  };

  return (
    <Flex vertical gap={16}>
      {backTo ? (
        <PageHeading backTo={backTo} title={title} />
      ) : (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      )}
      {current && subject && (
        <Typography.Text strong data-testid="historic-subject">
          {subject}
        </Typography.Text>
      )}
      <Flex gap={8} align="center" wrap>
        <FromToFilter value={range} onChange={setRange} />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={!asset}
          onClick={() => asset && setExplored({ asset, ...range })}
        >
          {t('ampo.historic.explore')}
        </Button>
      </Flex>
      <Flex gap={16} align="center" wrap>
        <ValveSelector tree={tree.data} value={asset} onChange={setChosenAsset} />
        <Radio.Group
          value={movement}
          onChange={(event) => setMovement(event.target.value as ValveMovement)}
          options={[
            { value: 'openings', label: t('ampo.historic.openings') },
            { value: 'closures', label: t('ampo.historic.closures') },
          ]}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18}>
          <Card size="small" title={chartLabel}>
            {chart()}
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          {asset && <ValveInfoCard asset={asset} />}
        </Col>
      </Row>
    </Flex>
  );
}
