import { alignAsOf, type AlignedColumns, type SeriesColumns } from './series-merge';

// Written as points, easier to read than columns.
const series = (...points: [number, number][]): SeriesColumns => ({
  ts: points.map(([ts]) => ts),
  values: points.map(([, value]) => value),
});
// The expected points as rows, easier to read than columns.
const rows = (aligned: AlignedColumns) =>
  aligned.ts.map((ts, i) => ({ ts, values: aligned.values.map((column) => column[i]) }));

describe('alignAsOf', () => {
  const x = series([10, 1], [20, 2], [30, 3], [40, 4], [70, 7]);

  it('pairs each X point with the latest point at or before it, within the maximum age', () => {
    // Y at 20 is paired with X at 20 (at or before); X at 70: Y at 35 is 35 old, beyond 20.
    const y = series([5, 100], [20, 200], [35, 300]);
    expect(rows(alignAsOf(x, [y], 20))).toEqual([
      { ts: 10, values: [1, 100] },
      { ts: 20, values: [2, 200] },
      { ts: 30, values: [3, 200] },
      { ts: 40, values: [4, 300] },
    ]);
  });

  it('keeps an X point only when every other series has a value, in the order given', () => {
    const y = series([0, 100]);
    const z = series([25, -1], [69, -2]);
    expect(rows(alignAsOf(x, [y, z], 50))).toEqual([
      { ts: 30, values: [3, 100, -1] },
      { ts: 40, values: [4, 100, -1] },
    ]);
    expect(alignAsOf(x, [z, y], 50).values).toEqual([
      [3, 4],
      [-1, -1],
      [100, 100],
    ]);
  });

  it('counts the age limit inclusively and accepts repeated points (one per X point)', () => {
    const repeated = series([0, 9], [0, 9], [30, 8], [30, 8], [30, 8]);
    expect(rows(alignAsOf(x, [repeated], 10))).toEqual([
      { ts: 10, values: [1, 9] },
      { ts: 30, values: [3, 8] },
      { ts: 40, values: [4, 8] },
    ]);
  });

  it('answers nothing for an empty X or an empty other series', () => {
    expect(alignAsOf(series(), [series([1, 1])], 10)).toEqual({ ts: [], values: [[], []] });
    expect(alignAsOf(x, [series()], 10)).toEqual({ ts: [], values: [[], []] });
  });
});
