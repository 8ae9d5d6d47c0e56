import { TagMessages, type TagRefDto, type TagTreeNodeInput } from '@plantlens/contracts';
import { childrenIndex, subtreeOf, type TagNode } from './tag-filter';

export interface StoredTag extends TagNode {
  name: string;
}

/** Where a tag goes: under an existing tag, under a tag created by the same change, or at the root. */
export type TagParentRef = { id: number } | { key: number } | null;

export interface NewTag {
  /** names the new tag within the plan, until the database gives it an id */
  key: number;
  name: string;
  parent: TagParentRef;
}

export interface TagMove {
  id: number;
  name: string;
  parent: TagParentRef;
}

export interface TagTreeIssue {
  path: (string | number)[];
  message: string;
}

export type TagTreeOutcome =
  | { kind: 'invalid'; issues: TagTreeIssue[] }
  | { kind: 'changed'; missing: TagRefDto[]; unknownIds: number[] }
  | {
      kind: 'plan';
      /** existing tags whose name or parent changes */
      moves: TagMove[];
      /** new tags by depth, parents before children */
      inserts: NewTag[][];
      /** existing tags without children that get some: "tags becoming categories" if in use */
      gainingChildren: number[];
    };

const isSystemTag = (id: number) => id < 0;
const parentKey = (parent: TagParentRef) =>
  parent === null ? 'root' : 'id' in parent ? `id:${parent.id}` : `key:${parent.key}`;
const sameParent = (parent: TagParentRef, parentId: number | null) =>
  parent === null ? parentId === null : 'id' in parent && parent.id === parentId;

/**
 * What replacing the stored tag tree with `tree` (PUT /api/web/tag/) means. `tree` must name every stored tag
 * but the system tags (which may be left out, and otherwise must stay as they are); new tags come without id.
 * A tag appearing twice is how a cycle shows in a nested tree, so it is refused like one.
 */
export function planTagTree(stored: readonly StoredTag[], tree: readonly TagTreeNodeInput[]): TagTreeOutcome {
  const byId = new Map(stored.map((tag) => [tag.id, tag]));
  const withChildren = childrenIndex(stored);
  const issues: TagTreeIssue[] = [];
  const seen = new Set<number>();
  const unknownIds: number[] = [];
  const moves: TagMove[] = [];
  const inserts: NewTag[][] = [];
  const gainingChildren: number[] = [];
  const namesUnder = new Map<string, Set<string>>();
  let nextKey = 0;

  // Breadth first, so that inserts come out level by level.
  let level: { nodes: readonly TagTreeNodeInput[]; path: (string | number)[]; parent: TagParentRef }[] = [
    { nodes: tree, path: [], parent: null },
  ];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: typeof level = [];
    for (const { nodes, path, parent } of level) {
      const names = namesUnder.get(parentKey(parent)) ?? new Set<string>();
      namesUnder.set(parentKey(parent), names);
      nodes.forEach((node, index) => {
        const at = [...path, index];
        if (names.has(node.name))
          issues.push({ path: [...at, 'name'], message: TagMessages.repeatedSibling });
        names.add(node.name);
        let self: TagParentRef;
        if (node.id === undefined) {
          self = { key: nextKey++ };
          (inserts[depth] ??= []).push({ key: self.key, name: node.name, parent });
        } else {
          if (seen.has(node.id)) {
            issues.push({ path: [...at, 'id'], message: TagMessages.repeatedId });
            return;
          }
          seen.add(node.id);
          self = { id: node.id };
          const current = byId.get(node.id);
          if (!current) unknownIds.push(node.id);
          else if (isSystemTag(current.id)) {
            if (current.name !== node.name || !sameParent(parent, current.parentId))
              issues.push({ path: at, message: TagMessages.systemTagLocked });
            if (node.children.length > 0)
              issues.push({ path: [...at, 'children'], message: TagMessages.systemTagParent });
          } else {
            if (current.name !== node.name || !sameParent(parent, current.parentId))
              moves.push({ id: current.id, name: node.name, parent });
            if (node.children.length > 0 && !withChildren.has(current.id)) gainingChildren.push(current.id);
          }
        }
        if (node.children.length > 0)
          next.push({ nodes: node.children, path: [...at, 'children'], parent: self });
      });
    }
    level = next;
  }

  // A system tag left out keeps its place: nothing may take its name there.
  for (const tag of stored) {
    if (!isSystemTag(tag.id) || seen.has(tag.id)) continue;
    const parent = tag.parentId === null ? null : { id: tag.parentId };
    if (namesUnder.get(parentKey(parent))?.has(tag.name))
      issues.push({ path: [], message: `${TagMessages.repeatedSibling} (system tag "${tag.name}")` });
  }

  if (issues.length > 0) return { kind: 'invalid', issues };
  const missing = stored
    .filter((tag) => !isSystemTag(tag.id) && !seen.has(tag.id))
    .map(({ id, name }) => ({ id, name }));
  if (missing.length > 0 || unknownIds.length > 0) return { kind: 'changed', missing, unknownIds };
  // Levels without new tags are holes in `inserts`.
  return { kind: 'plan', moves, inserts: Array.from(inserts, (tags) => tags ?? []), gainingChildren };
}

/** Each tag with its descendants (itself included), for the tags of a deletion. */
export function subtrees(stored: readonly TagNode[], ids: readonly number[]): Map<number, number[]> {
  const childrenOf = childrenIndex(stored);
  return new Map(ids.map((id) => [id, [...subtreeOf(id, childrenOf)]]));
}
