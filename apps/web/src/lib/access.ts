import { hasFeature } from '@plantlens/contracts';
import type { MenuEntry } from '../config/menu';
import { routeFeature, type RouteName } from '../config/routes';
import type { WorkspaceTile } from '../config/workspace';

// What a user may reach, from his authorities and the features → authorities table the server uses too.
export function canAccessRoute(name: RouteName, authorities: readonly string[]): boolean {
  const feature = routeFeature(name);
  return feature === undefined || hasFeature(authorities, feature);
}

// Entries whose route the user may reach; a parent stays only with at least one child left.
export function visibleMenu(entries: readonly MenuEntry[], authorities: readonly string[]): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.children) {
      const children = visibleMenu(entry.children, authorities);
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    return entry.route && canAccessRoute(entry.route, authorities) ? [entry] : [];
  });
}

export function visibleTiles(
  tiles: readonly WorkspaceTile[],
  authorities: readonly string[],
): WorkspaceTile[] {
  return tiles.filter(
    ({ route, feature }) => hasFeature(authorities, feature) && canAccessRoute(route, authorities),
  );
}
