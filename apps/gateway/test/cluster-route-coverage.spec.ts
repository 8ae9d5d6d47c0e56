// Every operation of the product's OpenAPI document, walked through the cluster gateway: the document is
// built from every service's controllers (buildOpenApi over moduleControllers, as /api/docs is), the
// gateway's routing from its own reading of the modules (controllerPrefixes, docs/architecture.md), so a
// path the gateway does not route (the historical 404 of /api/web/tag in cluster mode) fails here. In front
// of the gateway stand one stand-in server per service that answers every request with a 404, as a service
// does for an id it does not hold: that 404 is the service's and passes; one from the gateway itself fails.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  buildOpenApi,
  createServiceApp,
  loadPlatformConfig,
  moduleControllers,
  serviceModule,
  type OpenApiOperation,
} from '@plantlens/platform';
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { gatewayService } from '../src/gateway-service';
import { DOMAIN_SERVICES, GATEWAY_API_MODULES } from '../src/standalone-modules';

const shared = {
  AUTH_VERIFY_KEY: generateKeyPairSync('ed25519')
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
  LOG_LEVEL: 'error',
  LOG_FORMAT: 'text',
} as const;
// Marks the answers of the stand-ins, so the gateway's own are told apart.
const STAND_IN_HEADER = 'x-stand-in-service';

interface Operation {
  method: string;
  path: string;
  /** the module of the service hosting it; none for the gateway's own */
  owner: string | undefined;
  url: string;
}

/** The path with each parameter replaced by a value of its schema's type. */
function concretePath(path: string, operation: OpenApiOperation): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const schema = operation.parameters.find(
      (parameter) => parameter.in === 'path' && parameter.name === name,
    )?.schema as { type?: string; enum?: unknown[] } | undefined;
    if (schema?.enum?.length) return encodeURIComponent(String(schema.enum[0]));
    return schema?.type === 'integer' || schema?.type === 'number' ? '1' : 'stand-in';
  });
}

describe('gateway in cluster mode, every operation of every service', () => {
  const upstreams: Server[] = [];
  let gateway: NestFastifyApplication;
  let operations: Operation[];

  async function serviceStandIn(name: string): Promise<string> {
    const server = createServer((incoming, response) => {
      response.writeHead(404, { 'content-type': 'application/json', [STAND_IN_HEADER]: name });
      response.end(
        JSON.stringify({
          statusCode: 404,
          error: 'Not Found',
          message: `${name} holds nothing at ${incoming.method} ${incoming.url}`,
          forwardedFor: incoming.headers['x-forwarded-for'],
        }),
      );
    });
    upstreams.push(server);
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const urls = Object.fromEntries(
      await Promise.all(
        DOMAIN_SERVICES.map(async ({ module, urlSetting }) => [
          urlSetting,
          await serviceStandIn(module.name),
        ]),
      ),
    ) as Record<string, string>;
    const config = loadPlatformConfig({
      ...shared,
      GATEWAY_MODE: 'cluster',
      WEB_ROOT: '/nonexistent-web-build',
      ...urls,
    });
    // Each service's operations, read from its controllers as its own /api/docs reads them; the gateway's
    // own are those of its API modules and of the platform (health, readiness).
    const hosts = [
      ...DOMAIN_SERVICES.map(({ module }) => ({
        owner: module.name,
        controllers: moduleControllers(module),
      })),
      {
        owner: undefined,
        controllers: moduleControllers(serviceModule(config, GATEWAY_API_MODULES, { database: false })),
      },
    ];
    operations = hosts.flatMap(({ owner, controllers }) =>
      Object.entries(buildOpenApi(owner ?? 'gateway', controllers).document.paths).flatMap(
        ([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({
            method,
            path,
            owner,
            url: concretePath(path, operation),
          })),
      ),
    );
    gateway = await createServiceApp(gatewayService(config));
    await gateway.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(upstreams.map((server) => new Promise((closed) => server.close(closed))));
  });

  it('reads the operations of every service, among them the tag tree', () => {
    expect(new Set(operations.map(({ owner }) => owner))).toEqual(
      new Set([...DOMAIN_SERVICES.map(({ module }) => module.name), undefined]),
    );
    expect(operations).toContainEqual(
      expect.objectContaining({ method: 'get', path: '/api/web/tag/tree', owner: 'VariablesModule' }),
    );
    expect(operations.length).toBeGreaterThan(100);
  });

  it('tells the gateway’s own 404 from a service’s', async () => {
    const server = gateway.getHttpServer();
    const unrouted = await request(server).get('/api/web/no-such-feature');
    expect(unrouted.status).toBe(404);
    expect(unrouted.headers[STAND_IN_HEADER]).toBeUndefined();
    const routed = await request(server).get('/api/web/tag/tree');
    expect(routed.status).toBe(404);
    expect(routed.headers[STAND_IN_HEADER]).toBe('VariablesModule');
  });

  it('sends each operation of a service to it, and answers its own without a 404', async () => {
    const server = gateway.getHttpServer();
    const reached: string[] = [];
    const expected: string[] = [];
    for (const { method, path, owner, url } of operations) {
      const answer = await request(server)[method as 'get'](url);
      const service = answer.headers[STAND_IN_HEADER] as string | undefined;
      const operation = `${method.toUpperCase()} ${path}`;
      if (service) reached.push(`${operation} → ${answer.status} from ${service} at ${answer.body.message}`);
      else reached.push(`${operation} → ${answer.status === 404 ? 'gateway 404' : 'gateway'}`);
      expected.push(
        `${operation} → ${owner ? `404 from ${owner} at ${owner} holds nothing at ${method.toUpperCase()} ${url}` : 'gateway'}`,
      );
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
