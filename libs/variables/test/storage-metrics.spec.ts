// The figures of the time-series store in the service's registry: rollup lag, database size, points stored.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Database, IN_MEMORY_DATA_DIR, loadPlatformConfig, MetricsRegistry } from '@plantlens/platform';
import { IngestionService, RollupService } from '../src';
import { STORAGE_STATS_MAX_AGE_MS } from '../src/storage/storage-metrics';
import { declareVariables, startVariablesService } from './measurement-pipeline.scenario';

async function samples(app: NestFastifyApplication, name: string) {
  const metric = app.get(MetricsRegistry).getSingleMetric(name);
  if (!metric) throw new Error(`${name} is not registered`);
  return (await metric.get()).values;
}

async function storedPoints(app: NestFastifyApplication): Promise<number> {
  const [row] = await app
    .get(Database)
    .withConnection((connection) =>
      connection.query<{ count: number }>(`select count(*)::int as count from variables.measurement`),
    );
  return row?.count ?? 0;
}

describe('storage metrics (PGlite)', () => {
  let app: NestFastifyApplication;
  let variableId: number;
  const now = Math.floor(Date.now() / 1000) * 1000;
  let written = 0;

  // A minute of points, one a second, ending now; each call writes the minute before the previous one.
  async function writeMinute(): Promise<void> {
    const end = now - written * 1000;
    const points = Array.from({ length: 60 }, (_, i) => ({ variableId, ts: end - i * 1000, value: i }));
    const result = await app.get(IngestionService).ingest({ source: 'test', points });
    expect(result).toEqual({ stored: 60, rejected: {} });
    written += 60;
  }

  beforeAll(async () => {
    app = await startVariablesService(
      loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
    );
    [variableId] = await declareVariables(app, ['storage_metrics_signal']);
  });
  afterAll(() => app?.close());

  it('reports the rollup lag of every resolution as the time since maintenance last caught up', async () => {
    await writeMinute();
    const before = Date.now();
    await app.get(RollupService).catchUp();
    const lag = await samples(app, 'plantlens_rollup_lag_seconds');
    expect(lag.map((sample) => sample.labels.resolution)).toEqual([
      '10s',
      '30s',
      '60s',
      '600s',
      '3600s',
      '14400s',
      '86400s',
    ]);
    for (const sample of lag) {
      expect(sample.value).toBeGreaterThanOrEqual(0);
      expect(sample.value).toBeLessThanOrEqual((Date.now() - before) / 1000);
    }
  });

  it('reports the database size and the raw points stored, read at most every 15 s', async () => {
    await writeMinute();
    // PGlite publishes its row statistics at most once a second, after a statement.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.get(Database).ping();
    const points = await storedPoints(app);
    expect(points).toBe(written);
    const [size] = await app
      .get(Database)
      .withConnection((connection) =>
        connection.query<{ bytes: number }>(`select pg_database_size(current_database())::float8 as bytes`),
      );

    const readAt = Date.now();
    expect(await samples(app, 'plantlens_points_stored')).toEqual([{ labels: {}, value: points }]);
    const [databaseSize] = await samples(app, 'plantlens_database_size_bytes');
    expect(databaseSize?.value).toBeGreaterThan(0.9 * size!.bytes);
    expect(databaseSize?.value).toBeLessThan(1.1 * size!.bytes);

    // Within the cache's age a scrape does not query again.
    await writeMinute();
    if (Date.now() - readAt < STORAGE_STATS_MAX_AGE_MS)
      expect(await samples(app, 'plantlens_points_stored')).toEqual([{ labels: {}, value: points }]);
  });
});
