import type { SeriesScatterOptions } from 'highcharts';
import { METER_COLORS } from './color-meter';
import {
  CANVAS_THRESHOLD_POINTS,
  buildCorrelationChartOptions,
  type Colouring,
} from './correlation-chart-options';
import type { PairPoints } from './correlation-points';

const POINTS: PairPoints = {
  x: { id: 1, label: 'Feed flow', unit: 'm3/h' },
  y: { id: 2, label: 'Drum <temperature> {x}', unit: null },
  z: { id: 3, label: 'Valve', unit: '%' },
  timestamps: [10, 20, 30, 40],
  xs: [1, 2, 3, 4],
  ys: [10, 20, 30, 40],
  zs: [0, 80, 44, 0],
  zCategories: null,
  sampled: false,
};
const CATEGORIES = [
  { value: 0, name: 'Closed', color: '#e53935' },
  { value: 44, name: 'Half', color: '#fb8c00' },
  { value: 80, name: 'Open', color: '#43a047' },
];
const SETTINGS = { grid: false, rangeX: null, rangeY: null, locale: 'es-ES' };

const build = (colouring: Colouring, settings = {}) =>
  buildCorrelationChartOptions(POINTS, { ...SETTINGS, ...settings, colouring });
const seriesOf = (colouring: Colouring) =>
  (build(colouring).series as SeriesScatterOptions[]).map(({ name, color, data }) => ({ name, color, data }));

describe('buildCorrelationChartOptions', () => {
  it('draws one series of the pair colour without Z, axes titled with units', () => {
    const options = build({ kind: 'plain', color: '#e41a1c' });
    expect(seriesOf({ kind: 'plain', color: '#e41a1c' })).toEqual([
      {
        name: 'Drum <temperature> {x}',
        color: '#e41a1c',
        data: [
          [1, 10],
          [2, 20],
          [3, 30],
          [4, 40],
        ],
      },
    ]);
    expect(options.xAxis).toMatchObject({ title: { text: 'Feed flow (m3/h)' }, gridLineWidth: 0 });
    expect(options.yAxis).toMatchObject({ title: { text: 'Drum <temperature> {x}' } });
    expect(options.legend).toMatchObject({ enabled: false });
  });

  it('puts each point on the meter level nearest its Z, one series per level', () => {
    const labels = ['0', '10', '20', '30', '40', '50', '60', '70', '80'];
    const series = seriesOf({ kind: 'intensity', extent: { min: 0, max: 80 }, scale: 'divergent', labels });
    expect(series.map(({ name }) => name)).toEqual(labels);
    expect(series[0]).toEqual({
      name: '0',
      color: METER_COLORS.divergent[0],
      data: [
        [1, 10],
        [4, 40],
      ],
    });
    expect(series[4].data).toEqual([[3, 30]]);
    expect(series[8]).toEqual({ name: '80', color: METER_COLORS.divergent[8], data: [[2, 20]] });
  });

  it('draws each category in its colour, named in a legend titled with Z', () => {
    const colouring: Colouring = { kind: 'category', categories: CATEGORIES };
    expect(seriesOf(colouring)).toEqual([
      {
        name: 'Closed',
        color: '#e53935',
        data: [
          [1, 10],
          [4, 40],
        ],
      },
      { name: 'Half', color: '#fb8c00', data: [[3, 30]] },
      { name: 'Open', color: '#43a047', data: [[2, 20]] },
    ]);
    expect(build(colouring).legend).toMatchObject({ enabled: true, title: { text: 'Valve' } });
  });

  it('fixes the axes to the given bounds and draws grid lines when asked', () => {
    const options = build(
      { kind: 'plain', color: '#000' },
      { grid: true, rangeX: { min: 0, max: null }, rangeY: { min: -5, max: 5 } },
    );
    expect(options.xAxis).toMatchObject({ min: 0, max: undefined, gridLineWidth: 1 });
    expect(options.yAxis).toMatchObject({ min: -5, max: 5, gridLineWidth: 1 });
  });

  it(`paints on a canvas from ${CANVAS_THRESHOLD_POINTS} points on, with SVG markers below`, () => {
    const many = (count: number): PairPoints => ({
      ...POINTS,
      z: null,
      timestamps: Array.from({ length: count }, (_, i) => i),
      xs: Array.from({ length: count }, (_, i) => i),
      ys: Array.from({ length: count }, (_, i) => 2 * i),
      zs: null,
    });
    const build = (count: number) =>
      buildCorrelationChartOptions(many(count), {
        ...SETTINGS,
        colouring: { kind: 'plain', color: '#e41a1c' },
      });
    const below = build(CANVAS_THRESHOLD_POINTS - 1);
    expect((below.series as SeriesScatterOptions[]).map(({ data }) => data?.length)).toEqual([
      CANVAS_THRESHOLD_POINTS - 1,
    ]);
    const painted = build(CANVAS_THRESHOLD_POINTS);
    // The named series is empty (the canvas shows its points); a hidden one spans the points for the axes.
    expect(
      (painted.series as SeriesScatterOptions[]).map(({ name, data, showInLegend }) => ({
        name,
        data,
        showInLegend,
      })),
    ).toEqual([
      { name: 'Drum <temperature> {x}', data: [], showInLegend: undefined },
      {
        name: 'extent',
        data: [
          [0, 0],
          [CANVAS_THRESHOLD_POINTS - 1, 2 * (CANVAS_THRESHOLD_POINTS - 1)],
        ],
        showInLegend: false,
      },
    ]);
    expect(painted.boost?.enabled).toBe(false);
  });

  it('escapes the labels in the tooltip and writes the values with their units, 4 significant digits', () => {
    const options = build({ kind: 'category', categories: CATEGORIES });
    const formatter = (options.tooltip?.pointFormatter ?? (() => '')) as (this: unknown) => string;
    const context = { x: 2.123456789, y: 244.87335380240734, series: { name: '<Open>' } };
    expect(formatter.call(context)).toBe(
      'Feed flow: 2,12 m3/h<br/>Drum &#60;temperature&#62; {x}: 244,9<br/>Valve: &#60;Open&#62;',
    );
  });
});
