import { hasFeature } from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Card, Empty, Flex, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { RangeDraftFilter } from '../components/range-draft-filter';
import { PageHeading } from '../../../components/page-heading';
import { usePageBreadcrumb } from '../../../components/page-breadcrumb';
import { useSaveQueryLauncher } from '../../../components/save-query-launcher';
import { EXPLORER_DATE_SETTINGS } from '../../../config/explorer';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import type { DateRange } from '../../../lib/date-ranges';
import { downloadTextFile } from '../../../lib/download-file';
import { useDebouncedCallback } from '../../../lib/use-debounced';
import { useElementWidth } from '../../../lib/use-element-width';
import { useGetTimelineDataQuery } from '../api';
import { EvolutionChart } from '../components/evolution-chart';
import { EvolutionOptionsMenu } from '../components/evolution-options-menu';
import { ExplorerSettingsMenu } from '../components/explorer-settings-menu';
import { FixedRangeModal } from '../components/fixed-range-modal';
import { ResetZoomButton, zoomedFrom, type ZoomHistoryState } from '../components/reset-zoom-button';
import { SampledWarning } from '../components/sampled-warning';
import { CSV_FILE_NAME, evolutionCsv } from '../csv';
import { defaultEvolutionRange, ZOOM_DEBOUNCE_MS, zoomedRange } from '../date-ranges';
import { buildEvolutionChartOptions } from '../evolution-chart-options';
import {
  correlationConversion,
  evolutionBack,
  evolutionBreadcrumb,
  stepPath,
  type NavigationStep,
} from '../evolution-navigation';
import { savedQueryPath, serializeEvolutionQuery, viewSearch } from '../explorer-query';
import { useCopyUrl } from '../hooks/use-copy-url';
import { useEvolutionQuery } from '../hooks/use-evolution-query';
import { useRangeDraft } from '../hooks/use-range-draft';
import { useRawCsvDownload } from '../hooks/use-raw-csv-download';
import { timelineRequest } from '../timeline-request';

const NO_AUTHORITIES: string[] = [];
const centered = { height: '100%', justifyContent: 'center', alignItems: 'center' } as const;

// /explorer-evolution (spec part 2 §2). Without variables the user is sent to the parameter selection;
// without dates the address is completed with the default range, so that it names the view shown.
export function ExplorerEvolutionPage() {
  const { params, query } = useEvolutionQuery();
  if (query.variableIds.length === 0) {
    return <Navigate replace to={`${ROUTES.ExplorerEvolutionVariables}?${viewSearch(params, query)}`} />;
  }
  if (!query.range) {
    const range = defaultEvolutionRange(dayjs());
    return <Navigate replace to={{ search: serializeEvolutionQuery(params, { ...query, range }) }} />;
  }
  return <EvolutionView range={query.range} />;
}

