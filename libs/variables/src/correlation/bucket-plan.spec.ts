import { planBuckets } from './bucket-plan';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 1);

describe('planBuckets', () => {
  it('uses raw points when a bucket would be narrower than the finest rollup (10 s)', () => {
    // 1 hour into at most 1000 buckets: 3.6 s each, aligned on the epoch.
    expect(planBuckets(T0, T0 + HOUR, 1000)).toEqual({
      widthMs: 3600,
      fromMs: T0,
      toMs: T0 + HOUR,
      rollupResolutionS: null,
    });
  });

  it('reads the coarsest rollup whose multiple stays close to the needed width', () => {
    // 1 day into at most 100 buckets: 864 s needed; 10 min rollup would make 1200 s buckets (72 points),
    // 1 min rollup makes 900 s buckets (96 points).
    expect(planBuckets(T0, T0 + DAY, 100)).toEqual({
      widthMs: 900_000,
      fromMs: T0,
      toMs: T0 + DAY,
      rollupResolutionS: 60,
    });
    // 1 year into at most 100 buckets: 3.65 days → daily rollup, 4-day buckets.
    const year = planBuckets(T0, T0 + 365 * DAY, 100);
    expect(year.rollupResolutionS).toBe(86_400);
    expect(year.widthMs).toBe(4 * DAY);
    // 30 s needed: the 30 s rollup; 20 s needed: only the 10 s rollup fits.
    expect(planBuckets(T0, T0 + 3_000_000, 100)).toMatchObject({ widthMs: 30_000, rollupResolutionS: 30 });
    expect(planBuckets(T0, T0 + 2_000_000, 100)).toMatchObject({ widthMs: 20_000, rollupResolutionS: 10 });
  });

  it('widens to whole epoch-aligned buckets and still keeps at most the maximum', () => {
    // 10:00:05 to 11:00:05 into 6: 10-minute buckets would be 7 (10:00 … 11:00), so 20-minute ones.
    const start = T0 + 10 * HOUR + 5_000;
    expect(planBuckets(start, start + HOUR, 6)).toEqual({
      widthMs: 20 * 60_000,
      fromMs: T0 + 10 * HOUR,
      toMs: T0 + 11 * HOUR + 20 * 60_000,
      rollupResolutionS: 600,
    });
  });

  it.each([
    [T0, T0 + 7 * DAY, 100_000],
    [T0 + 123_457, T0 + 987_654_321, 1_000],
    [T0 + 1, T0 + 2 * 365 * DAY - 1, 7],
    [T0 + 999, T0 + 5_001, 2],
  ])('never exceeds the maximum (%p → %p, max %p)', (start, end, max) => {
    const plan = planBuckets(start, end, max);
    expect((plan.toMs - plan.fromMs) / plan.widthMs).toBeLessThanOrEqual(max);
    expect(plan.fromMs).toBeLessThanOrEqual(start);
    expect(plan.toMs).toBeGreaterThanOrEqual(end);
    if (plan.rollupResolutionS !== null) expect(plan.widthMs % (plan.rollupResolutionS * 1000)).toBe(0);
  });
});
