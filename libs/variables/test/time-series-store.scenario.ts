// The time-series store on its own (writer, rollups, reads, retention), written once and run on PGlite in
// `npm test` and on PostgreSQL in the integration suite. Services are wired by hand so that every rollup
// run and every purge happens exactly when a test says so.
import { Logger } from '@nestjs/common';
import {
  Database,
  EventPublisher,
  InMemoryBroker,
  InMemoryClient,
  MetricsRegistry,
  SchemaMigrator,
  type PlatformConfig,
} from '@plantlens/platform';
import { AggregateCalculator } from '../src/aggregate-variable/aggregate-calculator.service';
import { AggregateCatalog } from '../src/aggregate-variable/aggregate-catalog.service';
import { AggregateSeriesRepository } from '../src/aggregate-variable/aggregate-series.repository';
import { variablesMigrations } from '../src/database/migrations';
import * as rollupLevels from '../src/database/migrations/0010-rollup-levels';
import { VARIABLES_SCHEMA } from '../src/database/variables-database';
import { timelineGrid, type TimelineGrid } from '../src/explorer/timeline-grid';
import { TimelineRepository } from '../src/explorer/timeline.repository';
import { TimelineService } from '../src/explorer/timeline.service';
import { IngestionService } from '../src/measurement/ingestion.service';
import { MeasurementMetrics } from '../src/measurement/measurement-metrics';
import { MeasurementWriter } from '../src/measurement/measurement-writer.service';
import { MeasurementRepository } from '../src/measurement/measurement.repository';
import { ReadCacheRepository } from '../src/read-cache/read-cache.repository';
import { ReadCacheService } from '../src/read-cache/read-cache.service';
import { RetentionPolicy } from '../src/retention/retention-policy';
import { RetentionRepository } from '../src/retention/retention.repository';
import { RetentionService } from '../src/retention/retention.service';
import { DAY_MS, ROLLUP_RESOLUTIONS_S } from '../src/rollup/rollup-resolutions';
import { RollupRepository } from '../src/rollup/rollup.repository';
import { RollupService } from '../src/rollup/rollup.service';
import { VariableRepository } from '../src/variable/variable.repository';
import { expectedRollups, rasterise, seededRandom, type Point, type RollupRow } from './time-series-fixtures';

export interface TimeSeriesStore {
  database: Database;
  variables: VariableRepository;
  ingestion: IngestionService;
  measurementMetrics: MeasurementMetrics;
  rollups: RollupService;
  retention: RetentionService;
  timeline: TimelineService;
  readCache: ReadCacheService;
}

export async function openTimeSeriesStore(config: PlatformConfig): Promise<TimeSeriesStore> {
  const database = await Database.open(config);
  await new SchemaMigrator(database).migrate(VARIABLES_SCHEMA, variablesMigrations);
  const variables = new VariableRepository(database);
  const policy = new RetentionPolicy(config);
  const readCache = new ReadCacheService(new ReadCacheRepository(database), config);
  const metrics = new MeasurementMetrics(new MetricsRegistry());
  const writer = new MeasurementWriter(new MeasurementRepository(database), readCache, metrics, database);
  const rollups = new RollupService(new RollupRepository(database), variables, policy);
  // No aggregate variables here: the calculator's catalogue stays empty and it never publishes.
  const aggregates = new AggregateCalculator(
    new AggregateCatalog(database),
    new AggregateSeriesRepository(database),
    new EventPublisher(new InMemoryClient(new InMemoryBroker())),
    config,
  );
  return {
    database,
    variables,
    ingestion: new IngestionService(writer, variables, policy, aggregates, metrics),
    measurementMetrics: metrics,
    rollups,
    retention: new RetentionService(new RetentionRepository(database), variables, policy, readCache),
    timeline: new TimelineService(variables, new TimelineRepository(database), rollups, readCache),
    readCache,
  };
}

