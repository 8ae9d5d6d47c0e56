import type { DynamicModule, Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

function routePaths(controller: Type): string[] {
  const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[]);
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const handler = prototype[name];
    // Event handlers (@EventPattern) and helpers carry no HTTP method.
    if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
      return [];
    const methodPaths = asList(Reflect.getMetadata(PATH_METADATA, handler) as string | string[]);
    return controllerPaths.flatMap((base) => methodPaths.map((path) => `/${base}/${path}`));
  });
}

// The static start of a route path: up to its first parameter or wildcard (`/api/web/group/:id/user` →
// `/api/web/group`), without empty segments.
function staticPrefix(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const dynamic = segments.findIndex((segment) => segment.startsWith(':') || segment.includes('*'));
  return `/${(dynamic === -1 ? segments : segments.slice(0, dynamic)).join('/')}`;
}

function controllersOf(module: ModuleRef, seen: Set<unknown>): Type[] {
  if (module instanceof Promise || seen.has(module)) return [];
  seen.add(module);
  if ('forwardRef' in module) return controllersOf(module.forwardRef(), seen);
  const dynamic = 'module' in module ? module : undefined;
  const type = dynamic ? dynamic.module : (module as Type);
  const metadata = (key: string) => (Reflect.getMetadata(key, type) as unknown[] | undefined) ?? [];
  const imports = [...metadata(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])] as ModuleRef[];
  return [
    ...(metadata(MODULE_METADATA.CONTROLLERS) as Type[]),
    ...(dynamic?.controllers ?? []),
    ...imports.flatMap((imported) => controllersOf(imported, seen)),
  ];
}

/**
 * The path prefixes that reach every HTTP route of a module and the modules it imports, the fewest that
 * do: a prefix inside another one of the list is left out.
 */
export function controllerPrefixes(module: Type | DynamicModule): string[] {
  const prefixes = [
    ...new Set(controllersOf(module, new Set()).flatMap(routePaths).map(staticPrefix)),
  ].sort();
  return prefixes.filter(
    (prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)),
  );
}
