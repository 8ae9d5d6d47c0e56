// Metrics of a cluster-mode service on the shared PostgreSQL and Kafka: the variables service counts the
// points it consumes from Kafka, reports its group's lag per partition from the broker (0 once it has
// read everything) and the node-postgres pool.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MeasurementSources, Topics } from '@plantlens/contracts';
import { EventPublisher } from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import { eventually } from './aggregate-scenario';
import { prepareClusterRun, type ClusterRun } from './cluster-run';
import { freePort } from './free-port';
import { sampleValue, scrapeMetrics, type Sample } from './prometheus-text';

const METRICS_TOKEN = 'metrics-token-of-the-cluster-test';
const BATCHES = 12;
const POINTS_PER_BATCH = 5;

describe('metrics of the variables service on Kafka and PostgreSQL', () => {
  let cluster: ClusterRun;
  let variables: NestFastifyApplication | undefined;

  beforeAll(async () => {
    cluster = await prepareClusterRun('metrics', {
      METRICS_TOKEN,
      IDENTITY_URL: `http://127.0.0.1:${await freePort()}`,
    });
    await cluster.startGroupsAtEnd(['variables'], [Topics.measurements, Topics.derivedMeasurements]);
    variables = await cluster.service('variables', [VariablesModule], await freePort());
  });
  afterAll(async () => {
    await variables?.close();
    await cluster?.dropDatabase();
  });

  it('counts consumed points, and shows the lag of its group at 0 on every partition once caught up', async () => {
    // Variable ids nobody declared: each point is consumed and rejected as unknown-variable.
    const now = Date.now();
    for (let batch = 0; batch < BATCHES; batch += 1) {
      await variables!.get(EventPublisher).publish(
        Topics.measurements,
        {
          source: MeasurementSources.simulator,
          points: Array.from({ length: POINTS_PER_BATCH }, (_, index) => ({
            variableId: 2_100_000_000 + batch,
            ts: now - index * 1000,
            value: index,
          })),
        },
        `metrics-${batch}`,
      );
    }
    const group = `metrics-it-${cluster.run}-variables`;
    const lagOf = (samples: Sample[], name: string) =>
      samples.filter((sample) => sample.name === name && sample.labels.group === group);
    const samples = await eventually(
      () => scrapeMetrics(variables!, METRICS_TOKEN),
      (current) =>
        sampleValue(current, 'plantlens_points_ingested_total', { source: 'simulator' }) ===
          BATCHES * POINTS_PER_BATCH &&
        // A batch counts as ingested before its variables are looked up and it is refused; and the lag is
        // read at most every 5 s, so 0 may predate the last batch: wait for both ends.
        sampleValue(current, 'plantlens_points_rejected_total', { reason: 'unknown-variable' }) ===
          BATCHES * POINTS_PER_BATCH &&
        lagOf(current, 'plantlens_consumer_lag_messages').some(
          (sample) => sample.labels.topic === Topics.measurements,
        ) &&
        lagOf(current, 'plantlens_consumer_lag_messages').every((sample) => sample.value === 0),
      60_000,
      1_000,
    );
    expect(sampleValue(samples, 'plantlens_points_rejected_total', { reason: 'unknown-variable' })).toBe(
      BATCHES * POINTS_PER_BATCH,
    );
    const partitions = cluster.config().KAFKA_TOPIC_PARTITIONS;
    for (const name of ['plantlens_consumer_lag_messages', 'plantlens_consumer_lag_seconds']) {
      const measurements = lagOf(samples, name).filter(
        (sample) => sample.labels.topic === Topics.measurements,
      );
      expect(measurements.map((sample) => Number(sample.labels.partition)).sort((a, b) => a - b)).toEqual(
        Array.from({ length: partitions }, (_, partition) => partition),
      );
      expect(measurements.every((sample) => sample.value === 0)).toBe(true);
    }
    expect(sampleValue(samples, 'plantlens_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'plantlens_db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});
