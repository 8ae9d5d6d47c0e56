// Every route of the standalone app reaches, through the cluster gateway, the service that hosts its module:
// the gateway's routing is read from the modules (docs/architecture.md), and this walks every operation of
// the standalone app's OpenAPI document through it, in front of one stand-in server per service.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { createServiceApp, IN_MEMORY_DATA_DIR, loadPlatformConfig, serviceModule } from '@plantlens/platform';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { gatewayService } from '../src/gateway-service';
import { DOMAIN_SERVICES, GATEWAY_API_MODULES, STANDALONE_DOMAIN_MODULES } from '../src/standalone-modules';

const shared = {
  AUTH_VERIFY_KEY: generateKeyPairSync('ed25519')
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
  LOG_LEVEL: 'error',
  LOG_FORMAT: 'text',
} as const;

describe('gateway in cluster mode, every route of the standalone app', () => {
  // One stand-in HTTP server per service URL setting: it answers which service it is and what it received.
  const upstreams: Server[] = [];
  let standalone: NestFastifyApplication;
  let gateway: NestFastifyApplication;
  /** method and path of each operation of the standalone app's OpenAPI document, with its owning module */
  let operations: { method: string; path: string; owner: string | undefined }[];

  async function serviceStandIn(name: string): Promise<string> {
    const server = createServer((incoming, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          service: name,
          method: incoming.method,
          url: incoming.url,
          forwardedFor: incoming.headers['x-forwarded-for'],
        }),
      );
    });
    upstreams.push(server);
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const config = loadPlatformConfig({ ...shared, DATA_DIR: IN_MEMORY_DATA_DIR });
    standalone = await createServiceApp({
      name: 'standalone',
      module: serviceModule(config, [...STANDALONE_DOMAIN_MODULES, ...GATEWAY_API_MODULES]),
      config,
    });
    // Which module serves a path, from OpenAPI documents restricted to each module (not from the
    // controller metadata the gateway reads).
    const documentOf = (include?: (typeof STANDALONE_DOMAIN_MODULES)[number]) =>
      SwaggerModule.createDocument(
        standalone,
        new DocumentBuilder().build(),
        include && { include: [include], deepScanRoutes: true },
      );
    const owners = new Map<string, string>();
    for (const { module } of DOMAIN_SERVICES) {
      for (const path of Object.keys(documentOf(module).paths)) owners.set(path, module.name);
    }
    operations = Object.entries(documentOf().paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method, path, owner: owners.get(path) })),
    );

    const urls = Object.fromEntries(
      await Promise.all(
        DOMAIN_SERVICES.map(async ({ module, urlSetting }) => [
          urlSetting,
          await serviceStandIn(module.name),
        ]),
      ),
    ) as Record<string, string>;
    const gatewayConfig = loadPlatformConfig({
      ...shared,
      GATEWAY_MODE: 'cluster',
      WEB_ROOT: '/nonexistent-web-build',
      ...urls,
    });
    gateway = await createServiceApp(gatewayService(gatewayConfig));
    await gateway.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await gateway?.close();
    await standalone?.close();
    await Promise.all(upstreams.map((server) => new Promise((closed) => server.close(closed))));
  });

  it('reads the routes of every domain module, among them the tag tree', () => {
    const owned = operations.filter(({ owner }) => owner);
    expect(new Set(owned.map(({ owner }) => owner))).toEqual(
      new Set(DOMAIN_SERVICES.map(({ module }) => module.name)),
    );
    expect(owned).toContainEqual({ method: 'get', path: '/api/web/tag/tree', owner: 'VariablesModule' });
  });

  // The gateway's own paths (health, the user manual) are answered by it, whatever their status.
  it('sends each path of a domain module to its service, the others answered by the gateway', async () => {
    const server = gateway.getHttpServer();
    const reached: string[] = [];
    const expected: string[] = [];
    for (const { method, path, owner } of operations) {
      // Any value stands for a path parameter: the stand-in answers whatever it receives.
      const url = path.replace(/\{[^}]+\}/g, '1');
      const answer = await request(server)[method as 'get'](url);
      const body = answer.body as { service?: string; url?: string };
      const operation = `${method.toUpperCase()} ${path}`;
      reached.push(
        `${operation} → ${body.service ? `${answer.status} ${body.service} ${body.url}` : 'gateway'}`,
      );
      expected.push(`${operation} → ${owner ? `200 ${owner} ${url}` : 'gateway'}`);
    }
    expect(reached).toEqual(expected);
  });

  it('adds its peer to X-Forwarded-For, after what the Ingress wrote', async () => {
    const server = gateway.getHttpServer();
    const direct = await request(server).get('/api/web/account');
    expect(direct.body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    const proxied = await request(server).get('/api/web/account').set('X-Forwarded-For', '203.0.113.7');
    expect(proxied.body.forwardedFor).toMatch(/^203\.0\.113\.7, (::ffff:)?127\.0\.0\.1$/);
  });
});
