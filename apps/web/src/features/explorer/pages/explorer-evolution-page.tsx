import { skipToken } from '@reduxjs/toolkit/query';
import { Card, Empty, Flex, Spin } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import { useElementWidth } from '../../../lib/use-element-width';
import { useGetExplorerVariablesQuery, useGetTimelineDataQuery } from '../api';
import { DateRangeFilter } from '../components/date-range-filter';
import { EvolutionChart } from '../components/evolution-chart';
import { SampledWarning } from '../components/sampled-warning';
import { VariablePicker } from '../components/variable-picker';
import { buildEvolutionChartOptions } from '../evolution-chart-options';
import { MAX_EVOLUTION_VARIABLES } from '../explorer-query';
import { useEvolutionQuery } from '../hooks/use-evolution-query';
import { timelineRequest } from '../timeline-request';

const centered = { height: '100%', justifyContent: 'center', alignItems: 'center' } as const;

export function ExplorerEvolutionPage() {
  const { t, i18n } = useTranslation();
  const { variableIds, range, setVariableIds, setRange } = useEvolutionQuery();
  const variables = useGetExplorerVariablesQuery();
  const [chartAreaRef, chartWidth] = useElementWidth<HTMLDivElement>();
  const timeline = useGetTimelineDataQuery(timelineRequest(variableIds, range, chartWidth) ?? skipToken);

  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  const chartOptions = useMemo(
    () =>
      timeline.data &&
      buildEvolutionChartOptions(timeline.data, {
        locale,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    [timeline.data, locale],
  );
  const shownTimeline = timeline.isError ? undefined : timeline.data;
  const sampledLabels =
    shownTimeline?.variables.filter(({ sampled }) => sampled).map(({ metadata }) => metadata.label) ?? [];

  let chartBody: ReactNode;
  if (variableIds.length === 0) {
    chartBody = <Empty style={centered} description={t('explorer.evolution.chooseVariables')} />;
  } else if (timeline.isError) {
    chartBody = <ApiErrorAlert title={t('explorer.evolution.loadError')} error={timeline.error} />;
  } else if (!timeline.data || !chartOptions) {
    chartBody = (
      <Flex style={centered}>
        <Spin size="large" aria-label={t('app.loading')} />
      </Flex>
    );
  } else if (timeline.data.variables.every(({ data }) => data.length === 0)) {
    chartBody = <Empty style={centered} description={t('explorer.evolution.noData')} />;
  } else {
    chartBody = <EvolutionChart options={chartOptions} />;
  }

  return (
    <Flex gap={16} align="flex-start">
      <Card title={t('explorer.picker.title')} style={{ width: 320, flex: 'none' }}>
        {variables.isError ? (
          <ApiErrorAlert title={t('explorer.picker.loadError')} error={variables.error} />
        ) : variables.data ? (
          <VariablePicker
            variables={variables.data}
            selectedIds={variableIds}
            maxSelected={MAX_EVOLUTION_VARIABLES}
            onChange={setVariableIds}
          />
        ) : (
          <Spin aria-label={t('app.loading')} />
        )}
      </Card>
      <Card
        title={t('explorer.evolution.title')}
        style={{ flex: 1, minWidth: 0 }}
        extra={
          <Flex gap={12} align="center">
            <SampledWarning labels={sampledLabels} />
            <DateRangeFilter range={range} onChange={setRange} />
          </Flex>
        }
      >
        <div
          ref={chartAreaRef}
          data-testid="evolution-chart"
          aria-busy={timeline.isFetching}
          style={{ position: 'relative', height: 'max(360px, calc(100vh - 220px))' }}
        >
          {chartBody}
          {timeline.isFetching && timeline.data && (
            // Keeps the previous chart visible under the spinner while the new range loads.
            <Flex style={{ ...centered, position: 'absolute', inset: 0 }}>
              <Spin aria-label={t('app.loading')} />
            </Flex>
          )}
        </div>
      </Card>
    </Flex>
  );
}
