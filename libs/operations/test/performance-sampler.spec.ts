// The sampler in front of a cluster: real HTTP servers answer /metrics with real prom-client registries,
// behind the bearer token as the services do; one service is down, one refuses the token.
import { performanceDtoSchema } from '@plantlens/contracts';
import { IN_MEMORY_DATA_DIR, loadPlatformConfig, MetricsRegistry } from '@plantlens/platform';
import { Counter, Gauge, Registry } from 'prom-client';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceSampler } from '../src/performance/performance-sampler.service';

const TOKEN = 'sampler-test-token';

async function httpServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(answer);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const metricsServer = (registry: Registry, token: string) =>
  httpServer((request, response) => {
    if (request.url !== '/metrics' || request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(request.url === '/metrics' ? 401 : 404).end();
      return;
    }
    void registry
      .metrics()
      .then((text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text));
  });

const configFor = (urls: { identity: string; variables: string; rules: string; valves: string }) =>
  loadPlatformConfig({
    DATA_DIR: IN_MEMORY_DATA_DIR,
    GATEWAY_MODE: 'cluster',
    METRICS_TOKEN: TOKEN,
    IDENTITY_URL: urls.identity,
    VARIABLES_URL: urls.variables,
    RULES_URL: urls.rules,
    VALVES_URL: urls.valves,
  });

describe('PerformanceSampler in cluster mode', () => {
  const servers: Server[] = [];
  afterAll(() =>
    Promise.all(
      servers.map((server) => {
        server.closeAllConnections();
        return new Promise((closed) => server.close(closed));
      }),
    ),
  );

  it("reads each service's /metrics with the token, and lists one that does not answer as down", async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'variables' });
    const ingested = new Counter({
      name: 'plantlens_points_ingested_total',
      help: 'points in',
      labelNames: ['source'],
      registers: [registry],
    });
    ingested.inc({ source: 'kafka' }, 10);
    const variables = await metricsServer(registry, TOKEN);
    const wrongToken = await metricsServer(new Registry(), 'another token');
    servers.push(variables.server, wrongToken.server);
    const closed = await metricsServer(new Registry(), TOKEN);
    await new Promise((done) => closed.server.close(done));

    const config = configFor({
      identity: wrongToken.url,
      variables: variables.url,
      rules: `${closed.url}/`,
      valves: closed.url,
    });
    const sampler = new PerformanceSampler(config, new MetricsRegistry());
    expect(sampler.figures()).toEqual({
      sampleSeconds: 5,
      current: null,
      consumerGroups: [],
      history: [],
      services: [],
    });

    await sampler.sampleNow();
    ingested.inc({ source: 'kafka' }, 500);
    await sampler.sampleNow();

    const figures = sampler.figures();
    expect(figures.services).toEqual([
      {
        name: 'identity',
        up: false,
        failure: { kind: 'http-status', status: 401, detail: 'HTTP 401 Unauthorized' },
      },
      { name: 'variables', up: true },
      {
        name: 'rules-engine, valve-monitor',
        up: false,
        failure: {
          kind: 'unreachable',
          detail: expect.stringMatching(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/),
        },
      },
    ]);
    expect(performanceDtoSchema.parse(figures)).toEqual(figures);
    expect(figures.history).toHaveLength(2);
    expect(figures.history[0]!.pointsInPerSecond).toBeNull();
    expect(figures.current).toBe(figures.history[1]);
    expect(figures.current!.pointsInPerSecond).toBeGreaterThan(0);
    const seconds = (Date.parse(figures.history[1]!.at) - Date.parse(figures.history[0]!.at)) / 1000;
    expect(figures.current!.pointsInPerSecond).toBeCloseTo(500 / seconds);
  });

  it('tells a service that does not answer in time from one whose answer is not metrics, and never shows the token', async () => {
    const silent = await httpServer(() => undefined);
    const page = await httpServer((_, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>'),
    );
    // A misrouted URL answering what it was sent: the token is in the answer the parser quotes.
    const echo = await httpServer((request, response) =>
      response.writeHead(200).end(JSON.stringify({ headers: request.headers })),
    );
    const variables = await metricsServer(new Registry(), TOKEN);
    servers.push(silent.server, page.server, echo.server, variables.server);
    const sampler = new PerformanceSampler(
      configFor({ identity: silent.url, variables: variables.url, rules: page.url, valves: echo.url }),
      new MetricsRegistry(),
    );

    await sampler.sampleNow();

    const { services } = sampler.figures();
    expect(services).toEqual([
      {
        name: 'identity',
        up: false,
        failure: { kind: 'timeout', detail: 'The operation was aborted due to timeout' },
      },
      { name: 'variables', up: true },
      {
        name: 'rules-engine',
        up: false,
        failure: { kind: 'unreadable', detail: 'not a metric line: <html><body>Sign in</body></html>' },
      },
      {
        name: 'valve-monitor',
        up: false,
        failure: {
          kind: 'unreadable',
          detail: expect.stringContaining('"authorization":"Bearer <METRICS_TOKEN>"'),
        },
      },
    ]);
    expect(JSON.stringify(services)).not.toContain(TOKEN);
  });

  it('keeps a token that is not a valid header value out of the reason', async () => {
    const token = 'sampler-test\ntoken-0123';
    const config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      GATEWAY_MODE: 'cluster',
      METRICS_TOKEN: token,
      VARIABLES_URL: 'http://127.0.0.1:9',
    });
    const sampler = new PerformanceSampler(config, new MetricsRegistry());
    await sampler.sampleNow();
    const [variables] = sampler.figures().services;
    expect(variables).toMatchObject({
      up: false,
      failure: { detail: expect.stringContaining('<METRICS_TOKEN>') },
    });
    expect(JSON.stringify(variables)).not.toContain('token-0123');
  });

  it('says the token is missing instead of asking without it', async () => {
    const config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      GATEWAY_MODE: 'cluster',
      IDENTITY_URL: 'http://127.0.0.1:1',
      VARIABLES_URL: 'http://127.0.0.1:1',
      RULES_URL: 'http://127.0.0.1:1',
      VALVES_URL: 'http://127.0.0.1:1',
    });
    const sampler = new PerformanceSampler(config, new MetricsRegistry());
    await sampler.sampleNow();
    expect(sampler.figures().services).toEqual([
      {
        name: 'identity, variables, rules-engine, valve-monitor',
        up: false,
        failure: { kind: 'no-token', detail: 'METRICS_TOKEN is not set' },
      },
    ]);
  });
});

