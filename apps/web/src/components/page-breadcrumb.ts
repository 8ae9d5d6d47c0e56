import { useEffect, useSyncExternalStore } from 'react';

export interface BreadcrumbItem {
  label: string;
  /** where the item links; the last item never links */
  to: string;
}

// Most breadcrumbs follow the route table; a page whose trail depends on its address (the explorer by
// origin and filter, spec part 2 §2) replaces it while it is shown.
let pageItems: BreadcrumbItem[] | null = null;
const listeners = new Set<() => void>();

function publish(items: BreadcrumbItem[] | null) {
  pageItems = items;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function usePageBreadcrumb(items: BreadcrumbItem[]) {
  // Compared by content: pages rebuild the array on every render.
  const key = JSON.stringify(items);
  useEffect(() => {
    publish(JSON.parse(key) as BreadcrumbItem[]);
    return () => publish(null);
  }, [key]);
}

export function usePageBreadcrumbItems(): BreadcrumbItem[] | null {
  return useSyncExternalStore(subscribe, () => pageItems);
}
