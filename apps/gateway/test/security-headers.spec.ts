// Security headers on every kind of answer, in both run modes: an API answer, the web page, a built file, a
// 404, the API documentation, and in cluster mode the gateway's own answers and those it proxies from a
// service (and the service's own). CORS: closed unless CORS_ORIGINS names the origin.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IdentityModule } from '@plantlens/identity';
import { createServiceApp, IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { gatewayService } from '../src/gateway-service';
import { startClusterGateway, type ClusterGateway } from './cluster-gateway';

const ALLOWED_ORIGIN = 'https://plant.example.com';
const FOREIGN_ORIGIN = 'https://attacker.example.net';
const SUPERADMIN_PASSWORD = 'headers1';

function expectSecurityHeaders(answer: request.Response): void {
  expect(answer.headers['content-security-policy']).toBe(
    [
      "default-src 'self'",
      "base-uri 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self' blob:",
    ].join(';'),
  );
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['referrer-policy']).toBe('no-referrer');
  // Plain HTTP: HSTS would mean nothing here.
  expect(answer.headers['strict-transport-security']).toBeUndefined();
}

/** A web build stand-in: the page and one asset. */
function webBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'plantlens-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index.js'), 'export {};');
  return root;
}

/** The answers every mode must send the headers with. */
function sendsThemWithEveryAnswer(server: () => NestFastifyApplication): void {
  const http = () => request(server().getHttpServer());

  it('sends them with an API answer, signed out or in', async () => {
    expectSecurityHeaders(await http().get('/api/health').expect(200));
    expectSecurityHeaders(await http().get('/api/web/account').expect(401));
    const signIn = await http()
      .post('/api/auth/login')
      .send({ username: 'admin', password: SUPERADMIN_PASSWORD })
      .expect(200);
    expectSecurityHeaders(signIn);
  });

  it('sends them with the web page, a built file and a 404', async () => {
    expectSecurityHeaders(await http().get('/workspace').expect(200).expect('content-type', /html/));
    expectSecurityHeaders(await http().get('/assets/index.js').expect(200));
    expectSecurityHeaders(await http().get('/api/no-such-route').expect(404));
  });

  it('sends them with the API documentation', async () => {
    expectSecurityHeaders(await http().get('/api/docs').expect(200));
    expectSecurityHeaders(await http().get('/api/docs/openapi.json').expect(200));
  });
}

const webRoot = webBuild();
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('security headers of the standalone app, CORS closed by default', () => {
  let standalone: NestFastifyApplication;

  beforeAll(async () => {
    const config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      SUPERADMIN_PASSWORD,
      WEB_ROOT: webRoot,
      // The Ingress in front (one hop) tells the original scheme in X-Forwarded-Proto.
      TRUST_PROXY: '1',
    });
    standalone = await createServiceApp({ ...gatewayService(config), checkResponseContracts: true });
    await standalone.getHttpAdapter().getInstance().ready();
  }, 120_000);

  afterAll(async () => {
    await standalone?.close();
  });

  sendsThemWithEveryAnswer(() => standalone);

  // The Ingress ends TLS and says so in X-Forwarded-Proto, which a trusted proxy may tell (docs/security.md).
  it('adds HSTS only when the request came over TLS', async () => {
    const overTls = await request(standalone.getHttpServer())
      .get('/api/health')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows no origin when CORS_ORIGINS is not set', async () => {
    const answer = await request(standalone.getHttpServer())
      .get('/api/health')
      .set('Origin', ALLOWED_ORIGIN)
      .expect(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(standalone.getHttpServer())
      .options('/api/auth/login')
      .set('Origin', ALLOWED_ORIGIN)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers in cluster mode, CORS open to the configured origins', () => {
  let cluster: ClusterGateway;

  beforeAll(async () => {
    cluster = await startClusterGateway([IdentityModule], SUPERADMIN_PASSWORD, {
      WEB_ROOT: webRoot,
      CORS_ORIGINS: `${ALLOWED_ORIGIN}, https://other.example.com`,
    });
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  });

  // Sign-in and the account are proxied to the service; health, files and the documentation are the gateway's.
  sendsThemWithEveryAnswer(() => cluster.gateway);

  it('sends them with the answers of a cluster service itself', async () => {
    expectSecurityHeaders(await request(cluster.services.getHttpServer()).get('/api/health').expect(200));
  });

  it('allows a configured origin, proxied answers included, and no other', async () => {
    const gateway = () => request(cluster.gateway.getHttpServer());
    const allowed = await gateway()
      .post('/api/auth/login')
      .set('Origin', ALLOWED_ORIGIN)
      .send({ username: 'admin', password: SUPERADMIN_PASSWORD })
      .expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    const preflight = await gateway()
      .options('/api/web/account')
      .set('Origin', ALLOWED_ORIGIN)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'x-authorization')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/x-authorization/i);

    const foreign = await gateway().get('/api/health').set('Origin', FOREIGN_ORIGIN).expect(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
