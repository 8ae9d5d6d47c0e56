import type { TimelineDataDto } from '@plantlens/contracts';
import type {
  Axis,
  Point,
  SelectEventObject,
  SeriesLineOptions,
  SeriesScatterOptions,
  YAxisOptions,
} from 'highcharts';
import { SET1 } from '../../lib/palette';
import {
  CANVAS_LINES_THRESHOLD_POINTS,
  EVOLUTION_TICKS,
  buildEvolutionChartOptions,
  evolutionTickInterval,
  usesCanvasLines,
  type EvolutionChartSettings,
} from './evolution-chart-options';
import { DEFAULT_EVOLUTION_OPTIONS, type EvolutionOptions } from './explorer-query';

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

const settings: EvolutionChartSettings = { locale: 'es-ES', timezone: 'Europe/Madrid' };
const build = (patch: Partial<EvolutionOptions> = {}, data: TimelineDataDto = timeline) =>
  buildEvolutionChartOptions(data, { ...DEFAULT_EVOLUTION_OPTIONS, ...patch }, settings);
const options = build();
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

  // The point a Highcharts tooltip formats: its value, colour and series name.
  const tooltipOf = (line: SeriesLineOptions, y: number, locale = 'es-ES') => {
    const built = buildEvolutionChartOptions(timeline, DEFAULT_EVOLUTION_OPTIONS, { ...settings, locale });
    const own = (built.series as SeriesLineOptions[]).find(({ id }) => id === line.id);
    const point = { y, color: line.color, series: { name: line.name } } as unknown as Point;
    return own?.tooltip?.pointFormatter?.call(point);
  };

  it('shows each value in the tooltip with 4 significant digits, its unit and the decimal comma', () => {
    expect(tooltipOf(series[0], 244.87335380240734)).toBe(
      `<span style="color:${SET1[0]}">●</span> Temperatura salida: <b>244,9 °C</b><br/>`,
    );
    expect(tooltipOf(series[1], 4.213789, 'en-GB')).toContain('<b>4.214 bar</b>');
    expect(tooltipOf(series[3], 1)).toContain('<b>1</b>');
  });

  it('labels each y axis with the decimals of its tick step, in the user language', () => {
    const labels = yAxis[0].labels?.formatter as unknown as (this: unknown) => string;
    const tick = (value: number) => ({ value, axis: { tickPositions: [0, 0.25, 0.5] } });
    expect(labels.call(tick(0.5))).toBe('0,50');
  });

  it('colours an axis like its series when it holds one variable, and leaves shared axes neutral', () => {
    expect(yAxis.map(({ title, labels }) => [title?.style?.color, labels?.style?.color])).toEqual([
      [undefined, undefined],
      [SET1[1], SET1[1]],
      [SET1[3], SET1[3]],
    ]);
  });

  it('spans the x axis over the requested range, as dates', () => {
    expect(options.xAxis).toMatchObject({ type: 'datetime', min: timeline.startDate, max: timeline.endDate });
  });

  it("formats dates in the user's language and time zone", () => {
    expect(options.lang?.locale).toBe('es-ES');
    expect(options.time?.timezone).toBe('Europe/Madrid');
  });

  it('draws nothing for an empty timeline', () => {
    const empty = build({}, { startDate: 0, endDate: 1000, variables: [] });
    expect(empty.series).toEqual([]);
    expect(empty.yAxis).toEqual([]);
  });

  it('leaves the grid out by default and draws it on both axes with the grid option', () => {
    expect(options.xAxis).toMatchObject({ gridLineWidth: 0 });
    expect(yAxis.every(({ gridLineWidth }) => gridLineWidth === 0)).toBe(true);
    const grid = build({ grid: true });
    expect(grid.xAxis).toMatchObject({ gridLineWidth: 1 });
    expect((grid.yAxis as YAxisOptions[]).every(({ gridLineWidth }) => gridLineWidth === 1)).toBe(true);
  });

  it('draws points as a scatter with the show-points option', () => {
    const points = build({ showPoints: true }).series as SeriesScatterOptions[];
    expect(points.map(({ type }) => type)).toEqual(['scatter', 'scatter', 'scatter', 'scatter']);
    expect(points[0].marker).toMatchObject({ enabled: true });
    expect(points[0].data).toEqual(series[0].data);
  });

  it('fixes every y axis to exactly the fixed range', () => {
    const fixed = build({ fixedRange: { min: -10, max: 250 } }).yAxis as YAxisOptions[];
    expect(fixed).toHaveLength(3);
    for (const axis of fixed) {
      expect(axis).toMatchObject({ min: -10, max: 250, startOnTick: false, endOnTick: false });
    }
    expect(yAxis[0].min).toBeUndefined();
  });

  describe('with exactly two variables', () => {
    const pair: TimelineDataDto = { ...timeline, variables: timeline.variables.slice(0, 2) };

    it('puts both on one axis by default, titled with both units', () => {
      const single = build({}, pair);
      expect((single.yAxis as YAxisOptions[]).map(({ title }) => title?.text)).toEqual(['°C · bar']);
      expect((single.series as SeriesLineOptions[]).map((line) => line.yAxis)).toEqual([0, 0]);
    });

    it('gives each its own axis, left and right, without single axis', () => {
      const double = build({ singleAxis: false }, pair);
      expect((double.yAxis as YAxisOptions[]).map(({ title, opposite }) => [title?.text, opposite])).toEqual([
        ['°C', false],
        ['bar', true],
      ]);
      expect((double.series as SeriesLineOptions[]).map((line) => line.yAxis)).toEqual([0, 1]);
      expect((double.yAxis as YAxisOptions[]).map(({ labels }) => labels?.style?.color)).toEqual([
        SET1[0],
        SET1[1],
      ]);
    });
  });

  it('ignores the single-axis option for other counts of variables', () => {
    // Compared as JSON: each build has its own label formatter functions.
    expect(JSON.stringify(build({ singleAxis: false }).yAxis)).toBe(JSON.stringify(options.yAxis));
  });

  it(`spaces the x ticks so that the range holds at most ${EVOLUTION_TICKS}`, () => {
    expect(options.xAxis).toMatchObject({ tickInterval: 30 * 60_000 });
  });

  describe('zooming', () => {
    const zoomed: [number, number][] = [];
    const zoomable = buildEvolutionChartOptions(timeline, DEFAULT_EVOLUTION_OPTIONS, {
      ...settings,
      onZoom: (min, max) => zoomed.push([min, max]),
    });
    const select = zoomable.chart?.events?.selection as unknown as (event: SelectEventObject) => boolean;

    it('zooms along x only', () => {
      expect(zoomable.chart?.zooming?.type).toBe('x');
    });

    it("moves the axis at once, reports the selection and keeps Highcharts' own zoom out", () => {
      const extremes: [number, number][] = [];
      const axis = {
        setExtremes: (min: number, max: number) => extremes.push([min, max]),
      } as unknown as Axis;
      const event = { xAxis: [{ axis, min: 1000, max: 5000 }], yAxis: [] } as unknown as SelectEventObject;
      expect(select(event)).toBe(false);
      expect(extremes).toEqual([[1000, 5000]]);
      expect(zoomed).toEqual([[1000, 5000]]);
    });

    it('is not offered without a zoom handler', () => {
      expect(options.chart?.events).toBeUndefined();
    });
  });
});

