import { TagMessages, type TagTreeNodeInput } from '@plantlens/contracts';
import { planTagTree, subtrees, type StoredTag } from './tag-tree-plan';

// Area (1) ─┬─ Coker (2)      Kind (10) ── Flow (11)      System (-1)
//           └─ Drum (3)
const STORED: StoredTag[] = [
  { id: 1, parentId: null, name: 'Area' },
  { id: 2, parentId: 1, name: 'Coker' },
  { id: 3, parentId: 1, name: 'Drum' },
  { id: 10, parentId: null, name: 'Kind' },
  { id: 11, parentId: 10, name: 'Flow' },
  { id: -1, parentId: null, name: 'System' },
];
const leaf = (id: number, name: string): TagTreeNodeInput => ({ id, name, children: [] });
const asStored = (): TagTreeNodeInput[] => [
  { id: 1, name: 'Area', children: [leaf(2, 'Coker'), leaf(3, 'Drum')] },
  { id: 10, name: 'Kind', children: [leaf(11, 'Flow')] },
];

describe('planTagTree', () => {
  it('changes nothing for the tree as stored, system tags left out', () => {
    expect(planTagTree(STORED, asStored())).toEqual({
      kind: 'plan',
      moves: [],
      inserts: [],
      gainingChildren: [],
    });
  });

  it('inserts new tags level by level under existing or new parents, and moves what changed', () => {
    const tree = asStored();
    tree[0]!.children[0]!.children.push({
      name: 'Furnace',
      children: [{ name: 'Burner', children: [] }],
    });
    tree[1]!.children.push({ ...leaf(3, 'Drum A') });
    tree[0]!.children.pop();
    expect(planTagTree(STORED, tree)).toEqual({
      kind: 'plan',
      moves: [{ id: 3, name: 'Drum A', parent: { id: 10 } }],
      inserts: [
        [],
        [],
        [{ key: 0, name: 'Furnace', parent: { id: 2 } }],
        [{ key: 1, name: 'Burner', parent: { key: 0 } }],
      ],
      gainingChildren: [2],
    });
  });

  it('refuses a tag twice, twin siblings, and changes to system tags', () => {
    const tree = [...asStored(), { id: -1, name: 'Renamed', children: [leaf(1, 'Area')] }];
    tree[1]!.children.push(leaf(12, 'Flow'));
    const outcome = planTagTree([...STORED, { id: 12, parentId: 10, name: 'Gas' }], tree);
    expect(outcome).toEqual({
      kind: 'invalid',
      issues: [
        { path: [2], message: TagMessages.systemTagLocked },
        { path: [2, 'children'], message: TagMessages.systemTagParent },
        { path: [1, 'children', 1, 'name'], message: TagMessages.repeatedSibling },
        { path: [2, 'children', 0, 'id'], message: TagMessages.repeatedId },
      ],
    });
  });

  it('refuses a name taken by a system tag left out of the tree', () => {
    const outcome = planTagTree(STORED, [...asStored(), { name: 'System', children: [] }]);
    expect(outcome.kind).toBe('invalid');
  });

  it('tells a stale tree: tags missing from it, ids it names that are gone', () => {
    const tree = asStored();
    tree[1]!.children = [leaf(99, 'Gone')];
    expect(planTagTree(STORED, tree)).toEqual({
      kind: 'changed',
      missing: [{ id: 11, name: 'Flow' }],
      unknownIds: [99],
    });
  });
});

describe('subtrees', () => {
  it('gives each tag with its descendants', () => {
    expect(subtrees(STORED, [1, 11])).toEqual(
      new Map([
        [1, [1, 2, 3]],
        [11, [11]],
      ]),
    );
  });
});
