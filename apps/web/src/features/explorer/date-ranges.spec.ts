import dayjs from 'dayjs';
import {
  RANGE_PRESETS,
  defaultEvolutionRange,
  isFutureDay,
  normalizeRange,
  presetRange,
  zoomedRange,
} from './date-ranges';

// Friday 15 March 2024, 10:30 local time.
const now = dayjs(new Date(2024, 2, 15, 10, 30));
const local = (...parts: [number, number, number]) => new Date(...parts).getTime();

describe('defaultEvolutionRange', () => {
  it('starts at midnight seven days ago and ends now', () => {
    expect(defaultEvolutionRange(now)).toEqual({ startDate: local(2024, 2, 8), endDate: now.valueOf() });
  });
});

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

describe('zoomedRange', () => {
  const minute = 60_000;
  const bounds = { minDate: 100 * minute, now: 1000 * minute + 30_000 };

  it('rounds outwards to whole minutes', () => {
    expect(zoomedRange(200 * minute + 12_345, 300 * minute + 1, bounds)).toEqual({
      startDate: 200 * minute,
      endDate: 301 * minute,
    });
  });

  it('keeps minute-aligned ends as they are', () => {
    expect(zoomedRange(200 * minute, 300 * minute, bounds)).toEqual({
      startDate: 200 * minute,
      endDate: 300 * minute,
    });
  });

  it('widens a selection inside one minute to that minute', () => {
    expect(zoomedRange(200 * minute + 10_000, 200 * minute + 20_000, bounds)).toEqual({
      startDate: 200 * minute,
      endDate: 201 * minute,
    });
  });

  it('does not go before minDate nor after now', () => {
    expect(zoomedRange(50 * minute, 2000 * minute, bounds)).toEqual({
      startDate: bounds.minDate,
      endDate: bounds.now,
    });
  });

  it('swaps a reversed selection', () => {
    expect(zoomedRange(300 * minute, 200 * minute, bounds)).toEqual({
      startDate: 200 * minute,
      endDate: 300 * minute,
    });
  });

  it('gives nothing for a selection wholly outside the bounds', () => {
    expect(zoomedRange(1100 * minute, 1200 * minute, bounds)).toBeNull();
    expect(zoomedRange(10 * minute, 20 * minute, bounds)).toBeNull();
  });
});
