import type { TagTreeNodeDto } from '@plantlens/contracts';
import {
  addTags,
  mergeNodeStates,
  moveTag,
  parentOf,
  renameTag,
  splitTagNames,
  withoutSystemTags,
} from './tag-tree-edit';

// Area (1) ─┬─ Coker (2) ── Drum (3)      Kind (10) ── Flow (11)      System (-1)
//           └─ Utilities (4)
const TREE: TagTreeNodeDto[] = [
  {
    id: 1,
    name: 'Area',
    children: [
      { id: 2, name: 'Coker', children: [{ id: 3, name: 'Drum', children: [] }] },
      { id: 4, name: 'Utilities', children: [] },
    ],
  },
  { id: 10, name: 'Kind', children: [{ id: 11, name: 'Flow', children: [] }] },
  { id: -1, name: 'System', children: [] },
];
const names = (nodes: { name: string }[]) => nodes.map((node) => node.name);

describe('splitTagNames', () => {
  it('trims, drops blanks and repeats', () => {
    expect(splitTagNames(' a, b,,a , c ,')).toEqual(['a', 'b', 'c']);
    expect(splitTagNames(' , ')).toEqual([]);
  });
});

describe('addTags', () => {
  it('adds a comma list under a parent, skipping names already there, without changing the input', () => {
    const { tree, added, repeated } = addTags(TREE, 'Drum, Furnace, Reactor', 2);
    expect(added).toEqual(['Furnace', 'Reactor']);
    expect(repeated).toEqual(['Drum']);
    expect(names(tree[0]!.children[0]!.children)).toEqual(['Drum', 'Furnace', 'Reactor']);
    expect(tree[0]!.children[0]!.children[1]).toEqual({ name: 'Furnace', children: [] });
    expect(names(TREE[0]!.children[0]!.children)).toEqual(['Drum']);
  });

  it('adds roots without a parent; a name used elsewhere in the tree is no repeat', () => {
    const { tree, added, repeated } = addTags(TREE, 'Kind, Drum', null);
    expect(added).toEqual(['Drum']);
    expect(repeated).toEqual(['Kind']);
    expect(names(tree)).toEqual(['Area', 'Kind', 'System', 'Drum']);
  });
});

describe('renameTag', () => {
  it('renames, trimmed, unless a sibling has the name or it is blank', () => {
    expect(names(renameTag(TREE, 4, '  Offsites ')![0]!.children)).toEqual(['Coker', 'Offsites']);
    expect(renameTag(TREE, 4, 'Coker')).toBeUndefined();
    expect(renameTag(TREE, 4, '  ')).toBeUndefined();
  });
});

describe('moveTag', () => {
  it('moves a tag with its children under another tag or to the root', () => {
    const moved = moveTag(TREE, 2, 10)!;
    expect(names(moved[0]!.children)).toEqual(['Utilities']);
    expect(moved[1]!.children[1]).toEqual(TREE[0]!.children[0]);
    expect(names(moveTag(TREE, 3, null)!)).toEqual(['Area', 'Kind', 'System', 'Drum']);
  });

  it('refuses cycles, system tags either way and a sibling of the same name', () => {
    expect(moveTag(TREE, 1, 3)).toBeUndefined();
    expect(moveTag(TREE, 1, 1)).toBeUndefined();
    expect(moveTag(TREE, 4, -1)).toBeUndefined();
    expect(moveTag(TREE, -1, 1)).toBeUndefined();
    const twin = addTags(TREE, 'Flow', 1).tree;
    expect(moveTag(twin, 11, 1)).toBeUndefined();
  });

  it('changes nothing for a drop under the same parent', () => {
    expect(moveTag(TREE, 4, 1)).toEqual(TREE);
  });
});

describe('parentOf and withoutSystemTags', () => {
  it('finds the parent and leaves out system tags', () => {
    expect(parentOf(TREE, 3)).toBe(2);
    expect(parentOf(TREE, 1)).toBeNull();
    expect(names(withoutSystemTags(TREE))).toEqual(['Area', 'Kind']);
  });
});

describe('mergeNodeStates', () => {
  it('keeps the expansion of tags still there, expands the asked ones and locks system tags', () => {
    const before = mergeNodeStates(new Map(), TREE, [1]);
    expect(before.get(1)).toEqual({ expanded: true, draggable: true, droppable: true });
    expect(before.get(-1)).toEqual({ expanded: false, draggable: false, droppable: false });
    const refreshed: TagTreeNodeDto[] = [
      { ...TREE[0]!, children: [] },
      { id: 20, name: 'New', children: [] },
    ];
    const after = mergeNodeStates(before, refreshed, [20]);
    expect([...after.keys()]).toEqual([1, 20]);
    expect(after.get(1)!.expanded).toBe(true);
    expect(after.get(20)!.expanded).toBe(true);
  });
});
