import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '@plantlens/platform';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

// Which service answers which API prefix when the gateway runs in front of a cluster.
function serviceRoutes(config: PlatformConfig) {
  return [
    { prefix: '/api/auth', upstream: config.IDENTITY_URL },
    { prefix: '/api/web/account', upstream: config.IDENTITY_URL },
    { prefix: '/api/web/user', upstream: config.IDENTITY_URL },
    { prefix: '/api/web/group', upstream: config.IDENTITY_URL },
    { prefix: '/api/web/permission', upstream: config.IDENTITY_URL },
    { prefix: '/api/web/explorer', upstream: config.VARIABLES_URL },
    { prefix: '/api/web/variable', upstream: config.VARIABLES_URL },
    { prefix: '/api/web/csv-upload', upstream: config.VARIABLES_URL },
    { prefix: '/api/web/query', upstream: config.VARIABLES_URL },
    // The read cache of the variables service, the only service with one (docs/read-cache.md).
    { prefix: '/api/web/datastore', upstream: config.VARIABLES_URL },
    { prefix: '/api/web/raw-variables', upstream: config.VARIABLES_URL },
    { prefix: '/api/web/category', upstream: config.VARIABLES_URL },
    { prefix: '/api/web/rules-incidence', upstream: config.RULES_URL },
    { prefix: '/api/web/evaluations-incidence', upstream: config.RULES_URL },
    { prefix: '/api/web/current-status-incidence', upstream: config.RULES_URL },
    { prefix: '/api/web/ampo', upstream: config.VALVES_URL },
  ];
}

export async function routeToServices(app: NestFastifyApplication, config: PlatformConfig): Promise<void> {
  const missing: string[] = [];
  for (const { prefix, upstream } of serviceRoutes(config)) {
    if (!upstream) missing.push(prefix);
    else await app.register(fastifyHttpProxy, { upstream, prefix, rewritePrefix: prefix, http2: false });
  }
  if (missing.length > 0) {
    throw new Error(`GATEWAY_MODE=cluster needs the service URLs for ${missing.join(', ')}`);
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
