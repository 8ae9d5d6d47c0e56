import { learnNormalCurve, NORMAL_CURVE_DEFAULT_ACTUATIONS } from '../src/analysis';

const profile = (values: Record<number, number>) =>
  Array.from({ length: 121 }, (_, level) => values[level] ?? null);

describe('learnNormalCurve', () => {
  it('takes the per-level median of the profiles, ignoring the odd one out', () => {
    const curve = learnNormalCurve([
      profile({ 0: 0, 1: 50, 60: 9 }),
      profile({ 0: 0, 1: 54, 60: 10 }),
      profile({ 0: 0, 1: 52, 60: 30 }),
      profile({ 1: 56 }),
    ]);
    expect(curve).toHaveLength(121);
    expect(curve[0]).toBe(0);
    expect(curve[1]).toBe(53);
    expect(curve[60]).toBe(10);
  });

  it('leaves levels no profile had a reading on null', () => {
    const curve = learnNormalCurve([profile({ 1: 50 }), profile({ 3: 4 })]);
    expect(curve[1]).toBe(50);
    expect(curve[3]).toBe(4);
    expect(curve.filter((value) => value === null)).toHaveLength(119);
    expect(learnNormalCurve([])).toEqual(Array.from({ length: 121 }, () => null));
  });

  it('learns from 20 actuations by default', () => {
    expect(NORMAL_CURVE_DEFAULT_ACTUATIONS).toBe(20);
  });
});
