import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';

export type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

/**
 * The controller classes of a module and of every module it imports, read from the decorators' metadata
 * (no application is created): the gateway routes and documents a cluster's services from them.
 */
export function moduleControllers(module: ModuleRef, seen = new Set<unknown>()): Type[] {
  if (module instanceof Promise || seen.has(module)) return [];
  seen.add(module);
  if ('forwardRef' in module) return moduleControllers(module.forwardRef(), seen);
  const dynamic = 'module' in module ? module : undefined;
  const type = dynamic ? dynamic.module : (module as Type);
  const metadata = (key: string) => (Reflect.getMetadata(key, type) as unknown[] | undefined) ?? [];
  const imports = [...metadata(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])] as ModuleRef[];
  return [
    ...(metadata(MODULE_METADATA.CONTROLLERS) as Type[]),
    ...(dynamic?.controllers ?? []),
    ...imports.flatMap((imported) => moduleControllers(imported, seen)),
  ];
}
