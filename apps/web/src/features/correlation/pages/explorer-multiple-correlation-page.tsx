import { Alert, Flex } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import { ROUTES } from '../../../config/routes';
import { usePageTrail } from '../../../lib/page-trail';
import { defaultEvolutionRange } from '../../explorer/date-ranges';
import { ChartGrid } from '../components/chart-grid';
import { ChartToolbar } from '../components/chart-toolbar';
import { FixedRangesModal } from '../components/fixed-ranges-modal';
import { OptionsMenu } from '../components/options-menu';
import { PairSelect } from '../components/pair-select';
import { DEFAULT_CORRELATION_OPTIONS, viewVariableIds } from '../correlation-query';
import { useCorrelationCharts } from '../hooks/use-correlation-charts';
import { useOfferedPairs } from '../hooks/use-offered-pairs';
import {
  parseMultipleCorrelationQuery,
  serializeMultipleCorrelationQuery,
  type MultipleCorrelationQuery,
} from '../multiple-correlation-query';
import { MAX_PLOTTED_POINTS, tooManyPoints } from '../pair-selection';
import { evolutionPath, queryListBack } from '../url-params';

const NO_Z = { type: null, variableId: null };

// /explorer-multiple-correlation (spec part 2 §2): one scatter per chosen pair, the pair selector over the
// tag filters' options, and the options of the simple correlation but Z. The whole view is in the address.
export function ExplorerMultipleCorrelationPage() {
  const { t, i18n } = useTranslation();
  const formatNumber = (value: number) => value.toLocaleString(LANGUAGE_TAGS[toLanguage(i18n.language)]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const query = useMemo(() => parseMultipleCorrelationQuery(params), [params]);
  const { pairs, options } = query;
  // Without dates in the address (a query saved without them): the explorer's default range, fixed once.
  const [defaultRange] = useState(() => defaultEvolutionRange(dayjs()));
  const range = query.range ?? defaultRange;
  const update = (change: Partial<MultipleCorrelationQuery>) =>
    navigate({ search: serializeMultipleCorrelationQuery(params, { ...query, range, ...change }) });
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
  const [editingRanges, setEditingRanges] = useState(false);
  usePageTrail(
    query.origin === 'QueryList' || query.filter
      ? ['Workspace', 'QueryList', 'ExplorerMultipleCorrelation']
      : undefined,
  );

  if (pairs.length === 0) {
    return <Navigate replace to={{ pathname: ROUTES.ExplorerMultipleCorrelationVariables, search }} />;
  }

  const back =
    query.origin === 'QueryList'
      ? queryListBack(query.filter)
      : `${ROUTES.ExplorerMultipleCorrelationVariables}?${serializeMultipleCorrelationQuery(params, {
          ...query,
          origin: null,
          queryName: null,
          filter: null,
        })}`;

  return (
    <Flex vertical gap={12}>
      <ChartToolbar
        title={t('correlation.multiple.chartTitle')}
        back={back}
        queryName={query.queryName}
        range={range}
        onRangeChange={(next) => update({ range: next })}
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
              onFixedRanges={() => setEditingRanges(true)}
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
      {editingRanges && (
        <FixedRangesModal
          open
          axes={['x', 'y']}
          ranges={{ x: options.rangeX, y: options.rangeY, z: null }}
          onSave={(ranges) => {
            setEditingRanges(false);
            update({ options: { ...options, rangeX: ranges.x, rangeY: ranges.y } });
          }}
          onReset={() => {
            setEditingRanges(false);
            update({ options: { ...options, rangeX: null, rangeY: null } });
          }}
          onClose={() => setEditingRanges(false)}
        />
      )}
    </Flex>
  );
}
