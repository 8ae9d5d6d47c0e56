import { contiguousGroups } from './timeline.repository';

describe('contiguousGroups', () => {
  it('splits in order into groups whose sizes differ by one at most', () => {
    expect(contiguousGroups([1, 2, 3, 4, 5, 6, 7, 8, 9], 2)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ]);
    expect(contiguousGroups([1, 2, 3], 3)).toEqual([[1], [2], [3]]);
  });

  it('makes no more groups than items, and one (empty) group of nothing', () => {
    expect(contiguousGroups([7], 2)).toEqual([[7]]);
    expect(contiguousGroups([], 2)).toEqual([[]]);
    expect(contiguousGroups([1, 2], 1)).toEqual([[1, 2]]);
  });
});
