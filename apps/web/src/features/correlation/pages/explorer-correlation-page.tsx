import { Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ChartGrid } from '../components/chart-grid';
import { ChartToolbar } from '../components/chart-toolbar';
import { ColorMeterBar } from '../components/color-meter-bar';
import { OptionsMenu } from '../components/options-menu';
import {
  completePairs,
  parseCorrelationQuery,
  serializeCorrelationQuery,
  viewVariableIds,
} from '../correlation-query';
import { swapPairs } from '../correlation-rules';
import { useCorrelationChartPage } from '../hooks/use-correlation-chart-page';
import { useCorrelationCharts } from '../hooks/use-correlation-charts';
import { useFixedRangesEditor } from '../hooks/use-fixed-ranges-editor';
import { evolutionPath } from '../url-params';

// /explorer-correlation (spec part 2 §2): one scatter per pair, coloured by Z, with the view's whole state
// in the address; every option rewrites it as a new history entry, so Back undoes it.
export function ExplorerCorrelationPage() {
  const { t } = useTranslation();
  const { query, range, update, navigate, incomplete, toolbar } = useCorrelationChartPage({
    parse: parseCorrelationQuery,
    serialize: serializeCorrelationQuery,
    chart: 'ExplorerCorrelation',
    selection: 'ExplorerCorrelationVariables',
  });
  const { z, options } = query;
  const pairs = useMemo(() => completePairs(query.rows), [query.rows]);
  const view = useCorrelationCharts({ pairs, range, z, ...options });
  const fixedRanges = useFixedRangesEditor(
    z.type ? ['x', 'y', 'z'] : ['x', 'y'],
    { x: options.rangeX, y: options.rangeY, z: options.rangeZ },
    (ranges) => update({ options: { ...options, rangeX: ranges.x, rangeY: ranges.y, rangeZ: ranges.z } }),
  );

  if (pairs.length === 0) {
    return <Navigate replace to={incomplete} />;
  }

  return (
    <Flex vertical gap={12}>
      <ChartToolbar
        title={t('correlation.chart.title')}
        {...toolbar}
        view={view}
        options={
          <OptionsMenu
            grid={options.grid}
            onToggleGrid={() => update({ options: { ...options, grid: !options.grid } })}
            onSwapAxes={() => update({ rows: swapPairs(query.rows) })}
            onFixedRanges={fixedRanges.edit}
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
      {fixedRanges.modal}
    </Flex>
  );
}
