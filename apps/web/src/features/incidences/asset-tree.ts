import type { CurrentStatusAssetDto } from '@plantlens/contracts';

// The assets of the current-status map shaped into the tree at its side (spec §3: flat rows with a
// parentId). A row whose parent is missing, or that would close a loop, becomes a root.
export interface AssetNode extends CurrentStatusAssetDto {
  children: AssetNode[];
}

const byLabel = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** What the screen calls an asset: its label ("Coke drum A"), or its key (coke_drum_a) when it has none. */
export function assetLabel(asset: Pick<CurrentStatusAssetDto, 'name' | 'label'>): string {
  return asset.label ?? asset.name;
}

export function assetTree(assets: readonly CurrentStatusAssetDto[]): AssetNode[] {
  const nodes = new Map(assets.map((asset) => [asset.id, { ...asset, children: [] as AssetNode[] }]));
  const roots: AssetNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent && !isAncestor(node, parent, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: AssetNode[]): AssetNode[] => {
    list.sort((a, b) => byLabel.compare(assetLabel(a), assetLabel(b)));
    for (const node of list) sort(node.children);
    return list;
  };
  return sort(roots);
}

// Whether `node` is `candidate` or one of its ancestors by parentId (a loop in the data).
function isAncestor(node: AssetNode, candidate: AssetNode, nodes: Map<number, AssetNode>): boolean {
  const seen = new Set<number>();
  for (let current: AssetNode | undefined = candidate; current;) {
    if (current.id === node.id) return true;
    if (seen.has(current.id)) return false;
    seen.add(current.id);
    current = current.parentId === null ? undefined : nodes.get(current.parentId);
  }
  return false;
}

// Spec §4/§9: choosing a node zooms to 8 for a root, 16 for a node with children, 18 for a leaf.
export const ROOT_ZOOM = 8;
export const BRANCH_ZOOM = 16;
export const LEAF_ZOOM = 18;

export function selectionZoom(node: Pick<AssetNode, 'parentId' | 'children'>): number {
  if (node.parentId === null) return ROOT_ZOOM;
  return node.children.length > 0 ? BRANCH_ZOOM : LEAF_ZOOM;
}

/** Where the map pans for a node: its own position, null when it has none. */
export function nodePosition(node: Pick<AssetNode, 'lat' | 'lng'>): [lng: number, lat: number] | null {
  return node.lat === null || node.lng === null ? null : [node.lng, node.lat];
}

export function findNode(nodes: readonly AssetNode[], id: number): AssetNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The node and everything under it: what cannot become its parent. */
export function subtreeIds(node: AssetNode): Set<number> {
  const ids = new Set<number>();
  const visit = (current: AssetNode) => {
    ids.add(current.id);
    current.children.forEach(visit);
  };
  visit(node);
  return ids;
}
