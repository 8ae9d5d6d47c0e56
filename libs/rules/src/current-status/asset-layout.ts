import { AssetLayoutMessages, type AssetPlacement } from '@plantlens/contracts';

/** An asset as the layout sees it: by name, with its parent's name. */
export interface NamedAsset {
  name: string;
  parent: string | null;
}

/**
 * Why a layout cannot be applied over the existing assets, or null when it can: every asset named once,
 * every parent named in the layout or existing, and no asset its own ancestor once the layout is applied.
 */
export function layoutProblem(
  existing: readonly NamedAsset[],
  layout: readonly AssetPlacement[],
): string | null {
  const parents = new Map(existing.map((asset) => [asset.name, asset.parent]));
  const named = new Set<string>();
  for (const { name } of layout) {
    if (named.has(name)) return AssetLayoutMessages.duplicate;
    named.add(name);
  }
  for (const { name, parent } of layout) parents.set(name, parent);
  for (const { parent } of layout) {
    if (parent !== null && !parents.has(parent)) return AssetLayoutMessages.unknownParent;
  }
  // A walk up from each placed asset meets the root within as many steps as there are assets, or loops.
  for (const { name } of layout) {
    let current: string | null | undefined = parents.get(name);
    for (let steps = 0; current != null; steps += 1) {
      if (current === name || steps > parents.size) return AssetLayoutMessages.cycle;
      current = parents.get(current);
    }
  }
  return null;
}
