// Aggregate variables over simulator data, written once and run in both modes: standalone (the gateway
// with PGlite, the in-memory bus and the simulator, in `npm test`) and cluster (identity, variables and rules
// services and a cluster gateway running the simulator, over PostgreSQL and Kafka, in the integration suite).
// Every stored point of each kind is compared with a reference computed here from the stored inputs
// (aggregate-reference.ts); then live points follow, a rule on an aggregate opens an incidence, and a
// restart of the variables service in the middle of a back-fill resumes it without duplicates.
import { Global, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  aggregateInputIds,
  Topics,
  type AggregateDefinition,
  type AggregateVariableCreateDto,
  type AggregateVariableDto,
  type IncidenceSummaryV2PageDto,
  type MeasurementPoint,
  type RuleIncidenceDto,
} from '@plantlens/contracts';
import {
  Database,
  EventPublisher,
  groupPointsByKey,
  PLATFORM_CONFIG,
  type PlatformConfig,
} from '@plantlens/platform';
import { PlantSimulator } from '@plantlens/simulator';
import { AGGREGATE_BACKFILL_OPTIONS, type AggregateBackfillOptions } from '@plantlens/variables';
import { apiClient, signIn, type ApiClient } from './api-client';
import { differences, referencePoints, type SeriesPoint } from './aggregate-reference';
import { eventually } from './eventually';

// Polled by the scenarios that import it from here.
export { eventually };

/** The services of one mode, started on the same database (and broker) every time. */
export interface AggregateServices {
  /** hosts the variables module (standalone: the gateway, hosting everything) */
  variables: NestFastifyApplication;
  /** hosts the rules module */
  rules: NestFastifyApplication;
  /** hosts identity, where the super admin signs in */
  identity: NestFastifyApplication;
  /** lets everything published so far be handled (the in-memory bus; a no-op over Kafka) */
  settle(): Promise<void>;
}

export interface AggregateDeployment {
  /** Starts every service; the simulator publishes its history (SCENARIO_SIMULATOR_SETTINGS), then live. */
  start(): Promise<AggregateServices>;
  /** Stops the variables service (standalone: the whole gateway) and starts it again on the same data. */
  restartVariables(): Promise<AggregateServices>;
  stop(): Promise<void>;
  cleanup(): Promise<void>;
  superAdminPassword: string;
}

/** Simulator settings both modes use: a few hours of history at one point a minute, then one a second. */
export const SCENARIO_SIMULATOR_SETTINGS = {
  SIMULATOR_ENABLED: 'true',
  SIMULATOR_BACKFILL_HOURS: '3',
  SIMULATOR_BACKFILL_STEP_SECONDS: '60',
  SIMULATOR_VALVE_DETAIL_HOURS: '0',
  SIMULATOR_LIVE_INTERVAL_SECONDS: '1',
} as const;
const HISTORY_INSTANTS = 3 * 60;
// Inputs of the restart case: only the test publishes their dense history, before the simulator's.
const RESTART_INPUTS = ['hdt_feed_flow', 'hdt_product_flow'] as const;
const RESTART_HISTORY_HOURS = 12;

/**
 * Back-fills in chunks of a thousand input points instead of a hundred thousand, so that the restart case's
 * history takes many chunks and a restart falls in the middle (added to the app hosting the variables module).
 */
@Global()
@Module({
  providers: [
    {
      provide: AGGREGATE_BACKFILL_OPTIONS,
      useValue: { chunkInputPoints: 1_000 } satisfies Partial<AggregateBackfillOptions>,
    },
  ],
  exports: [AGGREGATE_BACKFILL_OPTIONS],
})
export class SmallBackfillChunksModule {}

async function storedSeries(app: NestFastifyApplication, variableId: number): Promise<SeriesPoint[]> {
  const rows = await app.get(Database).withConnection((connection) =>
    connection.query<{ ts: number; value: number }>(
      `select (extract(epoch from ts) * 1000)::float8 as ts, value from variables.measurement
        where variable_id = $1 order by ts`,
      [variableId],
    ),
  );
  return rows.map((row) => ({ ts: Number(row.ts), value: Number(row.value) }));
}

/** Rows stored per instant of a variable beyond the first (0 when there is one row per instant). */
async function duplicateRows(app: NestFastifyApplication, variableId: number): Promise<number> {
  const [row] = await app.get(Database).withConnection((connection) =>
    connection.query<{ extra: number }>(
      `select coalesce(sum(n - 1), 0)::int as extra
         from (select count(*) as n from variables.measurement where variable_id = $1 group by ts) per_instant`,
      [variableId],
    ),
  );
  return row!.extra;
}