describe('PerformanceSampler in standalone', () => {
  it("reads the process's own registry", async () => {
    const registry = new MetricsRegistry();
    const written = new Counter({
      name: 'plantlens_points_written_total',
      help: 'written',
      registers: [registry],
    });
    const config = loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR });
    const sampler = new PerformanceSampler(config, registry);
    await sampler.sampleNow();
    written.inc(1_000);
    await new Promise((later) => setTimeout(later, 20)); // samples taken in one millisecond make no rate
    await sampler.sampleNow();
    const figures = sampler.figures();
    expect(figures.services).toEqual([{ name: 'standalone', up: true }]);
    expect(figures.current!.pointsWrittenPerSecond).toBeGreaterThan(0);
    expect(figures.current!.pointsInPerSecond).toBeNull();
  });

  it('lists its own registry as unreadable when a metric fails to collect', async () => {
    const registry = new MetricsRegistry();
    new Gauge({
      name: 'plantlens_broken',
      help: 'a gauge whose reading fails',
      registers: [registry],
      collect() {
        throw new Error('the pool is gone');
      },
    });
    const sampler = new PerformanceSampler(loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR }), registry);
    await sampler.sampleNow();
    expect(sampler.figures().services).toEqual([
      { name: 'standalone', up: false, failure: { kind: 'unreadable', detail: 'the pool is gone' } },
    ]);
  });
});
