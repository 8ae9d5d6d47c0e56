// GET /metrics of every service (docs/operations.md "Metrics"): only with the bearer token, in the Prometheus
// text format, one registry per app. Standalone on PGlite and the in-memory bus: HTTP latency by route
// pattern, points ingested / rejected / written, pool, consumer lag and process metrics. Cluster: the
// gateway labels proxied requests with the proxy's pattern and does not forward /metrics to a service.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { EventPublisher, InMemoryBroker } from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { startClusterGateway, type ClusterGateway } from './cluster-gateway';
import { parsePrometheusText, sampleValue, type Sample } from './prometheus-text';
import { startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const METRICS_TOKEN = 'metrics-token-of-the-test';

async function scrape(app: NestFastifyApplication, token = METRICS_TOKEN): Promise<Sample[]> {
  const answer = await request(app.getHttpServer())
    .get('/metrics')
    .set('authorization', `Bearer ${token}`)
    .expect(200);
  expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(answer.text);
}

const requestCount = (samples: Sample[], labels: Record<string, string>) =>
  sampleValue(samples, 'plantlens_http_request_duration_seconds_count', labels) ?? 0;

describe('metrics of a standalone service', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await startTestApp('metrics-standalone', [IdentityModule, VariablesModule], {
      METRICS_TOKEN,
    });
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
  });
  afterAll(() => app?.close());

  it('answers only the bearer of the token, with 401 and no detail otherwise', async () => {
    const http = () => request(app.getHttpServer()).get('/metrics');
    for (const answer of [
      await http(),
      await http().set('authorization', 'Bearer wrong-token-of-the-test'),
      await http().set('authorization', `Bearer ${METRICS_TOKEN}x`),
      await http().set('authorization', METRICS_TOKEN),
      // The user's header of the API is not the scraper's.
      await http().set('x-authorization', `Bearer ${METRICS_TOKEN}`),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'A valid metrics bearer token is required',
      });
    }
    const samples = await scrape(app);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((sample) => sample.labels.service === 'metrics-standalone')).toBe(true);
  });

  it('counts a request under its route pattern and status, never under its raw URL', async () => {
    const route = '/api/web/query/:id/permissions/users';
    const before = requestCount(await scrape(app), { method: 'GET', route, status: '404' });
    await admin.get('/api/web/query/424242/permissions/users').expect(404);
    await request(app.getHttpServer()).get('/no-such-page/31337').expect(404);
    const samples = await scrape(app);
    expect(requestCount(samples, { method: 'GET', route, status: '404' })).toBe(before + 1);
    expect(requestCount(samples, { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].filter((label) => /424242|31337/.test(label!))).toEqual([]);
    // The scrapes themselves are not measured.
    expect(routes.has('/metrics')).toBe(false);
    // One histogram: a bucket per bound up to 10 s, and +Inf.
    const buckets = samples.filter(
      (sample) =>
        sample.name === 'plantlens_http_request_duration_seconds_bucket' &&
        sample.labels.route === route &&
        sample.labels.status === '404',
    );
    expect(buckets.map((sample) => sample.labels.le)).toEqual([
      ...['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'],
      '+Inf',
    ]);
  });

  it('counts the points a CSV upload stores as ingested from csv-upload and written', async () => {
    const before = await scrape(app);
    const at = Math.floor(Date.now() / 1000) - 3600;
    const file = `timestamp,metrics_a,metrics_b\n${at},1,2\n${at + 1},3,4\n${at + 2},5,6\n`;
    const summary = await admin
      .post('/api/web/csv-upload')
      .query({ unknownVariables: 'create' })
      .set('content-type', 'text/csv')
      .send(file)
      .expect(200);
    expect(summary.body.pointsPublished).toBe(6);
    await app.get(InMemoryBroker).drain(Topics.measurements);
    const after = await scrape(app);
    const ingested = (samples: Sample[]) =>
      sampleValue(samples, 'plantlens_points_ingested_total', { source: 'csv-upload' }) ?? 0;
    const written = (samples: Sample[]) => sampleValue(samples, 'plantlens_points_written_total') ?? 0;
    expect(ingested(after) - ingested(before)).toBe(6);
    expect(written(after) - written(before)).toBe(6);
  });

  it('counts rejected points by reason, and a source of its own as other', async () => {
    const rejected = (samples: Sample[], reason: string) =>
      sampleValue(samples, 'plantlens_points_rejected_total', { reason });
    const before = await scrape(app);
    // Every reason is there from the start.
    expect(rejected(before, 'future-timestamp')).toBe(0);
    const now = Date.now();
    await app.get(EventPublisher).publish(
      Topics.measurements,
      {
        source: 'a-plc-of-the-plant',
        points: [
          { variableId: 1, ts: now, value: 'high' },
          { variableId: 999_999, ts: now, value: 1 },
          { variableId: 999_999, ts: now + 1, value: 2 },
        ],
      },
      'metrics',
    );
    await app.get(InMemoryBroker).drain(Topics.measurements);
    const after = await scrape(app);
    expect(rejected(after, 'invalid-point')! - rejected(before, 'invalid-point')!).toBe(1);
    expect(rejected(after, 'unknown-variable')! - rejected(before, 'unknown-variable')!).toBe(2);
    expect(sampleValue(after, 'plantlens_points_ingested_total', { source: 'other' })).toBe(3);
    expect(after.some((sample) => sample.labels.source === 'a-plc-of-the-plant')).toBe(false);
  });

  it('shows the pool, the lag of the consumer group and the Node.js process', async () => {
    await app.get(InMemoryBroker).drain();
    const samples = await scrape(app);
    // PGlite: one connection.
    expect(sampleValue(samples, 'plantlens_db_pool_connections', { state: 'total' })).toBe(1);
    expect(sampleValue(samples, 'plantlens_db_pool_connections', { state: 'waiting' })).toBe(0);
    const lag = { group: 'metrics-standalone', topic: Topics.measurements, partition: '0' };
    expect(sampleValue(samples, 'plantlens_consumer_lag_messages', lag)).toBe(0);
    expect(sampleValue(samples, 'plantlens_consumer_lag_seconds', lag)).toBe(0);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });
});