export function describeAggregateScenario(
  mode: string,
  deployment: () => Promise<AggregateDeployment>,
): void {
  describe(`aggregate variables over simulator data (${mode})`, () => {
    let plant: AggregateDeployment;
    let services: AggregateServices;
    let variablesApi: ApiClient;
    let rulesApi: ApiClient;
    let token: string;
    let maxAgeMs: number;
    const ids = new Map<string, number>();
    const created: { aggregate: AggregateVariableDto; definition: AggregateDefinition }[] = [];

    function useServices(running: AggregateServices): void {
      services = running;
      variablesApi = apiClient(running.variables, token);
      rulesApi = apiClient(running.rules, token);
    }

    async function readAggregate(id: number): Promise<AggregateVariableDto> {
      return (await variablesApi.get(`/api/web/aggregate-variables/${id}`).expect(200))
        .body as AggregateVariableDto;
    }

    async function create(body: AggregateVariableCreateDto): Promise<AggregateVariableDto> {
      const response = await variablesApi.post('/api/web/aggregate-variables/').send(body);
      if (response.status !== 201)
        throw new Error(`create ${body.name}: ${response.status} ${response.text}`);
      return response.body as AggregateVariableDto;
    }

    async function backfillDone(id: number, timeoutMs = 60_000): Promise<AggregateVariableDto> {
      const aggregate = await eventually(
        () => readAggregate(id),
        (read) => read.backfill.state === 'done' || read.backfill.state === 'failed',
        timeoutMs,
      );
      expect([aggregate.name, aggregate.backfill.state, aggregate.backfill.error]).toEqual([
        aggregate.name,
        'done',
        null,
      ]);
      expect(aggregate.backfill.percent).toBe(100);
      return aggregate;
    }

    async function inputsOf(definition: AggregateDefinition): Promise<Map<number, SeriesPoint[]>> {
      return new Map(
        await Promise.all(
          aggregateInputIds(definition).map(
            async (id) => [id, await storedSeries(services.variables, id)] as const,
          ),
        ),
      );
    }

    /** Every stored point of the aggregate up to `untilMs` against the reference from its stored inputs. */
    async function compareWithReference(
      aggregate: AggregateVariableDto,
      definition: AggregateDefinition,
      untilMs = Infinity,
    ): Promise<{ stored: SeriesPoint[]; wrong: ReturnType<typeof differences> }> {
      const upTo = (points: SeriesPoint[]) => points.filter((point) => point.ts <= untilMs);
      const stored = upTo(await storedSeries(services.variables, aggregate.id));
      const reference = upTo(referencePoints(definition, await inputsOf(definition), maxAgeMs));
      return { stored, wrong: differences(stored, reference) };
    }

    /**
     * The comparison once the points up to `untilMs` have settled: the newest instants may still be on their
     * way (an input's later point recomputes an instant already published), so it is repeated until it
     * agrees or the time is up; then the first differences are the failure.
     */
    async function expectReference(
      aggregate: AggregateVariableDto,
      definition: AggregateDefinition,
      untilMs: number,
      settled: (stored: SeriesPoint[]) => boolean = () => true,
    ): Promise<SeriesPoint[]> {
      let last: Awaited<ReturnType<typeof compareWithReference>> | undefined;
      await eventually(
        async () => {
          await services.settle();
          last = await compareWithReference(aggregate, definition, untilMs);
          return last;
        },
        ({ stored, wrong }) => wrong.length === 0 && settled(stored),
        30_000,
        500,
      ).catch(() => undefined);
      expect({ name: aggregate.name, wrong: last!.wrong.slice(0, 5), count: last!.wrong.length }).toEqual({
        name: aggregate.name,
        wrong: [],
        count: 0,
      });
      expect(settled(last!.stored)).toBe(true);
      return last!.stored;
    }

    beforeAll(async () => {
      plant = await deployment();
      const running = await plant.start();
      token = await signIn(running.identity, 'admin', plant.superAdminPassword);
      useServices(running);
      const config = running.variables.get<PlatformConfig>(PLATFORM_CONFIG);
      maxAgeMs = config.AGGREGATE_ASOF_MAX_AGE_SECONDS * 1000;
      // The simulator declares its variables, then publishes its history and goes live.
      const catalogue = new PlantSimulator().variables.length;
      const declared = await eventually(
        () =>
          services.variables
            .get(Database)
            .withConnection((connection) =>
              connection.query<{ id: number; client_reference: string }>(
                'select id, client_reference from variables.variable',
              ),
            ),
        (rows) => rows.length >= catalogue,
      );
      for (const row of declared) ids.set(row.client_reference, row.id);
      // Live points of an input follow its history on the same key: once they are stored, so is the history.
      await eventually(
        () => storedSeries(services.variables, ids.get('cdu_feed_temperature')!),
        (points) => points.length > HISTORY_INSTANTS + 2,
      );
    }, 120_000);

    // Stopping the cluster under CI load once took over 60 s, against some 4 s on a quiet machine.
    afterAll(async () => {
      await plant?.stop();
      await plant?.cleanup();
    }, 180_000);

    it('back-fills each kind over the history, every stored point as the reference computes it', async () => {
      const id = (reference: string) => ids.get(reference)!;
      const temperatures = [
        'cdu_feed_temperature',
        'cdu_desalter_temperature',
        'cdu_column_top_temperature',
        'dcu_furnace_inlet_temperature',
        'hdt_reactor_inlet_temperature',
      ].map(id);
      const definitions: (AggregateDefinition & { name: string })[] = [
        {
          name: 'Furnace rise',
          goal: 'operated',
          operator: '-',
          varOneId: id('cdu_furnace_outlet_temperature'),
          varTwoId: id('cdu_feed_temperature'),
          constant: null,
        },
        {
          name: 'Feed flow share',
          goal: 'operated',
          operator: '/',
          varOneId: id('cdu_naphtha_flow'),
          varTwoId: id('cdu_feed_flow'),
          constant: null,
        },
        {
          name: 'Feed flow (l/s)',
          goal: 'operated',
          operator: '*',
          varOneId: id('cdu_feed_flow'),
          varTwoId: null,
          constant: 1000 / 3600,
        },
        {
          name: 'Drum A pressure over 10 min',
          goal: 'gradual',
          varId: id('dcu_drum_a_pressure'),
          timeGap: 'PT10M',
        },
        { name: 'Level over 1 min', goal: 'gradual', varId: id('cdu_desalter_level'), timeGap: 'PT1M' },
        ...(['mean', 'med', 'std', 'lq', 'uq', 'max', 'min'] as const).map((metrical) => ({
          name: `Temperatures ${metrical}`,
          goal: 'metrical' as const,
          metrical,
          variableIdList: temperatures,
        })),
      ];
      for (const { name, ...definition } of definitions) {
        const aggregate = await create({ name, unit: null, historic: true, ...definition });
        expect(aggregate).toMatchObject({ name, goal: definition.goal, historic: true });
        created.push({ aggregate, definition });
      }
      // An aggregate of an aggregate: the furnace rise in tenths.
      const ofAggregate: AggregateDefinition = {
        goal: 'operated',
        operator: '*',
        varOneId: created[0]!.aggregate.id,
        varTwoId: null,
        constant: 10,
      };
      created.push({
        aggregate: await create({ name: 'Furnace rise ×10', unit: null, historic: true, ...ofAggregate }),
        definition: ofAggregate,
      });

      for (const entry of created) {
        const done = await backfillDone(entry.aggregate.id);
        entry.aggregate = done;
        expect(done.backfill.fromMs).not.toBeNull();
        // The back-filled range, from the inputs' first point up to the creation, point by point.
        const stored = await expectReference(done, entry.definition, done.backfill.toMs!);
        expect(stored.length).toBeGreaterThanOrEqual(HISTORY_INSTANTS - 10);
        expect(stored[0]!.ts).toBeLessThan(done.backfill.fromMs! + 15 * 60_000);
        expect(await duplicateRows(services.variables, done.id)).toBe(0);
      }
    }, 150_000);

    it('adds live points to each kind as the simulator publishes, equal to the reference', async () => {
      expect(created.length).toBeGreaterThan(0);
      const since = Math.max(...created.map(({ aggregate }) => aggregate.backfill.toMs!));
      // Several live seconds after the back-fills; everything up to a cut-off must then have settled.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const cutOff = Date.now() - 1_000;
      for (const { aggregate, definition } of created) {
        const stored = await expectReference(aggregate, definition, cutOff, (points) =>
          points.some((point) => point.ts > since),
        );
        expect(stored.filter((point) => point.ts > since).length).toBeGreaterThan(0);
      }
    }, 110_000);

    it('opens an incidence of a rule on an aggregate from its live points', async () => {
      const [rise] = created;
      expect(rise).toBeDefined();
      const history = await storedSeries(services.variables, rise!.aggregate.id);
      // Below every value the furnace rise took: the rule holds at its first live evaluation.
      const threshold = Math.floor(Math.min(...history.map((point) => point.value))) - 1;
      const [rule] = (
        await rulesApi
          .post('/api/web/rules-incidence')
          .send([
            {
              name: 'Furnace rise present',
              operator: '>',
              varOneId: rise!.aggregate.id,
              constant: threshold,
            },
          ])
          .expect(201)
      ).body as RuleIncidenceDto[];
      const page = await eventually(
        async () => {
          await services.settle();
          return (await rulesApi.get('/api/web/evaluations-incidence/v2').expect(200))
            .body as IncidenceSummaryV2PageDto;
        },
        (answer) => answer.data.some((summary) => summary.rule.id === rule!.id),
        60_000,
        500,
      );
      const summary = page.data.find((row) => row.rule.id === rule!.id)!;
      expect(summary).toMatchObject({ totalActivations: 1, open: true, variableIds: [rise!.aggregate.id] });
      expect(summary.firstActivationDate * 1000).toBeGreaterThanOrEqual(
        Math.floor(rise!.aggregate.backfill.toMs! / 1000) * 1000,
      );
    }, 110_000);

    it('resumes a back-fill that a restart of the variables service interrupted, without duplicates', async () => {
      const simulator = new PlantSimulator({
        seed: services.variables.get<PlatformConfig>(PLATFORM_CONFIG).SIMULATOR_SEED,
      });
      const [one, two] = RESTART_INPUTS.map((reference) => ids.get(reference)!);
      // Dense history of two inputs before the simulator's: one point a second over RESTART_HISTORY_HOURS.
      const firstStored = (await storedSeries(services.variables, one!))[0]!.ts;
      const start = firstStored - RESTART_HISTORY_HOURS * 3_600_000;
      const points: MeasurementPoint[] = [];
      for (let ts = start; ts < firstStored; ts += 1_000)
        for (const reference of RESTART_INPUTS)
          points.push({ variableId: ids.get(reference)!, ts, value: simulator.valueAt(reference, ts) });
      await publish(services.variables, points);
      await eventually(
        async () => (await storedSeries(services.variables, two!)).length,
        (count) => count >= points.length / 2 + HISTORY_INSTANTS,
        90_000,
        500,
      );

      const definition: AggregateDefinition = {
        goal: 'operated',
        operator: '+',
        varOneId: one!,
        varTwoId: two!,
        constant: null,
      };
      const aggregate = await create({ name: 'HDT flows', unit: null, historic: true, ...definition });
      // Restarted once chunks are stored: after the catalogs settled (catalogSettleMs), before the end.
      const running = await eventually(
        () => readAggregate(aggregate.id),
        (read) =>
          read.backfill.state === 'running' ? read.backfill.percent > 0 : read.backfill.state !== 'pending',
        60_000,
        20,
      );
      expect(running.backfill.state).toBe('running');
      expect(running.backfill.percent).toBeLessThan(100);
      const beforeStop = await readAggregate(aggregate.id);
      useServices(await plant.restartVariables());
      // On a loaded machine the first read after the restart answered 503 (twice, once in CI): standalone asks
      // identity over HTTP in its own process, whose query waits on PGlite's one connection behind the resumed
      // back-fill and the start-up catch-up, likely past the call's 10 s timeout. Once the API answers again:
      await eventually(
        () => variablesApi.get(`/api/web/aggregate-variables/${aggregate.id}`),
        (response) => response.status !== 503,
        60_000,
        1_000,
      );
      // Resumed, not started again: the same planned range, and no progress lost.
      const resumed = await readAggregate(aggregate.id);
      expect([resumed.backfill.fromMs, resumed.backfill.toMs]).toEqual([
        beforeStop.backfill.fromMs,
        beforeStop.backfill.toMs,
      ]);
      expect(resumed.backfill.percent).toBeGreaterThanOrEqual(beforeStop.backfill.percent);
      const done = await backfillDone(aggregate.id, 90_000);
      expect([done.backfill.fromMs, done.backfill.toMs]).toEqual([
        beforeStop.backfill.fromMs,
        beforeStop.backfill.toMs,
      ]);
      const stored = await expectReference(done, definition, done.backfill.toMs!);
      expect(stored.length).toBeGreaterThanOrEqual(points.length / 2);
      expect(await duplicateRows(services.variables, aggregate.id)).toBe(0);
    }, 180_000);
  });
}

/** Publishes points on `measurements` keyed like the data sources, in messages of at most 5 000 points. */
async function publish(app: NestFastifyApplication, points: MeasurementPoint[]): Promise<void> {
  const partitions = app.get<PlatformConfig>(PLATFORM_CONFIG).KAFKA_TOPIC_PARTITIONS;
  const publisher = app.get(EventPublisher);
  for (const [key, keyed] of groupPointsByKey(points, partitions))
    for (let first = 0; first < keyed.length; first += 5_000)
      await publisher.publish(
        Topics.measurements,
        { source: 'test', points: keyed.slice(first, first + 5_000) },
        key,
      );
}
