import { resolveTagFilter, type TagNode } from './tag-filter';

// Area ─┬─ Coker (2) ── Drum A (3)      Measurement (10) ─┬─ Temperature (11)
//  (1)  └─ Hydrotreater (4)                               └─ Pressure (12)
const TREE: TagNode[] = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: 1 },
  { id: 10, parentId: null },
  { id: 11, parentId: 10 },
  { id: 12, parentId: 10 },
];

const sorted = (filter: number[][]) => filter.map((group) => [...group].sort((a, b) => a - b));

describe('resolveTagFilter', () => {
  it('stands a tag for itself and all its descendants', () => {
    expect(sorted(resolveTagFilter(TREE, [2]))).toEqual([[2, 3]]);
    expect(sorted(resolveTagFilter(TREE, [1]))).toEqual([[1, 2, 3, 4]]);
    expect(sorted(resolveTagFilter(TREE, [3]))).toEqual([[3]]);
  });

  it('makes tags under one root alternatives and tags under different roots all required', () => {
    expect(sorted(resolveTagFilter(TREE, [3, 4]))).toEqual([[3, 4]]);
    expect(sorted(resolveTagFilter(TREE, [2, 11]))).toEqual([[2, 3], [11]]);
    expect(sorted(resolveTagFilter(TREE, [4, 11, 12, 3]))).toEqual([
      [3, 4],
      [11, 12],
    ]);
  });

  it('turns an unknown tag into a group that nothing matches', () => {
    expect(sorted(resolveTagFilter(TREE, [2, 99]))).toEqual([[2, 3], []]);
  });

  it('returns no groups (no restriction) when no tag is requested', () => {
    expect(resolveTagFilter(TREE, [])).toEqual([]);
  });

  it('terminates on a corrupt tree with a cycle', () => {
    const cycle: TagNode[] = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
    ];
    expect(sorted(resolveTagFilter(cycle, [1]))).toEqual([[1, 2]]);
  });
});
