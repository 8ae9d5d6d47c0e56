import type { TagTreeNodeDto, TagTreeNodeInput } from '@plantlens/contracts';

// The taxonomy's edits (part 1 §2 "/tags-tree", §4, §5), each answering the whole tree the server is sent
// (PUT /api/web/tag/). Names compare as the server compares them: trimmed, case and accents included.

/** Negative ids are the locked system tags: not editable, deletable, draggable, nor a parent. */
export const isSystemTag = (id: number | undefined) => id !== undefined && id < 0;

/** "a, b,,a , c" → ["a", "b", "c"]: trimmed, blanks ignored, each name once. */
export function splitTagNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    ),
  ];
}

export function findTag<T extends TagTreeNodeInput>(tree: readonly T[], id: number): T | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const inside = findTag(node.children as T[], id);
    if (inside) return inside;
  }
  return undefined;
}

// A copy to edit, in the shape the server is sent.
const copy = (tree: readonly TagTreeNodeInput[]): TagTreeNodeInput[] =>
  tree.map(({ id, name, children }) => ({ ...(id !== undefined && { id }), name, children: copy(children) }));
const siblingsOf = (tree: TagTreeNodeInput[], parentId: number | null) =>
  parentId === null ? tree : findTag(tree, parentId)?.children;

export interface AddedTags {
  tree: TagTreeNodeInput[];
  added: string[];
  /** names already under that parent, skipped (part 1 §5: reported in a modal) */
  repeated: string[];
}

/** New tags under `parentId` (or as roots) from a comma-separated list. */
export function addTags(tree: readonly TagTreeNodeInput[], text: string, parentId: number | null): AddedTags {
  const next = copy(tree);
  const siblings = siblingsOf(next, parentId) ?? [];
  const existing = new Set(siblings.map((node) => node.name));
  const names = splitTagNames(text);
  const added = names.filter((name) => !existing.has(name));
  siblings.push(...added.map((name) => ({ name, children: [] })));
  return { tree: next, added, repeated: names.filter((name) => existing.has(name)) };
}

/** The tree with the tag renamed, or undefined if a sibling has that name already or the name is empty. */
export function renameTag(
  tree: readonly TagTreeNodeInput[],
  id: number,
  name: string,
): TagTreeNodeInput[] | undefined {
  const next = copy(tree);
  const trimmed = name.trim();
  const node = findTag(next, id);
  const siblings = siblingsOfTag(next, id);
  if (!node || !siblings || trimmed.length === 0) return undefined;
  if (siblings.some((sibling) => sibling.id !== id && sibling.name === trimmed)) return undefined;
  node.name = trimmed;
  return next;
}

/**
 * The tree with the tag moved under `parentId` (null: a root), or undefined when the move is not allowed:
 * into itself or its own descendants, under a system tag, a system tag moved, or a sibling of that name.
 */
export function moveTag(
  tree: readonly TagTreeNodeInput[],
  id: number,
  parentId: number | null,
): TagTreeNodeInput[] | undefined {
  const next = copy(tree);
  const moved = findTag(next, id);
  if (!moved || isSystemTag(id) || isSystemTag(parentId ?? undefined)) return undefined;
  if (parentId !== null && (parentId === id || findTag(moved.children, parentId))) return undefined;
  const from = siblingsOfTag(next, id);
  const to = siblingsOf(next, parentId);
  if (!from || !to) return undefined;
  if (to === from) return next;
  if (to.some((node) => node.name === moved.name)) return undefined;
  from.splice(from.indexOf(moved), 1);
  to.push(moved);
  return next;
}

function siblingsOfTag(tree: TagTreeNodeInput[], id: number): TagTreeNodeInput[] | undefined {
  if (tree.some((node) => node.id === id)) return tree;
  for (const node of tree) {
    const inside = siblingsOfTag(node.children, id);
    if (inside) return inside;
  }
  return undefined;
}

/** The parent of the tag, null for a root. */
export function parentOf(tree: readonly TagTreeNodeDto[], id: number): number | null {
  for (const node of tree) {
    if (node.children.some((child) => child.id === id)) return node.id;
    const inside = parentOf(node.children, id);
    if (inside !== null) return inside;
  }
  return null;
}

/** The tree without system tags: what may be given to variables or be a parent. */
export function withoutSystemTags(tree: readonly TagTreeNodeDto[]): TagTreeNodeDto[] {
  return tree
    .filter((node) => !isSystemTag(node.id))
    .map((node) => ({ ...node, children: withoutSystemTags(node.children) }));
}

// Part 1 §4: tree nodes keep their states across refreshes of the tree (after each edit, or another
// user's). Expansion is the user's; draggable and droppable follow the node (system tags are neither).
export interface TagNodeState {
  expanded: boolean;
  draggable: boolean;
  droppable: boolean;
}

export function mergeNodeStates(
  previous: ReadonlyMap<number, TagNodeState>,
  tree: readonly TagTreeNodeDto[],
  expand: readonly number[] = [],
): Map<number, TagNodeState> {
  const states = new Map<number, TagNodeState>();
  const visit = (nodes: readonly TagTreeNodeDto[]) => {
    for (const node of nodes) {
      const unlocked = !isSystemTag(node.id);
      states.set(node.id, {
        expanded: expand.includes(node.id) || (previous.get(node.id)?.expanded ?? false),
        draggable: unlocked,
        droppable: unlocked,
      });
      visit(node.children);
    }
  };
  visit(tree);
  return states;
}
