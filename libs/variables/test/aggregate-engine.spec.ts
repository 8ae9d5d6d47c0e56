// The aggregate calculation in the variables service (standalone: PGlite + in-memory bus): live points of
// the inputs produce the aggregates' points on measurements.derived and in storage, aggregates of
// aggregates follow, the back-fill stores exactly the reference and resumes after a crash, and the preview
// answers the same values. The reference is the pure calculation over the stored inputs.
import { Global, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  aggregateInputIds,
  AuthHeaders,
  Authorities,
  Topics,
  type AggregateDefinition,
  type MeasurementPoint,
} from '@plantlens/contracts';
import {
  AccessTokenService,
  Database,
  EventPublisher,
  IN_MEMORY_DATA_DIR,
  InMemoryBroker,
  loadPlatformConfig,
  PLATFORM_CONFIG,
  type PlatformConfig,
} from '@plantlens/platform';
import request from 'supertest';
import { AggregateBackfillRepository } from '../src/aggregate-variable/aggregate-backfill.repository';
import {
  AGGREGATE_BACKFILL_OPTIONS,
  AggregateBackfill,
  type AggregateBackfillOptions,
} from '../src/aggregate-variable/aggregate-backfill.service';
import { AggregateCalculator } from '../src/aggregate-variable/aggregate-calculator.service';
import { AggregateCatalog } from '../src/aggregate-variable/aggregate-catalog.service';
import { backfillProgress } from '../src/aggregate-variable/backfill-progress';
import { calculateAggregate, type Series } from '../src/aggregate-variable/calculation/aggregate-math';
import type { VariablesDb } from '../src/database/variables-database';
import { ExplorerReads } from '../src/explorer/explorer-reads';
import { IngestionService } from '../src/measurement/ingestion.service';
import { MeasurementMetrics } from '../src/measurement/measurement-metrics';
import { MeasurementWriter } from '../src/measurement/measurement-writer.service';
import { ReadCacheService } from '../src/read-cache/read-cache.service';
import { declareVariables, eventually, startVariablesService } from './measurement-pipeline.scenario';

const MAX_AGE_S = 20;
const HOUR_MS = 3_600_000;
// Two days ago on a whole hour: inside the raw retention, never in the future.
const T0 = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 48 * HOUR_MS;

jest.setTimeout(60_000);

// Irregular instants (gaps from 0.5 s up to 45 s, beyond the 20 s max age now and then).
function irregularPoints(variableId: number, seed: number, count: number, startMs = T0): MeasurementPoint[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const points: MeasurementPoint[] = [];
  let ts = startMs + Math.floor(next() * 3000);
  for (let i = 0; i < count; i += 1) {
    points.push({ variableId, ts, value: Math.round(next() * 1000) / 8 - 40 });
    ts += 500 + Math.floor(next() * (next() < 0.1 ? 45_000 : 8_000));
  }
  return points;
}

/**
 * The app's back-fill worker reads at once (the catalogs of its one replica settle at create): the tests
 * here drive back-fills step by step; the wait itself has a test of its own.
 */
@Global()
@Module({
  providers: [
    {
      provide: AGGREGATE_BACKFILL_OPTIONS,
      useValue: { catalogSettleMs: 0 } satisfies Partial<AggregateBackfillOptions>,
    },
  ],
  exports: [AGGREGATE_BACKFILL_OPTIONS],
})
class ImmediateBackfillModule {}

