import type { AxisRange } from './axis-range';
import type { MeterScale } from './correlation-query';

// The colour meter of the intensity mode (spec part 2 §2, §9): Z's range split into 9 levels, each with a
// colour and a label. A point takes the colour of the level nearest its Z value, so the charts draw 9
// single-colour series, which WebGL (Highcharts boost) draws at full speed.
export const METER_LEVELS = 9;

// ColorBrewer 9-class schemes: YlGnBu (light to dark, for a quantity) and RdYlBu reversed (blue below the
// middle, red above, for a deviation).
export const METER_COLORS: Record<MeterScale, readonly string[]> = {
  sequential: [
    '#ffffd9',
    '#edf8b1',
    '#c7e9b4',
    '#7fcdbb',
    '#41b6c4',
    '#1d91c0',
    '#225ea8',
    '#253494',
    '#081d58',
  ],
  divergent: [
    '#4575b4',
    '#74add1',
    '#abd9e9',
    '#e0f3f8',
    '#ffffbf',
    '#fee090',
    '#fdae61',
    '#f46d43',
    '#d73027',
  ],
};

export interface MeterExtent {
  min: number;
  max: number;
}

/**
 * The values the meter spans: the fixed Z range where given, Z's lowest and highest values otherwise (over
 * every chart, so one colour means one value everywhere). Null without any value to span.
 */
export function meterExtent(values: Iterable<number>, fixed: AxisRange | null): MeterExtent | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const extent = { min: fixed?.min ?? min, max: fixed?.max ?? max };
  return Number.isFinite(extent.min) && Number.isFinite(extent.max) && extent.min <= extent.max
    ? extent
    : null;
}

/** The value at each level, from min to max. */
export function meterValues({ min, max }: MeterExtent): number[] {
  return Array.from({ length: METER_LEVELS }, (_, level) => min + ((max - min) * level) / (METER_LEVELS - 1));
}

/** The 9 labels: two decimals when the range is under 9, whole numbers otherwise, in the user's locale. */
export function meterLabels(extent: MeterExtent, locale: string): string[] {
  const decimals = extent.max - extent.min < 9 ? 2 : 0;
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return meterValues(extent).map((value) => format.format(value));
}

/** The level (0 … 8) whose value is nearest; values beyond the extent take the end levels. */
export function meterLevel(value: number, { min, max }: MeterExtent): number {
  if (max === min) return 0;
  const level = Math.round(((value - min) / (max - min)) * (METER_LEVELS - 1));
  return Math.min(METER_LEVELS - 1, Math.max(0, level));
}
