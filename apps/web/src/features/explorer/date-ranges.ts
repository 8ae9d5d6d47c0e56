import type { Dayjs } from 'dayjs';
import { EXPLORER_DATE_SETTINGS } from '../../config/explorer';
import type { DateRange } from '../../lib/date-ranges';

// The default date configuration (start of day, unit days, gap begin 7, gap end 0). The range ends now
// minus the end gap rather than at a start of day, so today's data shows; dates may not lie in the future.
export function defaultEvolutionRange(now: Dayjs): DateRange {
  const { startOf, unit, gapBegin, gapEnd } = EXPLORER_DATE_SETTINGS.defaultRange;
  return {
    startDate: now.startOf(startOf).subtract(gapBegin, unit).valueOf(),
    endDate: now.subtract(gapEnd, unit).valueOf(),
  };
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
