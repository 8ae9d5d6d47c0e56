import Highcharts from 'highcharts/esm/highcharts.js';
import { HighchartsReact } from 'highcharts-react-official';

interface ValveChartProps {
  options: Highcharts.Options;
  testId: string;
  label: string;
}

// Highcharts 13 ships ES modules under highcharts/esm. The region names the chart for assistive
// technology and the end-to-end tests.
export function ValveChart({ options, testId, label }: ValveChartProps) {
  return (
    <section aria-label={label} data-testid={testId} style={{ height: 380 }}>
      <HighchartsReact
        highcharts={Highcharts}
        options={options}
        containerProps={{ style: { height: '100%' } }}
      />
    </section>
  );
}
