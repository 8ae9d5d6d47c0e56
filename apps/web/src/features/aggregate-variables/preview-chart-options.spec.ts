import type { SeriesLineOptions, YAxisOptions } from 'highcharts';
import { previewChartOptions } from './preview-chart-options';

describe('previewChartOptions', () => {
  it('draws the aggregate on its own axis and the inputs, in epoch ms, over the preview window', () => {
    const options = previewChartOptions({
      label: 'Net flow',
      preview: { fromMs: 1000, toMs: 90_000, points: [[2000, 1.5]], count: 1 },
      inputs: [
        {
          metadata: { id: 1, label: 'Feed', unit: null },
          data: [{ timestamp: 2, value: 4 }],
          sampled: false,
        },
        {
          metadata: { id: 2, label: 'Return', unit: null },
          data: [{ timestamp: 2, value: 2.5 }],
          sampled: false,
        },
      ],
      locale: 'en-GB',
    });
    const series = options.series as SeriesLineOptions[];
    expect(series.map(({ name, yAxis, data }) => [name, yAxis, data])).toEqual([
      ['Net flow', 1, [[2000, 1.5]]],
      ['Feed', 0, [[2000, 4]]],
      ['Return', 0, [[2000, 2.5]]],
    ]);
    expect(new Set(series.map(({ color }) => color)).size).toBe(3);
    expect((options.yAxis as YAxisOptions[])[1].opposite).toBe(true);
    expect(options.xAxis).toMatchObject({ min: 1000, max: 90_000 });
  });
});
