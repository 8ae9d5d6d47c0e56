import Highcharts from 'highcharts/esm/highcharts.js';
import 'highcharts/esm/modules/boost.js';
import { HighchartsReact } from 'highcharts-react-official';

// Highcharts 13 ships ES modules under highcharts/esm; boost, imported after the core, registers on it and
// draws the large scatters with WebGL.
export function ScatterChart({ options }: { options: Highcharts.Options }) {
  return (
    <HighchartsReact
      highcharts={Highcharts}
      options={options}
      containerProps={{ style: { height: '100%' } }}
    />
  );
}
