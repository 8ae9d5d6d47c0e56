import type { Dayjs } from 'dayjs';
import type { DateRange } from './explorer-query';

// Spec default date configuration: start of day, unit days, gap begin 7, gap end 0. The range ends now
// rather than at midnight so today's data shows, and dates may not lie in the future.
export function defaultEvolutionRange(now: Dayjs): DateRange {
  return { startDate: now.startOf('day').subtract(7, 'day').valueOf(), endDate: now.valueOf() };
}

export const RANGE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'last30Days',
  'thisMonth',
  'lastMonth',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export function presetRange(preset: RangePreset, now: Dayjs): DateRange {
  const today = now.startOf('day');
  const thisMonth = now.startOf('month');
  switch (preset) {
    case 'today':
      return { startDate: today.valueOf(), endDate: now.valueOf() };
    case 'yesterday':
      return { startDate: today.subtract(1, 'day').valueOf(), endDate: today.valueOf() };
    case 'last7Days':
      return defaultEvolutionRange(now);
    case 'last30Days':
      return { startDate: today.subtract(30, 'day').valueOf(), endDate: now.valueOf() };
    case 'thisMonth':
      return { startDate: thisMonth.valueOf(), endDate: now.valueOf() };
    case 'lastMonth':
      return { startDate: thisMonth.subtract(1, 'month').valueOf(), endDate: thisMonth.valueOf() };
  }
}

// A range the user picked, under the spec rules: nothing in the future, start before end.
export function normalizeRange(startDate: number, endDate: number, now: number): DateRange | null {
  const [start, end] = [Math.min(startDate, now), Math.min(endDate, now)].sort((a, b) => a - b);
  return start < end ? { startDate: start, endDate: end } : null;
}
