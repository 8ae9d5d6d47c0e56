import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';

export interface ControllerRoute {
  controller: Type;
  /** the handler method's name (`list`) */
  name: string;
  handler: (...args: unknown[]) => unknown;
  method: RequestMethod;
  /** Nest's spelling: `/api/web/query/:id/permissions/users` */
  path: string;
}

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

const joinPath = (...parts: string[]) => `/${parts.join('/').split('/').filter(Boolean).join('/')}`;

/** The HTTP routes a controller class declares (one per path when a decorator names several). */
export function controllerRoutes(controller: Type): ControllerRoute[] {
  const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[]);
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const handler = prototype[name];
    if (typeof handler !== 'function') return [];
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    // Event handlers (@EventPattern) and helpers carry no HTTP method.
    if (method === undefined) return [];
    const methodPaths = asList(Reflect.getMetadata(PATH_METADATA, handler) as string | string[]);
    return controllerPaths.flatMap((base) =>
      methodPaths.map((path) => ({
        controller,
        name,
        handler: handler as ControllerRoute['handler'],
        method,
        path: joinPath(base, path),
      })),
    );
  });
}
