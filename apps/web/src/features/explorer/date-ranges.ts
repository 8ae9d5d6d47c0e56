import type { Dayjs } from 'dayjs';
import { EXPLORER_DATE_SETTINGS } from '../../config/explorer';
import type { DateRange } from './explorer-query';

// The default date configuration (start of day, unit days, gap begin 7, gap end 0). The range ends now
// minus the end gap rather than at a start of day, so today's data shows; dates may not lie in the future.
export function defaultEvolutionRange(now: Dayjs): DateRange {
  const { startOf, unit, gapBegin, gapEnd } = EXPLORER_DATE_SETTINGS.defaultRange;
  return {
    startDate: now.startOf(startOf).subtract(gapBegin, unit).valueOf(),
    endDate: now.subtract(gapEnd, unit).valueOf(),
  };
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

const MINUTE_MS = 60_000;
// A zoom rewrites the address once the user has stopped zooming for this long (spec part 2 §9).
export const ZOOM_DEBOUNCE_MS = 500;

// The range a chart zoom selects (spec part 2 §9): rounded outwards to whole minutes, so the new view still
// holds everything selected, then kept between minDate and now; swapped if given reversed. Null when
// nothing is left.
export function zoomedRange(
  min: number,
  max: number,
  { minDate, now }: { minDate: number; now: number },
): DateRange | null {
  const [low, high] = min <= max ? [min, max] : [max, min];
  const startDate = Math.max(minDate, Math.floor(low / MINUTE_MS) * MINUTE_MS);
  const endDate = Math.min(now, Math.ceil(high / MINUTE_MS) * MINUTE_MS);
  return startDate < endDate ? { startDate, endDate } : null;
}

// The range of the parameter selection: a preset (resolved when Explore is pressed) or picked dates.
export type RangeSelection = { choice: RangePreset } | { choice: 'custom'; range: DateRange };

export function resolveRangeSelection(selection: RangeSelection, now: Dayjs): DateRange {
  return selection.choice === 'custom' ? selection.range : presetRange(selection.choice, now);
}
