import type { Dayjs } from 'dayjs';

// Date ranges as the pickers and the explorer's addresses carry them.
export interface DateRange {
  /** epoch milliseconds */
  startDate: number;
  endDate: number;
}

// The presets of the parameter selection, 'today' first as the default (spec part 2 §4).
export const RANGE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'last30Days',
  'thisMonth',
  'lastMonth',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE_PRESET: RangePreset = 'today';

export function presetRange(preset: RangePreset, now: Dayjs): DateRange {
  const today = now.startOf('day');
  const thisMonth = now.startOf('month');
  switch (preset) {
    case 'today':
      return { startDate: today.valueOf(), endDate: now.valueOf() };
    case 'yesterday':
      return { startDate: today.subtract(1, 'day').valueOf(), endDate: today.valueOf() };
    case 'last7Days':
      return { startDate: today.subtract(7, 'day').valueOf(), endDate: now.valueOf() };
    case 'last30Days':
      return { startDate: today.subtract(30, 'day').valueOf(), endDate: now.valueOf() };
    case 'thisMonth':
      return { startDate: thisMonth.valueOf(), endDate: now.valueOf() };
    case 'lastMonth':
      return { startDate: thisMonth.subtract(1, 'month').valueOf(), endDate: thisMonth.valueOf() };
  }
}

// A range the user picked, under the spec rules: nothing in the future, start before end (swapped if not).
export function normalizeRange(startDate: number, endDate: number, now: number): DateRange | null {
  const [start, end] = [Math.min(startDate, now), Math.min(endDate, now)].sort((a, b) => a - b);
  return start < end ? { startDate: start, endDate: end } : null;
}

// Days the calendars grey out: every day after today.
export function isFutureDay(day: Dayjs, now: Dayjs): boolean {
  return day.isAfter(now, 'day');
}

// The range of the parameter selection: a preset (resolved when Explore is pressed) or picked dates.
export type RangeSelection = { choice: RangePreset } | { choice: 'custom'; range: DateRange };

export function resolveRangeSelection(selection: RangeSelection, now: Dayjs): DateRange {
  return selection.choice === 'custom' ? selection.range : presetRange(selection.choice, now);
}
