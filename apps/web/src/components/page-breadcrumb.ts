import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteName } from '../config/routes';

export interface BreadcrumbItem {
  label: string;
  /** where the item links; the last item never links */
  to: string;
}

// Most breadcrumbs follow the route table; a page whose trail depends on how the user reached it (the
// explorer by origin and filter, spec part 2 §2; a query list narrowed to one explorer kind…) replaces it
// while it is shown. One page and one breadcrumb at a time: a single value the breadcrumb subscribes to.
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

/** The page's own breadcrumb while it is shown; undefined keeps its route's. */
export function usePageBreadcrumb(items: BreadcrumbItem[] | undefined) {
  // Compared by content: pages rebuild the array on every render.
  const key = items && JSON.stringify(items);
  useEffect(() => {
    publish(key === undefined ? null : (JSON.parse(key) as BreadcrumbItem[]));
    return () => publish(null);
  }, [key]);
}

/** The same from route names, farthest ancestor first, each labelled with its route's name. */
export function usePageTrail(trail: RouteName[] | undefined) {
  const { t } = useTranslation();
  usePageBreadcrumb(trail?.map((name) => ({ label: t(`routes.${name}`), to: ROUTES[name] })));
}

export function usePageBreadcrumbItems(): BreadcrumbItem[] | null {
  return useSyncExternalStore(subscribe, () => pageItems);
}
