import { useEffect, useSyncExternalStore } from 'react';
import type { RouteName } from '../config/routes';

// Lets the page on screen replace the breadcrumb of its route: the same screen sits under different
// parents depending on how the user reached it (a query list narrowed to one explorer kind, an
// explorer view opened from the query list…). There is one page and one breadcrumb at a time, so the
// trail is a single value the breadcrumb subscribes to.
let current: RouteName[] | undefined;
const listeners = new Set<() => void>();

function setTrail(trail: RouteName[] | undefined): void {
  current = trail;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's own breadcrumb, from the farthest ancestor to itself, while the page is shown. */
export function usePageTrail(trail: RouteName[] | undefined): void {
  const key = trail?.join('>');
  useEffect(() => {
    setTrail(key === undefined ? undefined : (key.split('>') as RouteName[]));
    return () => setTrail(undefined);
  }, [key]);
}

/** The trail the page on screen set, if any. */
export function usePageTrailOverride(): RouteName[] | undefined {
  return useSyncExternalStore(subscribe, () => current);
}
