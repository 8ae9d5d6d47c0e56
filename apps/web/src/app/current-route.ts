import { useMatches } from 'react-router-dom';
import type { RouteName } from '../config/routes';

export interface RouteHandle {
  route: RouteName;
}

// The name of the deepest matched route (each route of the router carries its name as `handle`).
export function useCurrentRoute(): RouteName | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index].handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
