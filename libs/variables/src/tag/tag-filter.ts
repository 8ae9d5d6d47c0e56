export interface TagNode {
  id: number;
  parentId: number | null;
}

// A tag filter as groups of tag ids: a variable matches when it carries a tag of every group.
// Each requested tag stands for itself and all its descendants (the tag tree). Requested tags under the
// same root are alternatives, tags under different roots must all match: with roots "Area" and
// "Measurement", [Coker unit, Hydrotreater] is "either unit" and [Coker unit, Temperature] is "the coker's
// temperatures". An unknown tag id is a group of its own with no tags, so nothing matches it.
export type TagFilter = number[][];

export function resolveTagFilter(tree: readonly TagNode[], requested: readonly number[]): TagFilter {
  const parentOf = new Map(tree.map((tag) => [tag.id, tag.parentId]));
  const childrenOf = childrenIndex(tree);
  const groups = new Map<number, Set<number>>();
  for (const id of requested) {
    if (!parentOf.has(id)) {
      groups.set(id, new Set());
      continue;
    }
    const root = rootOf(id, parentOf);
    const group = groups.get(root) ?? new Set<number>();
    for (const tag of subtreeOf(id, childrenOf)) group.add(tag);
    groups.set(root, group);
  }
  return [...groups.values()].map((group) => [...group]);
}

// The `seen` sets keep a corrupt tree (a cycle) from looping forever.
function rootOf(id: number, parentOf: Map<number, number | null>): number {
  const seen = new Set([id]);
  let current = id;
  let parent = parentOf.get(current);
  while (parent != null && !seen.has(parent)) {
    seen.add(parent);
    current = parent;
    parent = parentOf.get(current);
  }
  return current;
}

/** The ids of each tag's children. */
export function childrenIndex(tree: readonly TagNode[]): Map<number, number[]> {
  const childrenOf = new Map<number, number[]>();
  for (const tag of tree) {
    if (tag.parentId !== null)
      childrenOf.set(tag.parentId, [...(childrenOf.get(tag.parentId) ?? []), tag.id]);
  }
  return childrenOf;
}

/** The tag and all its descendants. */
export function subtreeOf(id: number, childrenOf: Map<number, number[]>): Set<number> {
  const subtree = new Set<number>([id]);
  const pending = [id];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const child of childrenOf.get(next) ?? []) {
      if (!subtree.has(child)) {
        subtree.add(child);
        pending.push(child);
      }
    }
  }
  return subtree;
}
