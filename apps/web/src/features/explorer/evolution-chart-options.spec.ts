import type { TimelineDataDto } from '@plantlens/contracts';
import type { SeriesLineOptions, YAxisOptions } from 'highcharts';
import { SET1 } from '../../lib/palette';
import { buildEvolutionChartOptions } from './evolution-chart-options';

// One day at 2000 px: 10 s rollups, columns of 50 s.
const grid = { resolutionS: 10, gridStartMs: 1_700_000_000_000, bucketMs: 50_000 };

const timeline: TimelineDataDto = {
  startDate: 1_700_000_000_000,
  endDate: 1_700_086_400_000,
  variables: [
    {
      metadata: { id: 7, label: 'Temperatura salida', unit: '°C' },
      data: [
        { timestamp: 1_700_000_000, value: 21.5 },
        { timestamp: 1_700_000_060, value: 22 },
      ],
      sampled: false,
      ...grid,
    },
    {
      metadata: { id: 3, label: 'Presión caldera', unit: 'bar' },
      data: [{ timestamp: 1_700_000_030, value: 4.2 }],
      sampled: true,
      ...grid,
    },
    {
      metadata: { id: 9, label: 'Temperatura entrada', unit: '°C' },
      data: [],
      sampled: false,
      ...grid,
    },
    {
      metadata: { id: 11, label: 'Marcha bomba', unit: null },
      data: [{ timestamp: 1_700_000_000, value: 1 }],
      sampled: false,
      ...grid,
    },
  ],
};

const options = buildEvolutionChartOptions(timeline, { locale: 'es-ES', timezone: 'Europe/Madrid' });
const series = options.series as SeriesLineOptions[];
const yAxis = options.yAxis as YAxisOptions[];

describe('buildEvolutionChartOptions', () => {
  it('draws one line per variable, named after it', () => {
    expect(series.map(({ type, id, name }) => [type, id, name])).toEqual([
      ['line', '7', 'Temperatura salida'],
      ['line', '3', 'Presión caldera'],
      ['line', '9', 'Temperatura entrada'],
      ['line', '11', 'Marcha bomba'],
    ]);
  });

  it('turns epoch-second timestamps into millisecond x values', () => {
    expect(series[0].data).toEqual([
      [1_700_000_000_000, 21.5],
      [1_700_000_060_000, 22],
    ]);
    expect(series[2].data).toEqual([]);
  });

  it('draws step-after lines', () => {
    expect(series.every(({ step }) => step === 'left')).toBe(true);
  });

  it('colours the series with the Set1 palette in order', () => {
    expect(series.map(({ color }) => color)).toEqual(SET1.slice(0, 4));
  });

  it('gives each distinct unit one titled y axis, alternating sides, shared by its variables', () => {
    expect(yAxis.map(({ title, opposite }) => [title?.text, opposite])).toEqual([
      ['°C', false],
      ['bar', true],
      [undefined, false],
    ]);
    expect(series.map((line) => line.yAxis)).toEqual([0, 1, 0, 2]);
  });

  it('shows the unit after each value in the tooltip', () => {
    expect(series.map(({ tooltip }) => tooltip?.valueSuffix)).toEqual([' °C', ' bar', ' °C', '']);
  });

  it('spans the x axis over the requested range, as dates', () => {
    expect(options.xAxis).toEqual({ type: 'datetime', min: timeline.startDate, max: timeline.endDate });
  });

  it("formats dates in the user's language and time zone", () => {
    expect(options.lang?.locale).toBe('es-ES');
    expect(options.time?.timezone).toBe('Europe/Madrid');
  });

  it('draws nothing for an empty timeline', () => {
    const empty = buildEvolutionChartOptions(
      { startDate: 0, endDate: 1000, variables: [] },
      { locale: 'en-GB', timezone: 'UTC' },
    );
    expect(empty.series).toEqual([]);
    expect(empty.yAxis).toEqual([]);
  });
});
