import { reduceToExtremes } from './extremes-reducer';

describe('reduceToExtremes', () => {
  it('returns a short series whole', () => {
    expect(reduceToExtremes({ ts: [1, 2, 3], values: [5, 6, 7] }, 10)).toEqual([
      [1, 5],
      [2, 6],
      [3, 7],
    ]);
  });

  it('keeps at most maxPoints, among them the first, last, lowest and highest of each bucket', () => {
    const ts = Array.from({ length: 10_000 }, (_, i) => 1000 + i * 10);
    const values = ts.map((_, i) => (i === 4321 ? 1e6 : i === 777 ? -1e6 : Math.sin(i / 50)));
    const reduced = reduceToExtremes({ ts, values }, 400);
    expect(reduced.length).toBeLessThanOrEqual(400);
    expect(reduced[0]).toEqual([1000, 0]);
    expect(reduced.at(-1)).toEqual([ts.at(-1), values.at(-1)]);
    expect(reduced).toContainEqual([ts[4321], 1e6]);
    expect(reduced).toContainEqual([ts[777], -1e6]);
    // In time order, each point one of the series'.
    for (let i = 1; i < reduced.length; i += 1) expect(reduced[i][0]).toBeGreaterThan(reduced[i - 1][0]);
    for (const [at, value] of reduced) expect(values[ts.indexOf(at)]).toBe(value);
  });
});
