import Highcharts from 'highcharts/esm/highcharts.js';
import { HighchartsReact } from 'highcharts-react-official';
import { useMemo } from 'react';

export interface ChartLine {
  name: string;
  data: [number, number | null][];
}

interface PerformanceChartProps {
  title: string;
  lines: ChartLine[];
}

// A small time chart of the last hour; a null figure leaves a gap. The region is named by its title.
export function PerformanceChart({ title, lines }: PerformanceChartProps) {
  const options = useMemo<Highcharts.Options>(
    () => ({
      chart: { height: 200, animation: false },
      title: { text: title, style: { fontSize: '13px' } },
      credits: { enabled: false },
      // The accessibility module is not loaded; this keeps Highcharts from warning about it.
      accessibility: { enabled: false },
      // The operator's clock, as the dry run's chart.
      time: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      xAxis: { type: 'datetime' },
      yAxis: { title: { text: undefined }, min: 0 },
      legend: { enabled: lines.length > 1, itemStyle: { fontSize: '11px' } },
      plotOptions: { series: { animation: false, marker: { enabled: false } } },
      series: lines.map(({ name, data }) => ({ type: 'line', name, data })),
    }),
    [title, lines],
  );
  return (
    <section aria-label={title} style={{ flex: '1 1 320px', minWidth: 280 }}>
      <HighchartsReact highcharts={Highcharts} options={options} />
    </section>
  );
}
