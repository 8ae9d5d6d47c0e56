// The sampler in front of a cluster: real HTTP servers answer /metrics with real prom-client registries,
// behind the bearer token as the services do; one service is down, one refuses the token.
import { IN_MEMORY_DATA_DIR, loadPlatformConfig, MetricsRegistry } from '@plantlens/platform';
import { Counter, Registry } from 'prom-client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceSampler } from '../src/performance/performance-sampler.service';

const TOKEN = 'sampler-test-token';

async function metricsServer(registry: Registry, token: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics' || request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(request.url === '/metrics' ? 401 : 404).end();
      return;
    }
    void registry
      .metrics()
      .then((text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('PerformanceSampler in cluster mode', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((closed) => server.close(closed)))));

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

    const config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      GATEWAY_MODE: 'cluster',
      METRICS_TOKEN: TOKEN,
      IDENTITY_URL: wrongToken.url,
      VARIABLES_URL: variables.url,
      RULES_URL: `${closed.url}/`,
      VALVES_URL: closed.url,
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
      { name: 'identity', up: false, error: 'HTTP 401' },
      { name: 'variables', up: true },
      { name: 'rules-engine, valve-monitor', up: false, error: expect.stringContaining('ECONNREFUSED') },
    ]);
    expect(figures.history).toHaveLength(2);
    expect(figures.history[0]!.pointsInPerSecond).toBeNull();
    expect(figures.current).toBe(figures.history[1]);
    expect(figures.current!.pointsInPerSecond).toBeGreaterThan(0);
    const seconds = (Date.parse(figures.history[1]!.at) - Date.parse(figures.history[0]!.at)) / 1000;
    expect(figures.current!.pointsInPerSecond).toBeCloseTo(500 / seconds);
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
        error: 'METRICS_TOKEN is not set',
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
});
