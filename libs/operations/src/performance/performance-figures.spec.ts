import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { histogramQuantile, performanceFigures, type MetricsReading } from './performance-figures';
import { parsePrometheusText } from './prometheus-text';

// Two services' registries with the metrics of docs/operations.md, as the services create them.
function serviceMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const registers = [registry];
  const lagGauge = (name: string) =>
    new Gauge({ name, help: 'lag', labelNames: ['group', 'topic', 'partition'], registers });
  return {
    registry,
    ingested: new Counter({
      name: 'plantlens_points_ingested_total',
      help: 'in',
      labelNames: ['source'],
      registers,
    }),
    written: new Counter({ name: 'plantlens_points_written_total', help: 'written', registers }),
    lagMessages: lagGauge('plantlens_consumer_lag_messages'),
    lagSeconds: lagGauge('plantlens_consumer_lag_seconds'),
    rollupLag: new Gauge({
      name: 'plantlens_rollup_lag_seconds',
      help: 'rollup',
      labelNames: ['resolution'],
      registers,
    }),
    rulesLag: new Gauge({ name: 'plantlens_rules_lag_seconds', help: 'rules', registers }),
    latency: new Histogram({
      name: 'plantlens_http_request_duration_seconds',
      help: 'latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.01, 0.1, 1],
      registers,
    }),
    databaseSize: new Gauge({ name: 'plantlens_database_size_bytes', help: 'size', registers }),
    pointsStored: new Gauge({ name: 'plantlens_points_stored', help: 'points', registers }),
  };
}

async function reading(atMs: number, ...registries: Registry[]): Promise<MetricsReading> {
  const texts = await Promise.all(registries.map((registry) => registry.metrics()));
  // The sampler labels each service's samples with their `instance`, as a Prometheus scrape does.
  const samples = texts
    .flatMap(parsePrometheusText)
    .map((sample) => ({ ...sample, labels: { ...sample.labels, instance: sample.labels.service! } }));
  return { at: new Date(atMs), samples };
}

describe('performanceFigures', () => {
  it('turns two readings of the services into rates, lags, latency quantiles and storage figures', async () => {
    const variables = serviceMetrics('variables');
    const rules = serviceMetrics('rules-engine');
    variables.ingested.inc({ source: 'kafka' }, 1_000);
    variables.written.inc(900);
    const first = await reading(0, variables.registry, rules.registry);
    expect(performanceFigures(first).sample).toMatchObject({
      at: '1970-01-01T00:00:00.000Z',
      pointsInPerSecond: null,
      pointsWrittenPerSecond: null,
      latencyP50Seconds: null,
      databaseSizeBytes: 0,
      bytesPerPoint: null,
    });

    variables.ingested.inc({ source: 'kafka' }, 400);
    variables.written.inc(450);
    rules.ingested.inc({ source: 'kafka' }, 100); // a series new on a service already read: all of it counts
    variables.lagMessages.set({ group: 'variables', topic: 'measurements', partition: '0' }, 30);
    variables.lagMessages.set({ group: 'variables', topic: 'measurements', partition: '1' }, 12);
    variables.lagSeconds.set({ group: 'variables', topic: 'measurements', partition: '0' }, 2);
    variables.lagSeconds.set({ group: 'variables', topic: 'measurements', partition: '1' }, 3.5);
    rules.lagMessages.set({ group: 'rules-engine', topic: 'measurements', partition: '0' }, 5);
    variables.rollupLag.set({ resolution: '1m' }, 20);
    variables.rollupLag.set({ resolution: '1h' }, 65);
    rules.rulesLag.set(0.8);
    const route = { method: 'GET', route: '/api/web/tag', status: '200' };
    for (let i = 0; i < 10; i += 1) variables.latency.observe(route, 0.005);
    for (let i = 0; i < 10; i += 1) rules.latency.observe(route, 0.5);
    variables.databaseSize.set(2_000_000);
    variables.pointsStored.set(40_000);
    const second = await reading(5_000, variables.registry, rules.registry);

    const { sample, consumerGroups } = performanceFigures(second, first);
    expect(sample).toEqual({
      at: '1970-01-01T00:00:05.000Z',
      pointsInPerSecond: 100,
      pointsWrittenPerSecond: 90,
      consumerLagMessages: 47,
      consumerLagSeconds: 3.5,
      rollupLagSeconds: 65,
      rulesLagSeconds: 0.8,
      // 20 requests: half in (0, 0.01], half in (0.1, 1]
      latencyP50Seconds: 0.01,
      latencyP95Seconds: expect.closeTo(0.1 + 0.9 * 0.9, 10),
      databaseSizeBytes: 2_000_000,
      bytesPerPoint: 50,
    });
    expect(consumerGroups).toEqual([
      { group: 'rules-engine', lagMessages: 5, lagSeconds: null },
      { group: 'variables', lagMessages: 42, lagSeconds: 3.5 },
    ]);

    // Only the interval counts: requests of earlier intervals are left out of the quantiles.
    rules.ingested.inc({ source: 'kafka' }, 50);
    variables.latency.observe(route, 2);
    const third = await reading(10_000, variables.registry, rules.registry);
    expect(performanceFigures(third, second).sample).toMatchObject({
      pointsInPerSecond: 10,
      pointsWrittenPerSecond: 0,
      latencyP50Seconds: 1,
      latencyP95Seconds: 1,
    });
  });

  it('counts a reset counter (a restarted service) from zero, and a service back from down from the next reading', async () => {
    const before = serviceMetrics('variables');
    before.ingested.inc({ source: 'simulator' }, 10_000);
    const restarted = serviceMetrics('variables');
    restarted.ingested.inc({ source: 'simulator' }, 30);
    const backFromDown = serviceMetrics('rules-engine');
    backFromDown.ingested.inc({ source: 'kafka' }, 5_000);
    const figures = performanceFigures(
      await reading(2_000, restarted.registry, backFromDown.registry),
      await reading(0, before.registry),
    );
    expect(figures.sample.pointsInPerSecond).toBe(15);
    expect(figures.sample.pointsWrittenPerSecond).toBe(0);
  });
});

describe('histogramQuantile', () => {
  it('interpolates inside the bucket holding the rank, as Prometheus does', () => {
    const buckets = [
      { le: 0.1, count: 50 },
      { le: 0.5, count: 90 },
      { le: Infinity, count: 100 },
    ];
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.1);
    expect(histogramQuantile(0.7, buckets)).toBeCloseTo(0.3);
    expect(histogramQuantile(0.95, buckets)).toBe(0.5);
    expect(histogramQuantile(0.5, [{ le: Infinity, count: 0 }])).toBeNull();
    expect(histogramQuantile(0.5, [])).toBeNull();
  });
});
