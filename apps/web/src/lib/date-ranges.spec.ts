import dayjs from 'dayjs';
import { RANGE_PRESETS, isFutureDay, normalizeRange, presetRange } from './date-ranges';

// Friday 15 March 2024, 10:30 local time.
const now = dayjs(new Date(2024, 2, 15, 10, 30));
const local = (...parts: [number, number, number]) => new Date(...parts).getTime();

describe('presetRange', () => {
  it.each([
    ['today', local(2024, 2, 15), now.valueOf()],
    ['yesterday', local(2024, 2, 14), local(2024, 2, 15)],
    ['last7Days', local(2024, 2, 8), now.valueOf()],
    ['last30Days', local(2024, 1, 14), now.valueOf()],
    ['thisMonth', local(2024, 2, 1), now.valueOf()],
    ['lastMonth', local(2024, 1, 1), local(2024, 2, 1)],
  ] as const)('%s', (preset, startDate, endDate) => {
    expect(presetRange(preset, now)).toEqual({ startDate, endDate });
  });

  it.each([
    ['a Monday just after midnight', dayjs(new Date(2024, 2, 11, 0, 0, 30))],
    ['the first of a month', dayjs(new Date(2024, 3, 1, 0, 5))],
    ['the first of January', dayjs(new Date(2025, 0, 1, 8))],
  ])('never reaches into the future, nor ends before it starts, on %s', (_when, moment) => {
    for (const preset of RANGE_PRESETS) {
      const { startDate, endDate } = presetRange(preset, moment);
      expect(endDate).toBeLessThanOrEqual(moment.valueOf());
      expect(startDate).toBeLessThan(endDate);
    }
  });
});

describe('normalizeRange', () => {
  it('keeps a valid past range', () => {
    expect(normalizeRange(1000, 2000, 5000)).toEqual({ startDate: 1000, endDate: 2000 });
  });

  it('swaps a start later than the end', () => {
    expect(normalizeRange(2000, 1000, 5000)).toEqual({ startDate: 1000, endDate: 2000 });
  });

  it('moves a future end back to now', () => {
    expect(normalizeRange(1000, 9000, 5000)).toEqual({ startDate: 1000, endDate: 5000 });
  });

  it('rejects a range that is empty once future instants are removed', () => {
    expect(normalizeRange(6000, 9000, 5000)).toBeNull();
    expect(normalizeRange(1000, 1000, 5000)).toBeNull();
  });
});

describe('isFutureDay', () => {
  it('greys out the days after today only', () => {
    expect(isFutureDay(now.add(1, 'day').startOf('day'), now)).toBe(true);
    expect(isFutureDay(now.endOf('day'), now)).toBe(false);
    expect(isFutureDay(now.subtract(1, 'year'), now)).toBe(false);
  });
});
