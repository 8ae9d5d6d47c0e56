import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import { ChartGrid } from '../components/chart-grid';
import { ChartToolbar } from '../components/chart-toolbar';
import { OptionsMenu } from '../components/options-menu';
import { PairSelect } from '../components/pair-select';
import { DEFAULT_CORRELATION_OPTIONS, viewVariableIds } from '../correlation-query';
import { useCorrelationChartPage } from '../hooks/use-correlation-chart-page';
import { useCorrelationCharts } from '../hooks/use-correlation-charts';
import { useFixedRangesEditor } from '../hooks/use-fixed-ranges-editor';
import { useOfferedPairs } from '../hooks/use-offered-pairs';
import {
  parseMultipleCorrelationQuery,
  serializeMultipleCorrelationQuery,
} from '../multiple-correlation-query';
import { MAX_PLOTTED_POINTS, tooManyPoints } from '../pair-selection';
import { evolutionPath } from '../url-params';

const NO_Z = { type: null, variableId: null };

// /explorer-multiple-correlation (spec part 2 §2): one scatter per chosen pair, the pair selector over the
// tag filters' options, and the options of the simple correlation but Z. The whole view is in the address.
export function ExplorerMultipleCorrelationPage() {
  const { t, i18n } = useTranslation();
  const formatNumber = (value: number) => value.toLocaleString(LANGUAGE_TAGS[toLanguage(i18n.language)]);
  const { query, range, update, navigate, incomplete, toolbar } = useCorrelationChartPage({
    parse: parseMultipleCorrelationQuery,
    serialize: serializeMultipleCorrelationQuery,
    chart: 'ExplorerMultipleCorrelation',
    selection: 'ExplorerMultipleCorrelationVariables',
  });
  const { pairs, options } = query;
  const offered = useOfferedPairs(query, (kept) => update({ pairs: kept }));
  const view = useCorrelationCharts({
    pairs,
    range,
    z: NO_Z,
    grid: options.grid,
    meter: DEFAULT_CORRELATION_OPTIONS.meter,
    rangeX: options.rangeX,
    rangeY: options.rangeY,
    rangeZ: null,
  });
  const fixedRanges = useFixedRangesEditor(
    ['x', 'y'],
    { x: options.rangeX, y: options.rangeY, z: null },
    (ranges) => update({ options: { ...options, rangeX: ranges.x, rangeY: ranges.y } }),
  );

  if (pairs.length === 0) {
    return <Navigate replace to={incomplete} />;
  }

  return (
    <Flex vertical gap={12}>
      <ChartToolbar
        title={t('correlation.multiple.chartTitle')}
        {...toolbar}
        view={view}
        options={
          <>
            <div style={{ width: 360 }}>
              <PairSelect
                aria-label={t('correlation.multiple.pairs')}
                options={offered.options}
                loading={offered.isFetching}
                value={pairs}
                // At least one pair stays: the page shows the charts of the chosen ones.
                onChange={(next) => next.length > 0 && update({ pairs: next })}
              />
            </div>
            <OptionsMenu
              grid={options.grid}
              onToggleGrid={() => update({ options: { ...options, grid: !options.grid } })}
              // The X tags become the Y tags: the swapped pairs are the options of the swapped filters.
              onSwapAxes={() =>
                update({
                  tagsX: query.tagsY,
                  tagsY: query.tagsX,
                  pairs: pairs.map(({ x, y }) => ({ x: y, y: x })),
                })
              }
              onFixedRanges={fixedRanges.edit}
              onEvolution={() => navigate(evolutionPath(viewVariableIds(pairs, NO_Z), range))}
            />
          </>
        }
      />
      {/* The points are counted over every pair before any is drawn: no chart drawn in vain. */}
      {view.panels.some(({ state }) => state === 'loading') ? (
        <ChartGrid panels={view.panels.map(({ key, title }) => ({ key, title, state: 'loading' }))} />
      ) : tooManyPoints(view.pointCounts) ? (
        <Alert
          type="warning"
          showIcon
          title={t('correlation.multiple.tooManyPoints')}
          description={t('correlation.multiple.tooManyPointsDetail', {
            points: formatNumber(view.pointCounts.reduce((sum, count) => sum + count, 0)),
            max: formatNumber(MAX_PLOTTED_POINTS),
          })}
        />
      ) : (
        <ChartGrid panels={view.panels} />
      )}
      {fixedRanges.modal}
    </Flex>
  );
}
