import type { DynamicModule, Type } from '@nestjs/common';
import { controllerRoutes, moduleControllers } from '@plantlens/platform';

// The static start of a route path: up to its first parameter or wildcard (`/api/web/group/:id/user` →
// `/api/web/group`), without empty segments.
function staticPrefix(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const dynamic = segments.findIndex((segment) => segment.startsWith(':') || segment.includes('*'));
  return `/${(dynamic === -1 ? segments : segments.slice(0, dynamic)).join('/')}`;
}

/**
 * The path prefixes that reach every HTTP route of a module and the modules it imports, the fewest that
 * do: a prefix inside another one of the list is left out.
 */
export function controllerPrefixes(module: Type | DynamicModule): string[] {
  const prefixes = [
    ...new Set(
      moduleControllers(module)
        .flatMap(controllerRoutes)
        .map((route) => staticPrefix(route.path)),
    ),
  ].sort();
  return prefixes.filter(
    (prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)),
  );
}