describe('aggregate variables in the variables service (standalone)', () => {
  let app: NestFastifyApplication;
  let config: PlatformConfig;
  let db: VariablesDb;
  let broker: InMemoryBroker;
  let publisher: EventPublisher;
  const derived: MeasurementPoint[] = [];
  let sequence = 0;

  beforeAll(async () => {
    config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      AGGREGATE_ASOF_MAX_AGE_SECONDS: String(MAX_AGE_S),
      // The tests calculate the waiting instants themselves (calculateWaiting), never the periodic job.
      AGGREGATE_LIVE_WAIT_SECONDS: '3600',
    });
    app = await startVariablesService(config, [ImmediateBackfillModule]);
    db = app.get(Database).kysely as VariablesDb;
    broker = app.get(InMemoryBroker);
    publisher = app.get(EventPublisher);
    broker.subscribe(Topics.derivedMeasurements, 'test-observer', async (message) => {
      derived.push(...(JSON.parse(message.value) as { points: MeasurementPoint[] }).points);
    });
  });
  afterAll(() => app?.close());

  async function rawVariables(count: number): Promise<number[]> {
    sequence += 1;
    return declareVariables(
      app,
      Array.from({ length: count }, (_, i) => `aggregate_engine_${sequence}_${i}`),
    );
  }

  // What the API's create does for the engine: the variable row (aggregate) and its calculation.
  async function createAggregate(definition: AggregateDefinition, historic = false): Promise<number> {
    sequence += 1;
    const { id } = await db
      .insertInto('variables.variable')
      .values({
        client_reference: `aggregate_${sequence}`,
        name: `aggregate ${sequence}`,
        unit: null,
        aggregate: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('variables.aggregate_variable')
      .values({
        variable_id: id,
        definition: JSON.stringify(definition),
        input_ids: aggregateInputIds(definition),
        historic,
        backfill_state: historic ? 'pending' : 'none',
      })
      .execute();
    await app.get(AggregateCatalog).reload();
    return id;
  }

  async function publish(points: MeasurementPoint[]): Promise<void> {
    await publisher.publish(Topics.measurements, { source: 'test', points }, 'test');
    await broker.drain();
  }

  // The instants some input has not reached, calculated now rather than after the wait, through the chain.
  async function calculateWaiting(): Promise<void> {
    for (let level = 0; level < 3; level += 1) {
      await app.get(AggregateCalculator).calculateWaiting();
      await broker.drain();
    }
  }

  async function stored(variableIds: number[]): Promise<Map<number, Series>> {
    const rows = await db
      .selectFrom('variables.measurement')
      .select(['variable_id', 'ts', 'value'])
      .where('variable_id', 'in', variableIds)
      .orderBy('variable_id')
      .orderBy('ts')
      .execute();
    const series = new Map<number, Series>(variableIds.map((id) => [id, { ts: [], values: [] }]));
    for (const row of rows) {
      series.get(row.variable_id)!.ts.push(row.ts.getTime());
      series.get(row.variable_id)!.values.push(row.value);
    }
    return series;
  }

  // The pure calculation over every stored point of the inputs.
  async function reference(definition: AggregateDefinition, toMs = Date.now()): Promise<Series> {
    const inputs = await stored(aggregateInputIds(definition));
    return calculateAggregate(definition, inputs, { fromMs: 0, toMs }, MAX_AGE_S * 1000);
  }

  // Every stored point of the aggregate is the reference's, and there is no other (up to toMs).
  async function expectStoredAsReference(
    id: number,
    definition: AggregateDefinition,
    toMs = Date.now(),
  ): Promise<void> {
    const expected = await reference(definition, toMs);
    expect(expected.ts.length).toBeGreaterThan(100);
    expect((await stored([id])).get(id)).toEqual(expected);
  }

  describe('live', () => {
    it('stores and publishes the points of A − B as inputs arrive, out of order too, each instant stored once', async () => {
      const [a, b] = await rawVariables(2);
      const definition: AggregateDefinition = {
        goal: 'operated',
        operator: '-',
        varOneId: a!,
        varTwoId: b!,
        constant: null,
      };
      const id = await createAggregate(definition);
      const pointsA = irregularPoints(a!, 11, 300);
      const pointsB = irregularPoints(b!, 12, 300);
      // A first, then B late and in two halves, the later half first.
      await publish(pointsA);
      expect(derived.filter((point) => point.variableId === id)).toEqual([]);
      await publish(pointsB.slice(150));
      await publish(pointsB.slice(0, 150));
      await calculateWaiting();
      const expected = await reference(definition);
      expect(expected.ts.length).toBeGreaterThan(200);
      const aggregate = (await stored([id])).get(id)!;
      expect(aggregate).toEqual(expected);
      const published = derived.filter((point) => point.variableId === id);
      expect(new Set(published.map((point) => point.ts)).size).toBe(expected.ts.length);

      // A replay publishes the same values again and stores no second row.
      const before = published.length;
      await publish(pointsA);
      await publish(pointsB);
      const replayed = derived.filter((point) => point.variableId === id).slice(before);
      expect(replayed.length).toBeGreaterThan(0);
      for (const point of replayed) expect(point.value).toBe(expected.values[expected.ts.indexOf(point.ts)]);
      expect((await stored([id])).get(id)).toEqual(expected);
    });

    it('calculates each instant once as inputs arrive in turn, and waits for the input behind', async () => {
      const [a, b, c] = await rawVariables(3);
      const definition: AggregateDefinition = {
        goal: 'metrical',
        metrical: 'mean',
        variableIdList: [a!, b!, c!],
      };
      const id = await createAggregate(definition);
      const regular = (variableId: number, offsetMs: number) =>
        Array.from({ length: 300 }, (_, i) => ({
          variableId,
          ts: T0 + offsetMs + i * 1000,
          value: (i * variableId) % 17,
        }));
      const [pointsA, pointsB, pointsC] = [regular(a!, 0), regular(b!, 300), regular(c!, 700)];
      const publishedOf = () => derived.filter((point) => point.variableId === id);
      // The inputs' batches land in turn, c always one batch behind.
      await publish(pointsA.slice(0, 50));
      await publish(pointsB.slice(0, 50));
      expect(publishedOf()).toEqual([]);
      for (let start = 0; start < 300; start += 50) {
        await publish(pointsC.slice(start, start + 50));
        // Nothing is calculated past the latest instant every input has reached (here a's latest point).
        expect(Math.max(...publishedOf().map((point) => point.ts))).toBe(pointsA[start + 49]!.ts);
        await publish(pointsA.slice(start + 50, start + 100));
        await publish(pointsB.slice(start + 50, start + 100));
      }
      const expected = await reference(definition);
      expect(publishedOf().length).toBe(expected.ts.filter((ts) => ts <= pointsA.at(-1)!.ts).length);
      // The last instants of a and b wait for c until the wait has passed.
      await calculateWaiting();
      expect(publishedOf().length).toBe(expected.ts.length);
      expect(new Set(publishedOf().map((point) => point.ts)).size).toBe(expected.ts.length);
      expect((await stored([id])).get(id)).toEqual(expected);

      // A late point of b changes the instants until b's next point, all calculated already.
      const before = publishedOf().length;
      await publish([{ variableId: b!, ts: T0 + 100_500, value: 1000 }]);
      const corrected = publishedOf().slice(before);
      expect(corrected.map((point) => point.ts)).toEqual([T0 + 100_500, T0 + 100_700, T0 + 101_000]);
      expect((await stored([id])).get(id)).toEqual(await reference(definition));
    });

    it('follows an aggregate of aggregates, and a gradual one', async () => {
      const [x, y] = await rawVariables(2);
      const sum: AggregateDefinition = {
        goal: 'operated',
        operator: '+',
        varOneId: x!,
        varTwoId: y!,
        constant: null,
      };
      const sumId = await createAggregate(sum);
      const spread: AggregateDefinition = { goal: 'metrical', metrical: 'std', variableIdList: [sumId, x!] };
      const spreadId = await createAggregate(spread);
      const change: AggregateDefinition = { goal: 'gradual', varId: spreadId, timeGap: 'PT1M' };
      const changeId = await createAggregate(change);
      const pointsX = irregularPoints(x!, 21, 400);
      const pointsY = irregularPoints(y!, 22, 400);
      for (let start = 0; start < 400; start += 100) {
        await publish([...pointsX.slice(start, start + 100), ...pointsY.slice(start, start + 100)]);
      }
      await calculateWaiting();
      await expectStoredAsReference(sumId, sum);
      await expectStoredAsReference(spreadId, spread);
      await expectStoredAsReference(changeId, change);
    });

    it('rejects points of an aggregate on measurements and of a raw variable on the derived topic', async () => {
      const [raw] = await rawVariables(1);
      const aggregateId = await createAggregate({
        goal: 'operated',
        operator: '*',
        varOneId: raw!,
        varTwoId: null,
        constant: 2,
      });
      const ingestion = app.get(IngestionService);
      const metrics = app.get(MeasurementMetrics);
      const before = await metrics.totals();
      await ingestion.ingest({ source: 'test', points: [{ variableId: aggregateId, ts: T0, value: 1 }] });
      await ingestion.ingest(
        { source: 'test', points: [{ variableId: raw!, ts: T0, value: 1 }] },
        Date.now(),
        Topics.derivedMeasurements,
      );
      const after = await metrics.totals();
      expect(after.rejected['aggregate-variable'] - before.rejected['aggregate-variable']).toBe(1);
      expect(after.rejected['not-aggregate'] - before.rejected['not-aggregate']).toBe(1);
      expect((await stored([aggregateId, raw!])).get(raw!)!.ts).toEqual([]);
      expect((await stored([aggregateId])).get(aggregateId)!.ts).toEqual([]);
    });
  });

  describe('back-fill', () => {
    it("is worked off by the service's worker when woken", async () => {
      const [level] = await rawVariables(1);
      await publish(irregularPoints(level!, 31, 500));
      const definition: AggregateDefinition = { goal: 'gradual', varId: level!, timeGap: 'PT10M' };
      const id = await createAggregate(definition, true);
      app.get(AggregateBackfill).wake();
      await eventually(
        () =>
          db
            .selectFrom('variables.aggregate_variable')
            .select(['backfill_state'])
            .where('variable_id', '=', id)
            .executeTakeFirstOrThrow(),
        (row) => row.backfill_state === 'done',
        20_000,
      );
      await expectStoredAsReference(id, definition);
    });

    it('fills an aggregate of a historic aggregate after it, from its stored points', async () => {
      const [first, second] = await rawVariables(2);
      await publish([...irregularPoints(first!, 61, 500), ...irregularPoints(second!, 62, 500)]);
      const product: AggregateDefinition = {
        goal: 'operated',
        operator: '*',
        varOneId: first!,
        varTwoId: second!,
        constant: null,
      };
      const productId = await createAggregate(product, true);
      const lowest: AggregateDefinition = {
        goal: 'metrical',
        metrical: 'min',
        variableIdList: [productId, first!],
      };
      // Listed together with its input, it waits while that one runs, then follows in the same wake.
      const lowestId = await createAggregate(lowest, true);
      await app.get(AggregateBackfill).workOff();
      await expectStoredAsReference(productId, product);
      await expectStoredAsReference(lowestId, lowest);
    });

    it('resumes after a crash from done_until, to exactly the reference, with progress from 0 to 100', async () => {
      // This instance's own worker stands still; two others play the crashed one and its successor.
      await app.get(AggregateBackfill).onModuleDestroy();
      const worker = () =>
        new AggregateBackfill(
          app.get(Database),
          app.get(AggregateBackfillRepository),
          app.get(ReadCacheService),
          app.get(MeasurementMetrics),
          app.get(ExplorerReads),
          app.get<PlatformConfig>(PLATFORM_CONFIG),
          { chunkInputPoints: 200, pauseMs: 0, catalogSettleMs: 0 },
        );
      const inputs = await rawVariables(3);
      await publish(inputs.flatMap((input, i) => irregularPoints(input, 40 + i, 600)));
      const definitions: AggregateDefinition[] = [
        { goal: 'operated', operator: '/', varOneId: inputs[0]!, varTwoId: inputs[1]!, constant: null },
        { goal: 'metrical', metrical: 'uq', variableIdList: inputs },
        { goal: 'gradual', varId: inputs[2]!, timeGap: 'PT1M' },
      ];
      const ids: number[] = [];
      for (const definition of definitions) ids.push(await createAggregate(definition, true));

      const progress = async (id: number) => {
        const row = await db
          .selectFrom('variables.aggregate_variable')
          .selectAll()
          .where('variable_id', '=', id)
          .executeTakeFirstOrThrow();
        return backfillProgress({
          backfillState: row.backfill_state,
          backfillFrom: row.backfill_from,
          backfillTo: row.backfill_to,
          backfillDoneUntil: row.backfill_done_until,
          backfillError: row.backfill_error,
        });
      };
      const crashed = worker();
      const seen: number[] = [];
      for (const id of ids) {
        expect(await progress(id)).toMatchObject({ state: 'pending', percent: 0 });
        await crashed.step(id); // plans
        seen.push((await progress(id)).percent);
        await crashed.step(id); // one chunk, then the instance "dies"
        const midway = await progress(id);
        expect(midway.state).toBe('running');
        expect(midway.percent).toBeGreaterThan(0);
        expect(midway.percent).toBeLessThan(100);
        seen.push(midway.percent);
      }
      expect(seen.filter((_, i) => i % 2 === 0)).toEqual([0, 0, 0]);

      await worker().workOff();
      for (const [index, id] of ids.entries()) {
        const done = await progress(id);
        expect(done).toMatchObject({ state: 'done', percent: 100, error: null });
        await expectStoredAsReference(id, definitions[index]!, done.toMs!);
      }
      // Back-filled points are stored, not published.
      expect(derived.filter((point) => ids.includes(point.variableId))).toEqual([]);
    });

    it('reads nothing before every replica knows the aggregate, then covers what was stored meanwhile', async () => {
      const settleMs = 60_000;
      const worker = new AggregateBackfill(
        app.get(Database),
        app.get(AggregateBackfillRepository),
        app.get(ReadCacheService),
        app.get(MeasurementMetrics),
        app.get(ExplorerReads),
        app.get<PlatformConfig>(PLATFORM_CONFIG),
        { pauseMs: 0, catalogSettleMs: settleMs },
      );
      const [input] = await rawVariables(1);
      const points = irregularPoints(input!, 81, 400);
      await publish(points.slice(0, 200));
      const definition: AggregateDefinition = {
        goal: 'operated',
        operator: '*',
        varOneId: input!,
        varTwoId: null,
        constant: 2,
      };
      const id = await createAggregate(definition, true);
      const plannedAt = Date.now();
      expect(await worker.step(id, plannedAt)).toBe('progress');
      expect(await worker.step(id, plannedAt + settleMs - 1)).toBe('settling');
      expect((await stored([id])).get(id)?.ts ?? []).toEqual([]);
      // Stored by a replica whose catalog does not know the aggregate yet: no live calculation.
      await app.get(MeasurementWriter).write(points.slice(200));
      expect(await worker.step(id, plannedAt + settleMs)).toBe('finished');
      await expectStoredAsReference(id, definition, plannedAt + settleMs);
    });
    it('takes a settling back-fill up when its range ends, without waiting for the next poll', async () => {
      const [input] = await rawVariables(1);
      await publish(irregularPoints(input!, 33, 300));
      const definition: AggregateDefinition = {
        goal: 'operated',
        operator: '-',
        varOneId: input!,
        varTwoId: null,
        constant: 1,
      };
      // A worker whose job never polls: only its own wake-up can finish the back-fill.
      const worker = new AggregateBackfill(
        app.get(Database),
        app.get(AggregateBackfillRepository),
        app.get(ReadCacheService),
        app.get(MeasurementMetrics),
        app.get(ExplorerReads),
        app.get<PlatformConfig>(PLATFORM_CONFIG),
        { pauseMs: 0, catalogSettleMs: 300 },
      );
      await app.get(AggregateBackfill).onModuleDestroy();
      const id = await createAggregate(definition, true);
      await worker.workOff();
      const state = () =>
        db
          .selectFrom('variables.aggregate_variable')
          .select(['backfill_state'])
          .where('variable_id', '=', id)
          .executeTakeFirstOrThrow();
      expect((await state()).backfill_state).toBe('running');
      await eventually(state, (row) => row.backfill_state === 'done', 3_000);
      await worker.onModuleDestroy();
      await expectStoredAsReference(id, definition);
    });
  });

  describe('preview', () => {
    async function adminHeaders(): Promise<Record<string, string>> {
      const token = await app
        .get(AccessTokenService)
        .issue({ id: 1, username: 'admin', authorities: [Authorities.admin], sessionVersion: 0 });
      return { [AuthHeaders.authorization]: `Bearer ${token}` };
    }

    it('answers the values the back-fill stores', async () => {
      const [flow, level] = await rawVariables(2);
      await publish([...irregularPoints(flow!, 51, 400), ...irregularPoints(level!, 52, 400)]);
      const definition: AggregateDefinition = {
        goal: 'metrical',
        metrical: 'mean',
        variableIdList: [flow!, level!],
      };
      const id = await createAggregate(definition, true);
      await new AggregateBackfill(
        app.get(Database),
        app.get(AggregateBackfillRepository),
        app.get(ReadCacheService),
        app.get(MeasurementMetrics),
        app.get(ExplorerReads),
        config,
        { catalogSettleMs: 0 },
      ).workOff();
      const window = { fromMs: T0 - HOUR_MS, toMs: T0 + 2 * HOUR_MS };
      const response = await request(app.getHttpServer())
        .post('/api/web/aggregate-variables/preview')
        .set(await adminHeaders())
        .send({ ...definition, ...window })
        .expect(200);
      const backfilled = (await stored([id])).get(id)!;
      const inWindow = backfilled.ts.flatMap((ts, i) =>
        ts >= window.fromMs && ts <= window.toMs ? [[ts, backfilled.values[i]]] : [],
      );
      expect(inWindow.length).toBeGreaterThan(100);
      expect(response.body).toEqual({ ...window, points: inWindow, count: inWindow.length });
    });

    it('answers 400 naming the field for a reversed window or unknown variables', async () => {
      const server = app.getHttpServer();
      const headers = await adminHeaders();
      const [known] = await rawVariables(1);
      const reversed = await request(server)
        .post('/api/web/aggregate-variables/preview')
        .set(headers)
        .send({ goal: 'gradual', varId: known, timeGap: 'PT1H', fromMs: T0, toMs: T0 })
        .expect(400);
      expect(reversed.body.message).toBe('fromMs: must be earlier than toMs');
      const unknown = await request(server)
        .post('/api/web/aggregate-variables/preview')
        .set(headers)
        .send({ goal: 'operated', operator: '+', varOneId: known, varTwoId: 999_999 })
        .expect(400);
      expect(unknown.body.message).toBe('varTwoId: unknown variable ids: 999999');
      const tooLong = await request(server)
        .post('/api/web/aggregate-variables/preview')
        .set(headers)
        .send({
          goal: 'metrical',
          metrical: 'max',
          variableIdList: [known],
          fromMs: 0,
          toMs: 8 * 24 * HOUR_MS,
        })
        .expect(400);
      expect(tooLong.body.message).toMatch(/^toMs: /);
    });
  });
});
