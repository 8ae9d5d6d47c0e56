import type { AggregateGoal } from '@plantlens/contracts';
import { AGGREGATE_LIST_ROUTES } from './aggregate-origin';
import type { RouteName } from '../../config/routes';

export interface AggregateMenuTile {
  goal: AggregateGoal;
  route: RouteName;
  /** the route exists and the user may open it; otherwise the tile shows greyed */
  available: boolean;
}

// The tiles of /aggregate-variable/menu (spec part 1 §2): constant/operated, gradual and metrical, each
// opening its list. The spec shows only the metrical tile with a disabled variant; the same rule applies to
// the three, so a deployment that takes any list away never leaves a dead link.
export function aggregateMenuTiles(isAvailable: (route: RouteName) => boolean): AggregateMenuTile[] {
  return (['operated', 'gradual', 'metrical'] as const).map((goal) => {
    const route = AGGREGATE_LIST_ROUTES[goal];
    return { goal, route, available: isAvailable(route) };
  });
}