describe('lines on a canvas', () => {
  // Two variables sharing CANVAS_LINES_THRESHOLD_POINTS points, give or take `extra`.
  const large = (extra: number): TimelineDataDto => {
    const half = CANVAS_LINES_THRESHOLD_POINTS / 2;
    const points = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ timestamp: 1_700_000_000 + i, value: i % 7 }));
    return {
      ...timeline,
      variables: [
        { ...timeline.variables[0], data: points(half) },
        { ...timeline.variables[1], data: points(half + extra) },
      ],
    };
  };

  it(`traces the lines on a canvas from ${CANVAS_LINES_THRESHOLD_POINTS} points over all variables`, () => {
    expect(usesCanvasLines(large(0), DEFAULT_EVOLUTION_OPTIONS)).toBe(true);
    expect(usesCanvasLines(large(-1), DEFAULT_EVOLUTION_OPTIONS)).toBe(false);
    expect(usesCanvasLines(timeline, DEFAULT_EVOLUTION_OPTIONS)).toBe(false);
  });

  it('keeps points (scatter) in SVG whatever their number', () => {
    expect(usesCanvasLines(large(0), { ...DEFAULT_EVOLUTION_OPTIONS, showPoints: true })).toBe(false);
    const scatter = build({ showPoints: true }, large(0)).series as SeriesScatterOptions[];
    expect(scatter.every(({ custom }) => custom === undefined)).toBe(true);
  });

  it('marks every line of a large answer for the canvas, with every point still given to Highcharts', () => {
    const built = build({}, large(0));
    const lines = built.series as SeriesLineOptions[];
    expect(lines.map(({ custom, step, boostThreshold }) => [custom, step, boostThreshold])).toEqual([
      [{ canvasLine: true }, 'left', 0],
      [{ canvasLine: true }, 'left', 0],
    ]);
    expect(lines.map(({ data }) => data?.length)).toEqual([
      CANVAS_LINES_THRESHOLD_POINTS / 2,
      CANVAS_LINES_THRESHOLD_POINTS / 2,
    ]);
    // The canvas lies under the SVG, so the chart's background lets it show; the tooltips stay.
    expect(built.chart?.backgroundColor).toBe('transparent');
    expect(lines.every(({ tooltip }) => typeof tooltip?.pointFormatter === 'function')).toBe(true);
    expect(typeof built.chart?.events?.render).toBe('function');
  });

  it('keeps small charts in SVG on a white background', () => {
    expect(series.every(({ custom }) => custom?.canvasLine === false)).toBe(true);
    expect(options.chart?.backgroundColor).toBe('#ffffff');
  });

  it('repaints the canvas on every render of a zoomable chart, so lines going back to SVG remove it', () => {
    const zoomable = buildEvolutionChartOptions(timeline, DEFAULT_EVOLUTION_OPTIONS, {
      ...settings,
      onZoom: () => undefined,
    });
    expect(typeof zoomable.chart?.events?.render).toBe('function');
    expect(typeof zoomable.chart?.events?.selection).toBe('function');
  });
});

describe('evolutionTickInterval', () => {
  it.each([
    [60 * 60_000, 2 * 60_000],
    [24 * 3_600_000, 30 * 60_000],
    [7 * 86_400_000, 6 * 3_600_000],
    [365 * 86_400_000, 14 * 86_400_000],
    [30_000, 1000],
  ])('over %i ms ticks every %i ms', (range, interval) => {
    expect(evolutionTickInterval(range)).toBe(interval);
    expect(range / interval).toBeLessThanOrEqual(EVOLUTION_TICKS);
  });

  it('goes on in whole years past the longest step', () => {
    expect(evolutionTickInterval(100 * 365 * 86_400_000)).toBe(2 * 365 * 86_400_000);
  });
});
