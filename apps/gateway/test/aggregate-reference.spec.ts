// The scenario's reference (aggregate-reference.ts) on hand-computed cases, so a wrong reference cannot pass
// a wrong engine.
import { asOf, differences, metricOf, monthBefore, referencePoints } from './aggregate-reference';

const points = (...pairs: [number, number][]) => pairs.map(([ts, value]) => ({ ts, value }));

describe('aggregate reference', () => {
  it('takes the latest point at or before an instant, only within the maximum age', () => {
    const series = points([1000, 1], [2000, 2], [5000, 5]);
    expect([0, 1000, 1999, 2000, 4000, 4001, 9000].map((ts) => asOf(series, ts, 2000))).toEqual([
      undefined,
      1,
      1,
      2,
      2,
      undefined,
      undefined,
    ]);
  });

  it('operates at the union of instants, leaving no point for a stale operand or a division by zero', () => {
    const one = points([0, 6], [10_000, 8], [20_000, 9]);
    const two = points([5_000, 2], [10_000, 0]);
    const inputs = new Map([
      [1, one],
      [2, two],
    ]);
    const definition = { goal: 'operated', operator: '/', varOneId: 1, varTwoId: 2, constant: null } as const;
    // 0: no second operand yet; 5 000: 6/2; 10 000: 8/0; 20 000: 9/0 (the 0 is 10 s old, within 15 s).
    expect(referencePoints(definition, inputs, 15_000)).toEqual(points([5_000, 3]));
    const withConstant = { ...definition, varTwoId: null, constant: 2 } as const;
    expect(referencePoints(withConstant, inputs, 15_000)).toEqual(points([0, 3], [10_000, 4], [20_000, 4.5]));
  });

  it('takes the increment over the gap, the earlier value as of the instant one gap before', () => {
    const series = points([0, 1], [60_000, 4], [90_000, 5], [150_000, 11]);
    const definition = { goal: 'gradual', varId: 1, timeGap: 'PT1M' } as const;
    // 60 000 − 0; 90 000 − as of 30 000 (0, 30 s old); 150 000 − as of 90 000.
    expect(referencePoints(definition, new Map([[1, series]]), 30_000)).toEqual(
      points([60_000, 3], [90_000, 4], [150_000, 6]),
    );
    expect(referencePoints(definition, new Map([[1, series]]), 29_999)).toEqual(
      points([60_000, 3], [150_000, 6]),
    );
  });

  it('steps a calendar month back, clamping the day', () => {
    expect(new Date(monthBefore(Date.UTC(2026, 2, 31, 9))).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(new Date(monthBefore(Date.UTC(2026, 0, 15))).toISOString()).toBe('2025-12-15T00:00:00.000Z');
  });

  it('computes each metric over the inputs present, Q1 and Q3 by linear interpolation', () => {
    const values = [7, 1, 3, 5];
    expect(['mean', 'max', 'min', 'med', 'lq', 'uq'].map((m) => metricOf(m as never, values))).toEqual([
      4, 7, 1, 4, 2.5, 5.5,
    ]);
    expect(metricOf('std', values)).toBeCloseTo(Math.sqrt(5), 12);
    expect(metricOf('std', [3])).toBe(0);
    const inputs = new Map([
      [1, points([0, 1], [1000, 3])],
      [2, points([1000, 5])],
    ]);
    const definition = { goal: 'metrical' as const, metrical: 'mean' as const, variableIdList: [1, 2] };
    expect(referencePoints(definition, inputs, 60_000)).toEqual(points([0, 1], [1000, 4]));
  });

  it('lists missing, extra and different points, tolerating float rounding only', () => {
    const reference = points([0, 1], [1000, 0.3], [2000, 5]);
    const stored = points([1000, 0.1 + 0.2], [2000, 5.001], [3000, 1]);
    expect(differences(stored, reference)).toEqual([
      { ts: 0, reference: 1 },
      { ts: 2000, stored: 5.001, reference: 5 },
      { ts: 3000, stored: 1, reference: undefined },
    ]);
  });
});