function EvolutionView({ range }: { range: DateRange }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { params, query, update } = useEvolutionQuery();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const launchSaveQuery = useSaveQueryLauncher();
  const [chartAreaRef, chartWidth] = useElementWidth<HTMLDivElement>();
  const request = timelineRequest(query.variableIds, range, chartWidth);
  const timeline = useGetTimelineDataQuery(request ?? skipToken);
  const [fixedRangeOpen, setFixedRangeOpen] = useState(false);

  const rangeDraft = useRangeDraft(range, {
    apply: (next) => update({ range: next }),
    reload: () => {
      if (request) void timeline.refetch();
    },
  });

  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const onZoom = useDebouncedCallback((min: number, max: number) => {
    const zoomed = zoomedRange(min, max, { minDate: EXPLORER_DATE_SETTINGS.minDate, now: Date.now() });
    if (!zoomed) return;
    const state: ZoomHistoryState = { zoomedFrom: zoomedFrom(location.state) ?? range };
    update({ range: zoomed }, { state });
  }, ZOOM_DEBOUNCE_MS);
  // The chart keeps the last data while a new range loads, so a zoom shows at once and refines after.
  const shown = timeline.isError ? undefined : timeline.data;
  const chartOptions = useMemo(
    () => shown && buildEvolutionChartOptions(shown, query.options, { locale, timezone: timeZone, onZoom }),
    [shown, query.options, locale, timeZone, onZoom],
  );

  const stepLabel = ({ route, filter }: NavigationStep) =>
    filter ? t(`explorer.breadcrumb.queries.${filter}`) : t(`routes.${route}`);
  usePageBreadcrumb(
    evolutionBreadcrumb(params, query).map((step) => ({ label: stepLabel(step), to: stepPath(step) })),
  );

  // The view on screen is the one the address names, loaded.
  const queryMade = timeline.currentData !== undefined && rangeDraft.applied;
  const copyUrl = useCopyUrl(queryMade);
  const canSaveQuery = hasFeature(authorities, 'Query') && canAccessRoute('QueryList', authorities);
  const saveQuery =
    launchSaveQuery && canSaveQuery
      ? () => launchSaveQuery({ relativePath: savedQueryPath({ ...query, range }), name: query.queryName })
      : undefined;
  const downloadCsv = () => {
    const data = timeline.currentData;
    if (!data) return;
    const series = data.variables.map(({ metadata, data: points }) => ({ ...metadata, points }));
    downloadTextFile(evolutionCsv(series, { locale, timeZone }), CSV_FILE_NAME);
  };
  const downloadRawCsv = useRawCsvDownload({ locale, timeZone });
  const loaded = timeline.currentData;
  // Offered only when the chart shows reduced data; otherwise the CSV above already holds every point.
  const downloadEveryPoint = loaded?.variables.some(({ sampled: reduced }) => reduced)
    ? () => void downloadRawCsv(loaded)
    : undefined;
  const correlation = correlationConversion(query.variableIds, range);

  const sampled =
    shown?.variables
      .filter(({ sampled: reduced }) => reduced)
      .map(({ metadata, bucketMs }) => ({ label: metadata.label, bucketMs })) ?? [];

  let chartBody: ReactNode;
  if (timeline.isError) {
    chartBody = <ApiErrorAlert title={t('explorer.evolution.loadError')} error={timeline.error} />;
  } else if (!shown || !chartOptions) {
    chartBody = (
      <Flex style={centered}>
        <Spin size="large" aria-label={t('app.loading')} />
      </Flex>
    );
  } else if (shown.variables.every(({ data }) => data.length === 0)) {
    chartBody = <Empty style={centered} description={t('explorer.evolution.noData')} />;
  } else {
    chartBody = <EvolutionChart options={chartOptions} />;
  }

  const title = query.queryName
    ? `${t('explorer.evolution.title')} · ${query.queryName}`
    : t('explorer.evolution.title');
  return (
    <Flex vertical gap={12}>
      <PageHeading backTo={stepPath(evolutionBack(params, query))} title={title} level={3} />
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <RangeDraftFilter rangeDraft={rangeDraft} />
          <Flex gap={8} align="center">
            <ResetZoomButton onReset={(origin) => update({ range: origin })} />
            <SampledWarning variables={sampled} />
            <EvolutionOptionsMenu
              options={query.options}
              variableCount={query.variableIds.length}
              onToggle={(flag) => update({ options: { ...query.options, [flag]: !query.options[flag] } })}
              onFixedRange={() => setFixedRangeOpen(true)}
              onCorrelation={correlation ? () => navigate(stepPath(correlation)) : undefined}
            />
            <ExplorerSettingsMenu
              onCopyUrl={copyUrl}
              onSaveQuery={saveQuery}
              onDownloadCsv={downloadCsv}
              onDownloadRawCsv={downloadEveryPoint}
              downloadDisabled={timeline.currentData === undefined}
            />
          </Flex>
        </Flex>
        <div
          ref={chartAreaRef}
          data-testid="evolution-chart"
          aria-busy={timeline.isFetching}
          style={{ position: 'relative', height: 'max(360px, calc(100vh - 260px))' }}
        >
          {chartBody}
          {timeline.isFetching && shown && (
            // Keeps the previous chart visible under the spinner while the new range loads.
            <Flex style={{ ...centered, position: 'absolute', inset: 0 }}>
              <Spin aria-label={t('app.loading')} />
            </Flex>
          )}
        </div>
      </Card>
      {fixedRangeOpen && (
        <FixedRangeModal
          value={query.options.fixedRange}
          onApply={(fixedRange) => update({ options: { ...query.options, fixedRange } })}
          onClose={() => setFixedRangeOpen(false)}
        />
      )}
    </Flex>
  );
}
