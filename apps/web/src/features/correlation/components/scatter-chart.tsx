import Highcharts from 'highcharts/esm/highcharts.js';
import { HighchartsReact } from 'highcharts-react-official';

// Highcharts 13 ships ES modules under highcharts/esm. Large scatters are painted on a canvas of their own
// (canvas-scatter.ts), so this chart needs no boost module.
export function ScatterChart({ options }: { options: Highcharts.Options }) {
  return (
    <HighchartsReact
      highcharts={Highcharts}
      options={options}
      containerProps={{ style: { height: '100%' } }}
    />
  );
}
