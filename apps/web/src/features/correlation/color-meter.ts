import type { AxisRange } from './axis-range';
import type { MeterScale } from './correlation-query';

// The colour meter of the intensity mode (spec part 2 §2, §9): Z's range split into 9 levels, each with a
// colour and a label. A point takes the colour of the level nearest its Z value, so the charts draw 9
// single-colour series, each painted in one pass on the large charts' canvas (canvas-scatter.ts).
export const METER_LEVELS = 9;

// Every level must stand out from the white plot: each colour has a contrast of at least 3:1 against white
// (WCAG's figure for graphics), which ColorBrewer's light ends (#ffffd9, #ffffbf) lack. Sequential: viridis
// from 0 to 0.58 (its lighter part fades into white), dark purple for the lowest Z to green for the highest.
// Divergent: blue below the middle and red above it, through a mid grey instead of a near-white middle
// (interpolated in CIELAB between ColorBrewer RdBu's ends #2166ac and #b2182b and a grey of L* 56).
export const METER_COLORS: Record<MeterScale, readonly string[]> = {
  sequential: [
    '#440154',
    '#471c6c',
    '#46337d',
    '#404988',
    '#375c8c',
    '#306f8e',
    '#28818d',
    '#21938b',
    '#23a386',
  ],
  divergent: [
    '#2166ac',
    '#4a6ea3',
    '#63769a',
    '#767e90',
    '#868686',
    '#98726e',
    '#a45b57',
    '#ad4140',
    '#b2182b',
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
