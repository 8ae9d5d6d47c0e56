// The five services of the cluster mode over the shared PostgreSQL and Kafka (cluster-run.ts), each on a port
// of its own, the gateway running the simulator, and a real Prometheus (tools/prometheus/start.sh) scraping
// every service's /metrics each second with the bearer METRICS_TOKEN. Everything is asserted through
// Prometheus' query API, as an operator's dashboards and alerts would see it (docs/operations.md "Prometheus").
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { createServiceApp } from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { gatewayService } from '../src/gateway-service';
import { eventually } from './aggregate-scenario';
import { apiClient, signIn } from './api-client';
import { prepareClusterRun, type ClusterRun } from './cluster-run';
import { freePort } from './free-port';
import { startTestPrometheus, type PrometheusSample, type TestPrometheus } from './test-prometheus';

const SUPERADMIN_PASSWORD = 'prometheus1';
const METRICS_TOKEN = randomBytes(32).toString('base64url');
const SERVICES = ['gateway', 'identity', 'variables', 'rules-engine', 'valve-monitor'] as const;
const CONSUMERS = ['variables', 'rules-engine', 'valve-monitor'];
// Long enough for a few 1 s scrapes on a loaded machine.
const WINDOW = '15s';

const total = (samples: PrometheusSample[]) => samples.reduce((sum, { value }) => sum + value, 0);

