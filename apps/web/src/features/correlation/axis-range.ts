// A fixed range of one axis (X, Y, or the colour scale of Z), set in the fixed-ranges modal and kept in
// the address as 'min,max'. Either bound may be left open ('10,' fixes only the minimum): spec part 2 §5
// checks min < max only when both are given, and a data filter with an empty entry has no bound on that
// side.
export interface AxisRange {
  min: number | null;
  max: number | null;
}

export function parseAxisRange(text: string | null): AxisRange | null {
  const parts = (text ?? '').split(',');
  if (parts.length !== 2) return null;
  const [min, max] = parts.map((part) => (part.trim() === '' ? null : Number(part)));
  if ([min, max].some((bound) => bound !== null && !Number.isFinite(bound))) return null;
  return checkAxisRange(min, max).range;
}

export function serializeAxisRange(range: AxisRange | null): string | null {
  return range && `${range.min ?? ''},${range.max ?? ''}`;
}

export type AxisRangeError = 'order';

export interface AxisRangeCheck {
  /** set on both bounds when min is not below max */
  error: AxisRangeError | null;
  /** the range, or null when no bound is given or there is an error */
  range: AxisRange | null;
}

export function checkAxisRange(min: number | null, max: number | null): AxisRangeCheck {
  if (min !== null && max !== null && min >= max) return { error: 'order', range: null };
  return { error: null, range: min === null && max === null ? null : { min, max } };
}

/** Whether a value lies within the range, bounds included; no range keeps everything. */
export function inAxisRange(range: AxisRange | null, value: number): boolean {
  return !range || ((range.min === null || value >= range.min) && (range.max === null || value <= range.max));
}
