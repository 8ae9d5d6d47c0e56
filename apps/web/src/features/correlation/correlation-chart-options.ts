import type { Options, PointOptionsType, SeriesScatterOptions } from 'highcharts';
import { escapeHtml } from '../../lib/escape-html';
import { formatMeasurement } from '../../lib/measurement-format';
import { SET1 } from '../../lib/palette';
import type { AxisRange } from './axis-range';
import { METER_COLORS, meterLevel, type MeterExtent } from './color-meter';
import type { MeterScale } from './correlation-query';
import type { PairPoints } from './correlation-points';
import { categoryIndexOf, type ChartCategory } from './category-colouring';

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

// A chart of this many points on is drawn by WebGL (the boost module), all its series on one canvas; below
// it SVG markers look the same and keep their hover state.
export const BOOST_THRESHOLD_POINTS = 2_000;

export function buildCorrelationChartOptions(
  points: PairPoints,
  { colouring, grid, rangeX, rangeY, locale }: CorrelationChartSettings,
): Options {
  const gridLineWidth = grid ? 1 : 0;
  const axisTitle = ({ label, unit }: PairPoints['x']) => (unit ? `${label} (${unit})` : label);
  const zLabel = points.z?.label;
  return {
    chart: { type: 'scatter', zooming: { type: 'xy' }, animation: false },
    title: { text: undefined },
    credits: { enabled: false },
    // The accessibility module is not loaded; this keeps Highcharts from warning about it.
    accessibility: { enabled: false },
    lang: { locale },
    // seriesThreshold 1 makes a boosted chart draw every series (the meter levels) on the one canvas. Not
    // `usePreallocated` (experimental in Highcharts 13): with several series it draws only the first one's
    // positions, so a chart coloured by Z lost most of its points.
    boost: {
      enabled: points.xs.length >= BOOST_THRESHOLD_POINTS,
      seriesThreshold: 1,
      useGPUTranslations: true,
    },
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
        marker: { radius: 2, symbol: 'circle' },
        turboThreshold: 0,
      },
    },
    series: scatterSeries(points, colouring),
  };
}

function scatterSeries(points: PairPoints, colouring: Colouring): SeriesScatterOptions[] {
  const { xs, ys, zs } = points;
  if (colouring.kind === 'plain' || !zs) {
    const color = colouring.kind === 'plain' ? colouring.color : SET1[0];
    return [{ type: 'scatter', name: points.y.label, color, data: xs.map((x, i) => [x, ys[i]]) }];
  }
  const groups =
    colouring.kind === 'intensity'
      ? colouring.labels.map((name, level) => ({ name, color: METER_COLORS[colouring.scale][level] }))
      : colouring.categories;
  const data: PointOptionsType[][] = groups.map(() => []);
  const groupOf =
    colouring.kind === 'intensity'
      ? (z: number) => meterLevel(z, colouring.extent)
      : categoryIndexOf(colouring.categories);
  for (let i = 0; i < xs.length; i += 1) data[groupOf(zs[i])]?.push([xs[i], ys[i]]);
  return groups.map(({ name, color }, index) => ({ type: 'scatter', name, color, data: data[index] }));
}
