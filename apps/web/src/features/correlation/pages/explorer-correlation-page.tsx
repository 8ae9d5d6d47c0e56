import { Flex } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { usePageTrail } from '../../../lib/page-trail';
import { defaultEvolutionRange } from '../../explorer/date-ranges';
import { ChartGrid } from '../components/chart-grid';
import { ChartToolbar } from '../components/chart-toolbar';
import { ColorMeterBar } from '../components/color-meter-bar';
import { FixedRangesModal } from '../components/fixed-ranges-modal';
import { OptionsMenu } from '../components/options-menu';
import {
  completePairs,
  parseCorrelationQuery,
  serializeCorrelationQuery,
  viewVariableIds,
  type CorrelationQuery,
} from '../correlation-query';
import { swapPairs } from '../correlation-rules';
import { useCorrelationCharts } from '../hooks/use-correlation-charts';
import { evolutionPath, queryListBack } from '../url-params';

// /explorer-correlation (spec part 2 §2): one scatter per pair, coloured by Z, with the view's whole state
// in the address; every option rewrites it as a new history entry, so Back undoes it.
export function ExplorerCorrelationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const query = useMemo(() => parseCorrelationQuery(params), [params]);
  const { z, options } = query;
  const pairs = useMemo(() => completePairs(query.rows), [query.rows]);
  // Without dates in the address (a query saved without them): the explorer's default range, fixed once.
  const [defaultRange] = useState(() => defaultEvolutionRange(dayjs()));
  const range = query.range ?? defaultRange;
  const view = useCorrelationCharts({ pairs, range, z, ...options });
  const [editingRanges, setEditingRanges] = useState(false);
  usePageTrail(
    query.origin === 'QueryList' || query.filter
      ? ['Workspace', 'QueryList', 'ExplorerCorrelation']
      : undefined,
  );

  if (pairs.length === 0) {
    return <Navigate replace to={{ pathname: ROUTES.ExplorerCorrelationVariables, search }} />;
  }

  const update = (change: Partial<CorrelationQuery>) =>
    navigate({ search: serializeCorrelationQuery(params, { ...query, range, ...change }) });
  const back =
    query.origin === 'QueryList'
      ? queryListBack(query.filter)
      : `${ROUTES.ExplorerCorrelationVariables}?${serializeCorrelationQuery(params, {
          ...query,
          origin: null,
          queryName: null,
          filter: null,
        })}`;

  return (
    <Flex vertical gap={12}>
      <ChartToolbar
        title={t('correlation.chart.title')}
        back={back}
        queryName={query.queryName}
        range={range}
        onRangeChange={(next) => update({ range: next })}
        view={view}
        options={
          <OptionsMenu
            grid={options.grid}
            onToggleGrid={() => update({ options: { ...options, grid: !options.grid } })}
            onSwapAxes={() => update({ rows: swapPairs(query.rows) })}
            onFixedRanges={() => setEditingRanges(true)}
            meter={
              z.type === 'intensity'
                ? {
                    scale: options.meter,
                    onToggle: () =>
                      update({
                        options: {
                          ...options,
                          meter: options.meter === 'sequential' ? 'divergent' : 'sequential',
                        },
                      }),
                  }
                : undefined
            }
            onEvolution={() => navigate(evolutionPath(viewVariableIds(pairs, z), range))}
          />
        }
      />
      <ChartGrid panels={view.panels} />
      {view.meter && (
        <ColorMeterBar label={view.meter.zLabel} scale={options.meter} labels={view.meter.labels} />
      )}
      {editingRanges && (
        <FixedRangesModal
          open
          axes={z.type ? ['x', 'y', 'z'] : ['x', 'y']}
          ranges={{ x: options.rangeX, y: options.rangeY, z: options.rangeZ }}
          onSave={(ranges) => {
            setEditingRanges(false);
            update({ options: { ...options, rangeX: ranges.x, rangeY: ranges.y, rangeZ: ranges.z } });
          }}
          onReset={() => {
            setEditingRanges(false);
            update({ options: { ...options, rangeX: null, rangeY: null, rangeZ: null } });
          }}
          onClose={() => setEditingRanges(false)}
        />
      )}
    </Flex>
  );
}