// The scenario's retention: raw points 30 days, rollups 60 days.
export const SCENARIO_RETENTION = { RAW_RETENTION_DAYS: '30', ROLLUP_RETENTION_DAYS: '60' };

// On an even day since the epoch, so every grid the cases below expect (16-hour columns included) starts
// on a column boundary whatever the date of the run.
const T0 = Math.floor(Date.now() / (2 * DAY_MS)) * 2 * DAY_MS - 26 * DAY_MS;

function withoutSum(row: RollupRow): Omit<RollupRow, 'sum'> {
  const { sum: _sum, ...rest } = row;
  return rest;
}

export function describeTimeSeriesStore(
  mode: string,
  configure: () => Promise<{ config: PlatformConfig; cleanup?: () => Promise<void> }>,
): void {
  describe(`time-series store (${mode})`, () => {
    let store: TimeSeriesStore;
    let cleanup: (() => Promise<void>) | undefined;
    let declared = 0;

    async function declare(): Promise<number> {
      declared += 1;
      const reference = `ts_store_${process.pid}_${declared}`;
      const [row] = await store.variables.declareRaw([
        { clientReference: reference, name: reference, unit: null },
      ]);
      return row!.id;
    }

    async function write(variableId: number, points: readonly Point[]): Promise<void> {
      const result = await store.ingestion.ingest({
        source: 'test',
        points: points.map((point) => ({ variableId, ...point })),
      });
      expect(result).toEqual({ stored: points.length, rejected: {} });
    }

    async function stored(variableId: number): Promise<(Point & { version: string })[]> {
      return store.database.withConnection((connection) =>
        connection.query<Point & { version: string }>(
          `select round(date_part('epoch', ts) * 1000)::float8 as ts, value, xmin::text as version
           from variables.measurement where variable_id = $1 order by ts`,
          [variableId],
        ),
      );
    }

    async function storedRollups(variableId: number): Promise<RollupRow[]> {
      const ms = (column: string) => `round(date_part('epoch', ${column}) * 1000)::float8 as "${column}"`;
      const rows = await store.database.withConnection((connection) =>
        connection.query<Record<string, number>>(
          `select resolution_s as "resolutionS", ${ms('bucket')}, count, sum, min, ${ms('min_ts')}, max,
                  ${ms('max_ts')}, first, ${ms('first_ts')}, last, ${ms('last_ts')}
           from variables.rollup where variable_id = $1 order by resolution_s, bucket`,
          [variableId],
        ),
      );
      return rows.map((row) => ({
        resolutionS: row.resolutionS!,
        bucket: row.bucket!,
        count: row.count!,
        sum: row.sum!,
        min: row.min!,
        minTs: row.min_ts!,
        max: row.max!,
        maxTs: row.max_ts!,
        first: row.first!,
        firstTs: row.first_ts!,
        last: row.last!,
        lastTs: row.last_ts!,
      }));
    }

    // Exact for everything but the sum, whose float rounding depends on the order of addition. Rows are
    // compared as lines of text, reporting the first few that differ (a full diff of thousands is slow).
    function expectRollupsOf(actual: RollupRow[], points: readonly Point[]): void {
      const expected = expectedRollups(points).sort(
        (a, b) => a.resolutionS - b.resolutionS || a.bucket - b.bucket,
      );
      const line = (row: RollupRow) => Object.values(withoutSum(row)).join(' ');
      const [actualLines, expectedLines] = [actual.map(line), expected.map(line)];
      const [actualSet, expectedSet] = [new Set(actualLines), new Set(expectedLines)];
      expect({
        rows: actual.length,
        missing: expectedLines.filter((row) => !actualSet.has(row)).slice(0, 5),
        unexpected: actualLines.filter((row) => !expectedSet.has(row)).slice(0, 5),
      }).toEqual({ rows: expected.length, missing: [], unexpected: [] });
      const sumsOff = actual.filter(
        (row, index) => Math.abs(row.sum - expected[index]!.sum) > 1e-9 * Math.max(1, Math.abs(row.sum)),
      );
      expect(sumsOff.slice(0, 5)).toEqual([]);
    }

    beforeAll(async () => {
      Logger.overrideLogger(['error']);
      const configured = await configure();
      cleanup = configured.cleanup;
      store = await openTimeSeriesStore(configured.config);
    });
    afterAll(async () => {
      await store?.database.close();
      await cleanup?.();
    });

    it('stores a replayed batch once and does not even rewrite its rows', async () => {
      const id = await declare();
      const points = Array.from({ length: 50 }, (_, i) => ({ ts: T0 + i * 1000, value: Math.sin(i) }));
      await write(id, points);
      const first = await stored(id);
      await write(id, points);
      const replayed = await stored(id);
      expect(replayed).toEqual(first);
      expect(first.map(({ ts, value }) => ({ ts, value }))).toEqual(points);
    });

    it('lets the later value win, across batches and within one batch', async () => {
      const id = await declare();
      await write(id, [
        { ts: T0, value: 1 },
        { ts: T0 + 1000, value: 1 },
      ]);
      await write(id, [
        { ts: T0, value: 2 },
        { ts: T0 + 1000, value: 3 },
        { ts: T0, value: 4 },
      ]);
      expect((await stored(id)).map(({ ts, value }) => ({ ts, value }))).toEqual([
        { ts: T0, value: 4 },
        { ts: T0 + 1000, value: 3 },
      ]);
      await store.rollups.catchUp();
      expectRollupsOf(await storedRollups(id), [
        { ts: T0, value: 4 },
        { ts: T0 + 1000, value: 3 },
      ]);
    });

    it('merges every new point into the rollups once, in any order and however often its batch comes again', async () => {
      const id = await declare();
      // 20 minutes around an hour boundary, every ~1 s; halves, so equal minima and maxima are frequent.
      const start = T0 + 3_600_000 - 600_000;
      const points = Array.from({ length: 1_200 }, (_, i) => ({
        ts: start + i * 997,
        value: Math.round(Math.sin(i / 7) * 20) / 2,
      }));
      const pending = async () =>
        (
          await store.database.withConnection((connection) =>
            connection.query<{ n: number }>(
              'select count(*)::int as n from variables.rollup_pending where variable_id = $1',
              [id],
            ),
          )
        )[0]!.n;
      // The later part first, then earlier points backwards, then a batch half replayed and half new, then
      // a whole replay. No maintainer run in between: the writer alone keeps the rollups.
      await write(id, points.slice(600));
      await write(id, points.slice(300, 600).reverse());
      await write(id, points.slice(0, 450));
      await write(id, points.slice(600));
      expectRollupsOf(await storedRollups(id), points);
      expect(await pending()).toBe(0);

      // A changed value cannot be taken out of a minimum or maximum: its bucket waits for the maintainer.
      const corrected = points.map((point, i) => (i === 3 ? { ...point, value: 99 } : point));
      await write(id, [corrected[3]!]);
      expect(await pending()).toBe(1);
      await store.rollups.catchUp();
      expectRollupsOf(await storedRollups(id), corrected);
    });

    it('rejects bad messages and points with a counted reason and stores the rest', async () => {
      const id = await declare();
      const now = Date.now();
      const before = await store.measurementMetrics.totals();
      expect(await store.ingestion.ingest('not json at all', now)).toEqual({
        stored: 0,
        rejected: { 'malformed-batch': 1 },
      });
      const result = await store.ingestion.ingest(
        {
          source: 'test',
          points: [
            { variableId: id, ts: T0, value: 1.5 },
            { variableId: id, ts: T0 + 1, value: Number.POSITIVE_INFINITY },
            { variableId: id, ts: T0 + 2, value: Number.NaN },
            { variableId: id, ts: -1000, value: 1 },
            { variableId: id, ts: now + 2 * DAY_MS, value: 1 },
            { variableId: id, ts: now - 31 * DAY_MS, value: 1 },
            { variableId: 2_000_000_000, ts: T0, value: 1 },
            { variableId: 99_999_999_999, ts: T0, value: 1 },
            { variableId: id, ts: 'yesterday', value: 1 },
            { variableId: id, ts: T0 + 3, value: 2.5 },
          ],
        },
        now,
      );
      expect(result).toEqual({
        stored: 2,
        rejected: {
          'non-finite-value': 2,
          'timestamp-before-1970': 1,
          'future-timestamp': 1,
          'expired-timestamp': 1,
          'unknown-variable': 2,
          'invalid-point': 1,
        },
      });
      const after = await store.measurementMetrics.totals();
      expect(after.rejected['malformed-batch'] - before.rejected['malformed-batch']).toBe(1);
      expect(after.rejected['unknown-variable'] - before.rejected['unknown-variable']).toBe(2);
      expect(after.written - before.written).toBe(2);
      expect((await stored(id)).map(({ value }) => value)).toEqual([1.5, 2.5]);
    });

    describe('a series written late, out of order and corrected', () => {
      let id: number;
      const truth = new Map<number, number>();
      const series = (): Point[] =>
        [...truth.entries()].map(([ts, value]) => ({ ts, value })).sort((a, b) => a.ts - b.ts);

      // Three weeks: a sparse random walk (a point every 1–10 min, two multi-hour gaps) with spikes, and
      // two hours of 1 s data. Values are rounded to halves so that equal minima and maxima are frequent.
      function generate(random: () => number): Point[] {
        const points: Point[] = [];
        let value = 50;
        const step = () => {
          value += (random() - 0.5) * 4;
          const spike = random() < 0.01 ? (random() - 0.5) * 200 : 0;
          return Math.round((value + spike) * 2) / 2;
        };
        for (let ts = T0; ts < T0 + 21 * DAY_MS; ts += 60_000 + Math.floor(random() * 540_000)) {
          const inGap =
            (ts > T0 + 3 * DAY_MS && ts < T0 + 3.4 * DAY_MS) ||
            (ts > T0 + 9 * DAY_MS && ts < T0 + 10 * DAY_MS);
          if (!inGap) points.push({ ts, value: step() });
        }
        const denseStart = T0 + 5 * DAY_MS + 7 * 3_600_000 + 3_210;
        for (let i = 0; i < 7_200; i += 1) {
          if (random() > 0.03) points.push({ ts: denseStart + i * 1000, value: step() });
        }
        return points;
      }

      beforeAll(async () => {
        id = await declare();
        const random = seededRandom(20260101);
        const points = generate(random);
        // Shuffled, in batches, with rollups brought up to date between some of them: every write after
        // the first lands in buckets whose rollups already exist.
        const shuffled = [...points].sort(() => random() - 0.5);
        for (let start = 0, round = 0; start < shuffled.length; start += 2_500, round += 1) {
          const batch = shuffled.slice(start, start + 2_500);
          await write(id, batch);
          for (const point of batch) truth.set(point.ts, point.value);
          if (round % 2 === 1) await store.rollups.catchUp();
        }
        await store.rollups.catchUp();
        // Corrections of existing points, a duplicate with a different value inside one batch, and late
        // points between existing ones.
        const existing = series();
        const corrections = Array.from({ length: 300 }, () => {
          const point = existing[Math.floor(random() * existing.length)]!;
          return { ts: point.ts, value: Math.round((point.value + (random() - 0.5) * 60) * 2) / 2 };
        });
        const late = Array.from({ length: 300 }, () => ({
          ts: T0 + Math.floor(random() * 21 * DAY_MS),
          value: Math.round(random() * 100) * 2,
        }));
        const batch = [...corrections, ...late, { ...corrections[0]!, value: -999 }];
        await write(id, batch);
        for (const point of batch) truth.set(point.ts, point.value);
        await store.rollups.catchUp();
      });

      it('stores exactly the latest value of every point', async () => {
        expect((await stored(id)).map(({ ts, value }) => ({ ts, value }))).toEqual(series());
      });

      it('keeps every rollup row equal to a recomputation from the raw points', async () => {
        expectRollupsOf(await storedRollups(id), series());
      });

      it('rebuilds the same rollups from scratch', async () => {
        await store.database.withConnection((connection) =>
          connection.query('delete from variables.rollup where variable_id = $1', [id]),
        );
        expect(await store.rollups.rebuild(T0, T0 + 21 * DAY_MS, [id])).toEqual({ days: 21 });
        expectRollupsOf(await storedRollups(id), series());
      });

      async function expectSamePixels(start: number, end: number, width: number, grid: TimelineGrid) {
        const request = { variableIds: [id], startDate: start, endDate: end, width };
        const response = await store.timeline.timeline(request);
        const [served] = response.variables;
        // The compact answer is the same points as columns (epoch ms), on the same grid.
        const [compact] = (await store.timeline.timelineColumns(request)).variables;
        const { data, ...drawing } = served!;
        expect(compact).toEqual({
          ...drawing,
          ts: data.map(({ timestamp }) => Math.round(timestamp * 1000)),
          values: data.map(({ value }) => value),
        });
        expect(served).toMatchObject({
          resolutionS: grid.resolutionS,
          gridStartMs: grid.startMs,
          bucketMs: grid.columnMs,
        });
        const drawn = served!.data.map(({ timestamp, value }) => ({
          ts: Math.round(timestamp * 1000),
          value,
        }));
        const raw = series().filter((point) => point.ts >= grid.startMs && point.ts < grid.endMs);
        expect(raw.length).toBeGreaterThan(0);
        expect(drawn.length).toBeLessThanOrEqual(4 * grid.columns);
        expect(served!.sampled).toBe(drawn.length < raw.length);
        const values = raw.map((point) => point.value);
        const scale: [number, number] = [Math.min(...values), Math.max(...values)];
        expect(rasterise(drawn, grid, scale, 300)).toEqual(rasterise(raw, grid, scale, 300));
        return served!;
      }

      it('draws from raw-level M4 the same pixels as from the raw points, at any range and width', async () => {
        const random = seededRandom(7);
        const denseStart = T0 + 5 * DAY_MS + 7 * 3_600_000;
        const sampled: boolean[] = [];
        for (let i = 0; i < 12; i += 1) {
          const width = 10 + Math.floor(random() * 400);
          const span = Math.floor(1_000 + random() * (width * 10_000 - 1_000));
          const start = denseStart + Math.floor(random() * (2 * 3_600_000 - span));
          const grid = timelineGrid(start, start + span, width);
          expect(grid.resolutionS).toBeNull();
          sampled.push((await expectSamePixels(start, start + span, width, grid)).sampled);
        }
        // Both ways were taken: M4 where the range holds more than 4 points per column, the raw points where not.
        expect(sampled).toContain(true);
        expect(sampled).toContain(false);
      });

      it.each(
        // resolution, columns, buckets per column, start of the aligned range (from T0)
        [
          [10, 60, 1, 5 * DAY_MS + 7.5 * 3_600_000],
          [10, 40, 2, 5 * DAY_MS + 7.2 * 3_600_000],
          [30, 50, 1, 5 * DAY_MS + 7.4 * 3_600_000],
          [60, 50, 1, 5 * DAY_MS + 7.3 * 3_600_000],
          [600, 40, 3, 5 * DAY_MS],
          [3600, 30, 1, 2 * DAY_MS],
          [3600, 12, 3, 4 * DAY_MS],
          [14400, 12, 4, 4 * DAY_MS],
          [86400, 18, 1, 0],
        ] as const,
      )(
        'draws from %d s rollups (%d columns of %d buckets) the same pixels as from the raw points',
        async (resolutionS, width, factor, offsetMs) => {
          const start = T0 + offsetMs;
          const end = start + width * factor * resolutionS * 1000;
          const grid = timelineGrid(start, end, width);
          expect(grid).toEqual({
            resolutionS,
            startMs: start,
            endMs: end,
            columns: width,
            columnMs: factor * resolutionS * 1000,
          });
          const served = await expectSamePixels(start, end, width, grid);
          expect(served.sampled).toBe(true);
        },
      );

      it('draws the same pixels from rollups over an unaligned range, on the grid it answers with', async () => {
        const start = T0 + 3 * DAY_MS + 1_234_567;
        const end = start + 6 * DAY_MS + 7_654_321;
        const grid = timelineGrid(start, end, 333);
        expect(grid.resolutionS).toBe(600);
        await expectSamePixels(start, end, 333, grid);
      });
    });

    it('answers a long range of sparse data with its raw points where they are all kept, else from rollups', async () => {
      const id = await declare();
      // one point every 2 hours over 5 days: fewer than M4 would return on the 180-column grid of 10 min rollups
      const points = Array.from({ length: 60 }, (_, i) => ({ ts: T0 + i * 7_200_000, value: (i * 13) % 17 }));
      await write(id, points);
      await store.rollups.catchUp();
      // Which way was taken shows once the fine rollups are gone (the hourly ones still bound the count):
      // answers from raw points keep every point, answers from rollups lose them.
      await store.database.withConnection((connection) =>
        connection.query('delete from variables.rollup where variable_id = $1 and resolution_s < 3600', [id]),
      );
      const timeline = (startDate: number) =>
        store.timeline.timeline({
          variableIds: [id],
          startDate,
          endDate: startDate + 5 * DAY_MS,
          width: 200,
        });

      const [served] = (await timeline(T0)).variables;
      expect(served!.resolutionS).toBe(600);
      expect(served!.sampled).toBe(false);
      expect(served!.data).toEqual(points.map(({ ts, value }) => ({ timestamp: ts / 1000, value })));

      // No stored point at or before the start: the raw points may be incomplete there (retention removes the
      // oldest days first), so the same range from a day earlier is answered from the (here missing) rollups.
      const [earlier] = (await timeline(T0 - DAY_MS)).variables;
      expect(earlier!.resolutionS).toBe(600);
      expect(earlier!.data).toEqual([]);
    });

    it('answers from rollups right after the write', async () => {
      const id = await declare();
      const points = Array.from({ length: 3_000 }, (_, i) => ({ ts: T0 + i * 10_000, value: i % 97 }));
      await write(id, points);
      const response = await store.timeline.timeline({
        variableIds: [id],
        startDate: T0,
        endDate: T0 + 30_000_000,
        width: 100,
      });
      const [served] = response.variables;
      expect(served!.resolutionS).toBe(60);
      expect(served!.sampled).toBe(true);
      expect(served!.data.filter((point) => point.value === 96)).toHaveLength(30);
      expectRollupsOf(await storedRollups(id), points);
    });

    it('compresses the answers it caches with lz4 where the server has it (migration 0011)', async () => {
      const id = await declare();
      await write(
        id,
        Array.from({ length: 3_000 }, (_, i) => ({ ts: T0 + i * 10_000, value: i / 7 })),
      );
      await store.timeline.timeline({
        variableIds: [id],
        startDate: T0,
        endDate: T0 + 30_000_000,
        width: 2000,
      });
      await store.readCache.settled();
      const [entry] = await store.database.withConnection((connection) =>
        connection.query<{ sizeBytes: number; compression: string | null }>(
          `select size_bytes as "sizeBytes", pg_column_compression(value) as compression
           from variables.read_cache where variable_ids = array[$1::int4]`,
          [id],
        ),
      );
      expect(entry!.sizeBytes).toBeGreaterThan(50_000);
      // PGlite is built without lz4 and keeps PostgreSQL's default.
      expect(entry!.compression).toBe(store.database.engine === 'postgres' ? 'lz4' : 'pglz');
    });

    it('builds the rollups of points loaded around the writer on request', async () => {
      const id = await declare();
      await store.database.withConnection((connection) =>
        connection.query(
          `insert into variables.measurement (variable_id, ts, value)
           select $1, to_timestamp($2::float8 / 1000) + i * interval '7 seconds', (i * 37) % 101
           from generate_series(0, 9999) as i`,
          [id, T0],
        ),
      );
      const points = Array.from({ length: 10_000 }, (_, i) => ({
        ts: T0 + i * 7_000,
        value: (i * 37) % 101,
      }));
      await store.rollups.rebuild(T0, T0 + 10_000 * 7_000, [id]);
      expectRollupsOf(await storedRollups(id), points);
    });

    it('fills the 30 s and 4 h levels of rollups stored before them from the finer level (migration 0010)', async () => {
      const id = await declare();
      const random = seededRandom(10);
      // Few distinct values, so extremes tie inside a bucket (the earlier instant wins); two days of points.
      const points = Array.from({ length: 6_000 }, (_, i) => ({
        ts: T0 + i * 29_000 + Math.floor(random() * 20_000),
        value: Math.round(random() * 8),
      }));
      await write(id, points);
      await store.database.withConnection((connection) =>
        connection.query(
          'delete from variables.rollup where variable_id = $1 and resolution_s in (30, 14400)',
          [id],
        ),
      );

      await rollupLevels.up(store.database.kysely);

      expectRollupsOf(await storedRollups(id), points);
    });

    it('deletes whole days of raw points after RAW_RETENTION_DAYS and of rollups after ROLLUP_RETENTION_DAYS', async () => {
      const id = await declare();
      const points = Array.from({ length: 20 * 24 }, (_, i) => ({
        ts: T0 + i * 3_600_000 + 1_000,
        value: i,
      }));
      await write(id, points);
      await store.rollups.catchUp();
      const raw = await stored(id);
      expect(raw).toHaveLength(points.length);

      // 45 days later the raw horizon (30 days) is day 15 of the series; rollups (60 days) are all kept.
      const rawHorizon = T0 + 15 * DAY_MS;
      const firstPurge = await store.retention.purge(T0 + 45 * DAY_MS + 3_600_000);
      const rawKept = points.filter((point) => point.ts >= rawHorizon);
      expect((await stored(id)).map(({ ts, value }) => ({ ts, value }))).toEqual(rawKept);
      expect(firstPurge.rawDeleted).toBeGreaterThanOrEqual(points.length - rawKept.length);
      expectRollupsOf(await storedRollups(id), points);

      // Explorable from rollups although the raw points of the first 15 days are gone.
      const response = await store.timeline.timeline({
        variableIds: [id],
        startDate: T0,
        endDate: T0 + 20 * DAY_MS,
        width: 20 * 24,
      });
      expect(response.variables[0]!.resolutionS).toBe(3600);
      expect(response.variables[0]!.data.map((point) => point.value)).toEqual(
        points.map((point) => point.value),
      );

      // 70 days later rollups older than day 10 go as well.
      const rollupHorizon = T0 + 10 * DAY_MS;
      await store.retention.purge(T0 + 70 * DAY_MS + 3_600_000);
      expect(await stored(id)).toEqual([]);
      const expected = expectedRollups(points).filter((row) => row.bucket >= rollupHorizon);
      expect((await storedRollups(id)).length).toBe(expected.length);
      expect(new Set((await storedRollups(id)).map((row) => row.resolutionS))).toEqual(
        new Set(ROLLUP_RESOLUTIONS_S),
      );
      expect(Math.min(...(await storedRollups(id)).map((row) => row.bucket))).toBe(rollupHorizon);
    });
  });
}