describe('metrics in cluster mode', () => {
  let cluster: ClusterGateway;

  // The token on the gateway only: the service behind it has metrics off.
  beforeAll(async () => {
    cluster = await startClusterGateway([IdentityModule, VariablesModule], 'metrics1', { METRICS_TOKEN });
  });
  afterAll(() => cluster?.close());

  it('answers 404 where no token is configured, also through the gateway', async () => {
    const off = await request(cluster.services.getHttpServer())
      .get('/metrics')
      .set('authorization', `Bearer ${METRICS_TOKEN}`)
      .expect(404);
    expect(off.body.message).toBe('Metrics are off: METRICS_TOKEN is not set');
    // The gateway answers /metrics itself (its own figures); it never forwards it to a service.
    const own = await scrape(cluster.gateway);
    expect(own.every((sample) => sample.labels.service === 'gateway')).toBe(true);
  });

  it('labels a forwarded request with the proxy pattern, and counts it in the gateway only', async () => {
    const gatewayBefore = await scrape(cluster.gateway);
    const signedIn = await request(cluster.gateway.getHttpServer())
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'metrics1' })
      .expect(200);
    const client = apiClient(cluster.gateway, signedIn.body.accessToken as string);
    await client.get('/api/web/query/77/permissions/users').expect(404);
    const gatewayAfter = await scrape(cluster.gateway);
    const proxied = { method: 'GET', route: '/api/web/query/*', status: '404' };
    expect(requestCount(gatewayAfter, proxied) - requestCount(gatewayBefore, proxied)).toBe(1);
    expect(requestCount(gatewayAfter, { route: '/api/web/query/:id/permissions/users' })).toBe(0);
    // Two apps in one process, one registry each: the service counted the request in its own, which
    // the gateway's answer does not show, and the gateway's scrape shows no service's series.
    expect(gatewayAfter.some((sample) => sample.labels.service === 'services')).toBe(false);
  });
});