describe('Prometheus scraping the cluster mode while the simulator runs', () => {
  let cluster: ClusterRun | undefined;
  let prometheus: TestPrometheus | undefined;
  const apps: NestFastifyApplication[] = [];
  const query = (promql: string) => prometheus!.query(promql);

  beforeAll(async () => {
    const ports = Object.fromEntries(
      await Promise.all(SERVICES.map(async (service) => [service, await freePort()] as const)),
    ) as Record<(typeof SERVICES)[number], number>;
    const url = (port: number) => `http://127.0.0.1:${port}`;
    cluster = await prepareClusterRun('prometheus', {
      SUPERADMIN_PASSWORD,
      METRICS_TOKEN,
      IDENTITY_URL: url(ports.identity),
      VARIABLES_URL: url(ports.variables),
      RULES_URL: url(ports['rules-engine']),
      VALVES_URL: url(ports['valve-monitor']),
    });
    // The busy topics: the run's consumers skip what earlier runs left there (as aggregate-scenario does).
    await cluster.startGroupsAtEnd(CONSUMERS, [Topics.measurements, Topics.derivedMeasurements]);
    apps.push(await cluster.service('identity', [IdentityModule], ports.identity, cluster.signing));
    apps.push(await cluster.service('variables', [VariablesModule], ports.variables));
    apps.push(await cluster.service('rules-engine', [RulesModule], ports['rules-engine']));
    apps.push(await cluster.service('valve-monitor', [ValvesModule], ports['valve-monitor']));
    // Live points only, every second: the counters move from the first scrapes on.
    const gateway = await createServiceApp(
      gatewayService(
        cluster.config({
          GATEWAY_MODE: 'cluster',
          WEB_ROOT: '/nonexistent-web-build',
          SIMULATOR_ENABLED: 'true',
          SIMULATOR_BACKFILL_HOURS: '0',
          SIMULATOR_VALVE_DETAIL_HOURS: '0',
          SIMULATOR_LIVE_INTERVAL_SECONDS: '1',
        }),
      ),
    );
    apps.unshift(gateway);
    await gateway.listen(ports.gateway, '127.0.0.1');
    prometheus = await startTestPrometheus(
      SERVICES.map((service) => `127.0.0.1:${ports[service]}`),
      METRICS_TOKEN,
    );
  }, 180_000);

  afterAll(async () => {
    await prometheus?.stop();
    // The gateway first (its simulator stops publishing), then the services together: each consumer's
    // leaving its group takes seconds.
    const [gateway, ...services] = apps;
    await gateway?.close();
    await Promise.all(services.map((app) => app.close()));
    await cluster?.dropDatabase();
  }, 60_000);

  it('scrapes every service with the bearer token (up == 1), each series labelled with its service', async () => {
    const up = await eventually(
      () => query('up{job="plantlens"}'),
      (samples) => samples.length === SERVICES.length && samples.every(({ value }) => value === 1),
      30_000,
      500,
    );
    expect(up).toHaveLength(SERVICES.length);
    // Node.js process metrics of every service, told apart by the default label service="<name>".
    const processes = await query('count by (service) (process_cpu_user_seconds_total{job="plantlens"})');
    expect(processes.map(({ labels }) => labels.service).sort()).toEqual([...SERVICES].sort());
  });

  it('shows points ingested per second above zero, and the ingested and written counters growing', async () => {
    const rate = await eventually(
      () => query(`sum(rate(plantlens_points_ingested_total{service="variables"}[${WINDOW}]))`),
      (samples) => total(samples) > 0,
      30_000,
      500,
    );
    expect(total(rate)).toBeGreaterThan(0);
    const counters = async () => ({
      ingested: total(await query('sum(plantlens_points_ingested_total{service="variables"})')),
      written: total(await query('sum(plantlens_points_written_total{service="variables"})')),
    });
    const first = await counters();
    const later = await eventually(
      counters,
      (now) => now.ingested > first.ingested && now.written > first.written,
      20_000,
      500,
    );
    expect(later.ingested).toBeGreaterThan(first.ingested);
    expect(later.written).toBeGreaterThan(first.written);
  });

  it('reports consumer lag in messages and seconds for every partition the services consume', async () => {
    const admin = new Kafka({
      clientId: cluster!.settings.KAFKA_CLIENT_ID,
      brokers: cluster!.settings.KAFKA_BROKERS.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const [{ partitions }] = (await admin.fetchTopicMetadata({ topics: [Topics.measurements] })).topics;
      const expected = partitions.map(({ partitionId }) => String(partitionId)).sort();
      const partitionsOf = (samples: PrometheusSample[]) =>
        samples.map(({ labels }) => labels.partition).sort();
      const series = (metric: string, service: string) =>
        query(`${metric}{service="${service}", topic="${Topics.measurements}"}`);

      for (const service of CONSUMERS) {
        const messages = await eventually(
          () => series('plantlens_consumer_lag_messages', service),
          (samples) => partitionsOf(samples).join() === expected.join(),
          30_000,
          500,
        );
        expect(partitionsOf(messages)).toEqual(expected);
        for (const { value } of messages) expect(value).toBeGreaterThanOrEqual(0);
        // The group label names the service's real Kafka group: the run's own, consuming now.
        const groups = [...new Set(messages.map(({ labels }) => labels.group))];
        expect(groups).toHaveLength(1);
        expect(groups[0]).toContain(cluster!.run);
        const [described] = (await admin.describeGroups(groups)).groups;
        expect(described.state).toBe('Stable');
        // Seconds behind need a handled message's timestamp when a partition is behind: a partition can
        // miss from one scrape while its first message waits, never be one the group does not consume.
        const seconds = await eventually(
          () => series('plantlens_consumer_lag_seconds', service),
          (samples) => samples.length > 0,
          30_000,
          500,
        );
        for (const { labels, value } of seconds) {
          expect(labels.group).toBe(groups[0]);
          expect(expected).toContain(labels.partition);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }
    } finally {
      await admin.disconnect();
    }
  });

  it('keeps request latency histograms by method, route and status, and gives a p95 after API requests', async () => {
    const gateway = apps[0];
    const api = apiClient(gateway, await signIn(gateway, 'admin', SUPERADMIN_PASSWORD));
    // Through the cluster gateway, as the web app calls the variables service.
    for (let request = 0; request < 5; request += 1) await api.get('/api/web/variable/page').expect(200);

    const buckets = await eventually(
      () =>
        query(
          'plantlens_http_request_duration_seconds_bucket{service="variables", method="GET", route="/api/web/variable/page", status="200"}',
        ),
      (samples) => samples.some(({ labels, value }) => labels.le === '+Inf' && value >= 5),
      30_000,
      500,
    );
    expect(buckets.length).toBeGreaterThan(1);
    // A rate needs the series to grow after its first scrape: a series born with its 5 counts has rate 0.
    for (let request = 0; request < 5; request += 1) await api.get('/api/web/variable/page').expect(200);
    const p95 = await eventually(
      () =>
        query(
          `histogram_quantile(0.95, sum by (le) (rate(plantlens_http_request_duration_seconds_bucket{service="variables"}[1m])))`,
        ),
      (samples) => samples.length === 1 && Number.isFinite(samples[0].value),
      30_000,
      500,
    );
    expect(p95[0].value).toBeGreaterThan(0);
  });
});
