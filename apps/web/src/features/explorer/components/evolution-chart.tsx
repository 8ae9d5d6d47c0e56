import Highcharts from 'highcharts/esm/highcharts.js';
import 'highcharts/esm/modules/boost.js';
import { HighchartsReact } from 'highcharts-react-official';
import { registerCanvasLines } from '../../../components/canvas-lines';

// Large answers trace their lines on a canvas (evolution-chart-options.ts: CANVAS_LINES_THRESHOLD_POINTS).
registerCanvasLines(Highcharts);

interface EvolutionChartProps {
  options: Highcharts.Options;
}

// Highcharts 13 ships ES modules under highcharts/esm; modules imported after the core register on it.
export function EvolutionChart({ options }: EvolutionChartProps) {
  return (
    <HighchartsReact
      highcharts={Highcharts}
      options={options}
      containerProps={{ style: { height: '100%' } }}
    />
  );
}
