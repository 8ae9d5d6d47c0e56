import type { Pair } from './correlation-query';
import { keepNewestPairs, MAX_PLOTTED_POINTS, pairsAfterFilterChange, tooManyPoints } from './pair-selection';

const pair = (x: number, y: number): Pair => ({ x, y });

describe('multiple correlation pair rules', () => {
  it('keeps at most 4 pairs, dropping the oldest pick', () => {
    const four = [pair(1, 2), pair(1, 3), pair(1, 4), pair(1, 5)];
    expect(keepNewestPairs(four)).toEqual(four);
    expect(keepNewestPairs([...four, pair(1, 6)])).toEqual([pair(1, 3), pair(1, 4), pair(1, 5), pair(1, 6)]);
  });

  it('drops the pairs the new tag filters no longer offer, and all of them when a filter is emptied', () => {
    const selected = [pair(1, 2), pair(3, 4)];
    expect(pairsAfterFilterChange(selected, [10], [20], [pair(3, 4), pair(5, 6)])).toEqual([pair(3, 4)]);
    expect(pairsAfterFilterChange(selected, [], [20], selected)).toEqual([]);
    expect(pairsAfterFilterChange(selected, [10], [], selected)).toEqual([]);
  });

  it(`refuses to plot more than ${MAX_PLOTTED_POINTS} points over all charts`, () => {
    expect(tooManyPoints([100_000, 100_000, 100_000])).toBe(false);
    expect(tooManyPoints([100_000, 100_000, 100_000, 1])).toBe(true);
    expect(tooManyPoints([])).toBe(false);
  });
});
