import type { Options, SeriesScatterOptions } from 'highcharts';
import { escapeHtml } from '../../lib/escape-html';
import { formatMeasurement } from '../../lib/measurement-format';
import { SET1 } from '../../lib/palette';
import type { AxisRange } from './axis-range';
import { METER_COLORS, meterLevel, type MeterExtent } from './color-meter';
import type { MeterScale } from './correlation-query';
import type { PairPoints } from './correlation-points';
import { categoryIndexOf, type ChartCategory } from './category-colouring';
import { paintScatter, scatterExtent, type ScatterGroup } from './canvas-scatter';

// How the points of a chart are coloured: one colour, Z's intensity on the meter's 9 levels, or one colour
// per category of Z (category-colouring.ts).
export type Colouring =
  | { kind: 'plain'; color: string }
  | { kind: 'intensity'; extent: MeterExtent; scale: MeterScale; labels: string[] }
  | { kind: 'category'; categories: ChartCategory[] };

export interface CorrelationChartSettings {
  colouring: Colouring;
  grid: boolean;
  rangeX: AxisRange | null;
  rangeY: AxisRange | null;
  /** BCP 47 tag for Highcharts' number formatting */
  locale: string;
}

// A chart of this many points on is painted on a canvas over the plot area (canvas-scatter.ts), without
// tooltips; below it SVG markers look the same and keep their hover state.
export const CANVAS_THRESHOLD_POINTS = 2_000;

const MARKER_RADIUS = 2;

export function buildCorrelationChartOptions(
  points: PairPoints,
  { colouring, grid, rangeX, rangeY, locale }: CorrelationChartSettings,
): Options {
  const gridLineWidth = grid ? 1 : 0;
  const axisTitle = ({ label, unit }: PairPoints['x']) => (unit ? `${label} (${unit})` : label);
  const zLabel = points.z?.label;
  const groups = scatterGroups(points, colouring);
  const onCanvas = points.xs.length >= CANVAS_THRESHOLD_POINTS;
  return {
    chart: {
      type: 'scatter',
      zooming: { type: 'xy' },
      animation: false,
      events: {
        // Always, so that a chart updated below the threshold drops the canvas of its previous points.
        render() {
          paintScatter(this, onCanvas ? groups : [], MARKER_RADIUS);
        },
      },
    },
    title: { text: undefined },
    credits: { enabled: false },
    // The accessibility module is not loaded; this keeps Highcharts from warning about it.
    accessibility: { enabled: false },
    lang: { locale },
    // The evolution chart loads the boost module into the same Highcharts; it would take over scatters of
    // 5 000 points and draw them with WebGL.
    boost: { enabled: false },
    xAxis: {
      title: { text: axisTitle(points.x) },
      min: rangeX?.min ?? undefined,
      max: rangeX?.max ?? undefined,
      gridLineWidth,
    },
    yAxis: {
      title: { text: axisTitle(points.y) },
      min: rangeY?.min ?? undefined,
      max: rangeY?.max ?? undefined,
      gridLineWidth,
    },
    legend: { enabled: colouring.kind === 'category', title: { text: zLabel } },
    tooltip: {
      headerFormat: '',
      // Built from text, not a format string: a label may hold braces or markup.
      pointFormatter() {
        const z = zLabel && colouring.kind !== 'plain' ? [`${zLabel}: ${this.series.name}`] : [];
        const value = ({ label, unit }: PairPoints['x'], coordinate: number | undefined) =>
          `${label}: ${formatMeasurement(coordinate ?? 0, unit, locale)}`;
        return [value(points.x, this.x), value(points.y, this.y), ...z].map(escapeHtml).join('<br/>');
      },
    },
    plotOptions: {
      scatter: {
        animation: false,
        marker: { radius: MARKER_RADIUS, symbol: 'circle' },
        turboThreshold: 0,
      },
    },
    series: onCanvas ? canvasSeries(groups) : groups.map(svgSeries),
  };
}

// On the canvas, the series only name the groups in the legend (which hides and shows them); a hidden
// series holding the two corners of the points gives the axes the extremes and padding Highcharts would
// have given them from the points themselves.
function canvasSeries(groups: ScatterGroup[]): SeriesScatterOptions[] {
  const named = groups.map(({ name, color }): SeriesScatterOptions => ({
    type: 'scatter',
    name,
    color,
    data: [],
    enableMouseTracking: false,
  }));
  const extent: SeriesScatterOptions = {
    type: 'scatter',
    name: 'extent',
    data: scatterExtent(groups),
    marker: { enabled: false },
    showInLegend: false,
    enableMouseTracking: false,
  };
  return [...named, extent];
}

// Below the canvas threshold: Highcharts draws the points, given as [x, y] pairs.
function svgSeries({ name, color, xs, ys }: ScatterGroup): SeriesScatterOptions {
  return { type: 'scatter', name, color, data: xs.map((x, i) => [x, ys[i]]) };
}

// The canvas reads the groups by column: a plain chart paints the answer's own columns.
function scatterGroups(points: PairPoints, colouring: Colouring): ScatterGroup[] {
  const { xs, ys, zs } = points;
  if (colouring.kind === 'plain' || !zs) {
    const color = colouring.kind === 'plain' ? colouring.color : SET1[0];
    return [{ name: points.y.label, color, xs, ys }];
  }
  const groups =
    colouring.kind === 'intensity'
      ? colouring.labels.map((name, level) => ({ name, color: METER_COLORS[colouring.scale][level] }))
      : colouring.categories;
  const columns = groups.map(() => ({ xs: [] as number[], ys: [] as number[] }));
  const groupOf =
    colouring.kind === 'intensity'
      ? (z: number) => meterLevel(z, colouring.extent)
      : categoryIndexOf(colouring.categories);
  for (let i = 0; i < xs.length; i += 1) {
    const group = columns[groupOf(zs[i])];
    group?.xs.push(xs[i]);
    group?.ys.push(ys[i]);
  }
  return groups.map(({ name, color }, index) => ({ name, color, ...columns[index] }));
}
