import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import {
  BRANCH_ZOOM,
  LEAF_ZOOM,
  ROOT_ZOOM,
  assetLabel,
  assetTree,
  findNode,
  nodePosition,
  selectionZoom,
  subtreeIds,
} from './asset-tree';

const asset = (id: number, name: string, parentId: number | null, count: number | null = 0) =>
  ({ id, name, label: null, parentId, lat: id, lng: -id, count }) satisfies CurrentStatusAssetDto;

const names = (nodes: ReturnType<typeof assetTree>): unknown[] =>
  nodes.map((node) => (node.children.length > 0 ? [node.name, names(node.children)] : node.name));

describe('current-status asset tree', () => {
  it('shapes the flat assets by parent, each level by name (digits in order)', () => {
    const tree = assetTree([
      asset(3, 'gate10', 2),
      asset(1, 'Refinery', null),
      asset(2, 'Coke drum A', 1),
      asset(4, 'gate2', 2),
      asset(5, 'Tank farm', null),
    ]);
    expect(names(tree)).toEqual([['Refinery', [['Coke drum A', ['gate2', 'gate10']]]], 'Tank farm']);
  });

  it('calls an asset by its label, by its key without one, and sorts each level by what it shows', () => {
    expect(assetLabel({ name: 'coke_drum_a', label: 'Coke drum A' })).toBe('Coke drum A');
    expect(assetLabel({ name: 'tank_farm', label: null })).toBe('tank_farm');
    const tree = assetTree([{ ...asset(1, 'zz_unit', null), label: 'Alkylation' }, asset(2, 'b_unit', null)]);
    expect(tree.map(assetLabel)).toEqual(['Alkylation', 'b_unit']);
  });

  it('makes roots of assets whose parent is missing or that form a loop', () => {
    const tree = assetTree([asset(1, 'orphan', 99), asset(2, 'a', 3), asset(3, 'b', 2)]);
    expect(names(tree)).toEqual(['a', 'b', 'orphan']);
  });

  it('zooms to 8 for a root, 16 for a node with children, 18 for a leaf', () => {
    const tree = assetTree([asset(1, 'Refinery', null), asset(2, 'Drum', 1), asset(3, 'gate01', 2)]);
    expect(selectionZoom(findNode(tree, 1)!)).toBe(ROOT_ZOOM);
    expect(selectionZoom(findNode(tree, 2)!)).toBe(BRANCH_ZOOM);
    expect(selectionZoom(findNode(tree, 3)!)).toBe(LEAF_ZOOM);
    expect([ROOT_ZOOM, BRANCH_ZOOM, LEAF_ZOOM]).toEqual([8, 16, 18]);
    // A root without children is still a root.
    expect(selectionZoom(assetTree([asset(9, 'alone', null)])[0])).toBe(8);
  });

  it('finds what cannot become a parent of a node: the node and everything under it', () => {
    const tree = assetTree([
      asset(1, 'Refinery', null),
      asset(2, 'Drum', 1),
      asset(3, 'gate01', 2),
      asset(4, 'gate02', 2),
    ]);
    expect([...subtreeIds(findNode(tree, 2)!)].sort()).toEqual([2, 3, 4]);
    expect([...subtreeIds(findNode(tree, 4)!)]).toEqual([4]);
  });

  it("pans to the node's own position, lng first; none without one", () => {
    expect(nodePosition({ lat: 40.4, lng: -3.7 })).toEqual([-3.7, 40.4]);
    expect(nodePosition({ lat: null, lng: -3.7 })).toBeNull();
  });
});
