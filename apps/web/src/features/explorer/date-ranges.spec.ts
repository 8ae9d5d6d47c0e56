import dayjs from 'dayjs';
import { defaultEvolutionRange, zoomedRange } from './date-ranges';

// Friday 15 March 2024, 10:30 local time.
const now = dayjs(new Date(2024, 2, 15, 10, 30));
const local = (...parts: [number, number, number]) => new Date(...parts).getTime();

describe('defaultEvolutionRange', () => {
  it('starts at midnight seven days ago and ends now', () => {
    expect(defaultEvolutionRange(now)).toEqual({ startDate: local(2024, 2, 8), endDate: now.valueOf() });
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
