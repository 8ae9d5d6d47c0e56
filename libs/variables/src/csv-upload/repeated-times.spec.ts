import { RepeatedTimes } from './repeated-times';

describe('RepeatedTimes', () => {
  it('tells the instants an earlier row had, in order or not', () => {
    const times = new RepeatedTimes(10_000);
    const seen = [5, 1, 3, 5, 2, 3, 7, 1].map((ts) => times.seen(ts));
    expect(seen).toEqual([false, false, false, true, false, true, false, true]);
    expect(times.untracked).toBe(0);
  });

  it('grows past its first capacity', () => {
    const times = new RepeatedTimes(10_000);
    for (let ts = 0; ts < 5_000; ts += 1) expect(times.seen(ts)).toBe(false);
    expect(times.seen(4_321)).toBe(true);
  });

  it('stops tracking at its limit and counts the rows it could not check', () => {
    const times = new RepeatedTimes(3);
    expect([1, 2, 3, 4, 5, 1].map((ts) => times.seen(ts))).toEqual([false, false, false, false, false, true]);
    expect(times.untracked).toBe(2);
  });
});
