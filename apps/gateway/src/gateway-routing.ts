import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '@plantlens/platform';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { controllerPrefixes } from './controller-prefixes';
import { DOMAIN_SERVICES } from './standalone-modules';

/**
 * Which service answers which path prefix when the gateway runs in front of a cluster: every prefix of the
 * controllers of each domain module goes to the service hosting that module, so a new controller is routed
 * with no change here (docs/architecture.md).
 */
function serviceRoutes(config: PlatformConfig): { prefix: string; upstream: string }[] {
  const missing = DOMAIN_SERVICES.filter(({ urlSetting }) => !config[urlSetting]);
  if (missing.length > 0) {
    throw new Error(`GATEWAY_MODE=cluster needs ${missing.map(({ urlSetting }) => urlSetting).join(', ')}`);
  }
  const owners = new Map<string, string>();
  return DOMAIN_SERVICES.flatMap(({ module, urlSetting }) =>
    controllerPrefixes(module).map((prefix) => {
      const owner = owners.get(prefix);
      if (owner || !prefix.startsWith('/api/')) {
        throw new Error(
          `Cannot route ${prefix} of ${module.name} in cluster mode${owner ? `: ${owner} serves it too` : ''}`,
        );
      }
      owners.set(prefix, module.name);
      return { prefix, upstream: config[urlSetting] ?? '' };
    }),
  );
}

export async function routeToServices(app: NestFastifyApplication, config: PlatformConfig): Promise<void> {
  for (const { prefix, upstream } of serviceRoutes(config)) {
    await app.register(fastifyHttpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      // Like any proxy, the gateway adds its peer to X-Forwarded-For: a service trusting two hops
      // (TRUST_PROXY=2 behind the Ingress) then sees the client the Ingress saw (docs/configuration.md).
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': [headers['x-forwarded-for'], request.socket.remoteAddress]
            .filter(Boolean)
            .join(', '),
        }),
      },
    });
  }
}

export async function serveWebBuild(app: NestFastifyApplication, config: PlatformConfig): Promise<void> {
  const root = resolve(config.WEB_ROOT);
  if (!existsSync(root)) {
    new Logger('Gateway').warn(
      `No web build at ${root}; the API works, the pages do not. Run \`npm run build\`.`,
    );
    return;
  }
  // wildcard: false registers one route per built file, leaving other paths to the SPA fallback route.
  await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
}
