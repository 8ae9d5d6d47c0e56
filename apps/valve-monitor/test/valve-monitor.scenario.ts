// The streaming valve monitor, written once and run against both modes: PGlite + in-memory bus in
// `npm test`, PostgreSQL + Kafka in the integration suite. The app hosts the variables module beside the
// valves module (as the gateway does in standalone), so the monitor asks a real variables service over
// HTTP which ids are valve signals. Points come from the simulated plant; its ground truth (which cycle of
// which valve carries which fault) is what the stored actuations and errors are checked against.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, Topics, type AssetAlarmEvent, type MeasurementPoint } from '@plantlens/contracts';
import {
  AuthKeys,
  createServiceApp,
  Database,
  EventPublisher,
  measurementKey,
  MetricsRegistry,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { PlantSimulator, VALVE_ASSETS, type SimulatedActuation } from '@plantlens/simulator';
import { AssetAlarmPublisher, ValveMonitorService, ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';

export interface MonitorEnvironment {
  /** the same database on every call, so an app started again finds what the previous one stored */
  config: PlatformConfig;
  /** the monitor's consumer group (on a shared broker, one of the run's own) */
  consumerGroup?: string;
  /** the first id the variables service hands out (unique to the run on a shared broker) */
  firstVariableId?: number;
  /** collects the AssetAlarmEvents the monitor publishes (per app on the in-memory bus) */
  collectAlarms(app: NestFastifyApplication, into: AssetAlarmEvent[]): Promise<void>;
  cleanup(): Promise<void>;
}

const SIGNALS = ['opening', 'torque', 'pressure', 'flow', 'temperature'] as const;
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
// Half an hour of seed 1 with faults of four kinds (running, sustained, switching point, low steam).
const WINDOW_START = Date.UTC(2026, 0, 1, 8, 30);
const WINDOW_END = WINDOW_START + 30 * MINUTE;

export async function startMonitorApp(
  config: PlatformConfig,
  consumerGroup = 'valve-monitor',
): Promise<NestFastifyApplication> {
  const app = await createServiceApp({
    name: 'valve-monitor-test',
    module: serviceModule(config, [VariablesModule, ValvesModule]),
    config,
    consumerGroup,
    checkResponseContracts: true,
  });
  // The monitor calls the variables module over HTTP, at this process's own address.
  await app.listen(0, '127.0.0.1');
  return app;
}

interface StoredActuation {
  asset: string;
  beginMs: number;
  endMs: number;
  operation: string;
  codes: number[];
}

async function storedActuations(app: NestFastifyApplication): Promise<StoredActuation[]> {
  return app.get(Database).withConnection((connection) =>
    connection.query<StoredActuation>(
      `select asset, begin_ms::float8 as "beginMs", end_ms::float8 as "endMs", operation, codes
         from valves.actuation order by asset, begin_ms`,
    ),
  );
}

async function storedErrors(
  app: NestFastifyApplication,
): Promise<{ asset: string; beginMs: number; code: number; published: boolean }[]> {
  return app.get(Database).withConnection((connection) =>
    connection.query(
      `select asset, begin_ms::float8 as "beginMs", code, published from valves.asset_error
        order by asset, begin_ms, code`,
    ),
  );
}

async function sampleCount(app: NestFastifyApplication): Promise<number> {
  const [row] = await app
    .get(Database)
    .withConnection((connection) =>
      connection.query<{ count: number }>(`select count(*)::int as count from valves.signal_sample`),
    );
  return row!.count;
}

async function actuationsAnalysed(app: NestFastifyApplication): Promise<number | undefined> {
  const metric = app.get(MetricsRegistry).getSingleMetric('plantlens_valve_actuations_analysed_total');
  return (await metric?.get())?.values[0]?.value;
}

async function eventually(check: () => Promise<void>, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function matching(stored: StoredActuation[], truth: SimulatedActuation): StoredActuation[] {
  const middle = (truth.beginMs + truth.endMs) / 2;
  return stored.filter(
    (a) =>
      a.asset === truth.asset && a.operation === truth.operation && a.beginMs <= middle && a.endMs >= middle,
  );
}

// The classifier is judged by libs/valves/test/detection-quality.spec.ts (≥ 95 % per code); here the
// stored codes must name the simulated fault (a wide switching-point excess may also count as running
// torque) and a fault-free actuation must have none.
function agrees(stored: StoredActuation, truth: SimulatedActuation): boolean {
  return truth.fault === null ? stored.codes.length === 0 : stored.codes.includes(truth.expectedCode);
}

export function describeValveMonitor(mode: string, environment: () => Promise<MonitorEnvironment>): void {
  describe(`valve monitor (${mode})`, () => {
    const simulator = new PlantSimulator();
    const alarms: AssetAlarmEvent[] = [];
    const published = new Set<string>();
    let env: MonitorEnvironment;
    let app: NestFastifyApplication;
    let ids: Map<string, number>;

    async function start(): Promise<void> {
      app = await startMonitorApp(env.config, env.consumerGroup);
      await env.collectAlarms(app, alarms);
    }

    // The simulator's points of the given variables at each second of [startMs, endMs), as a source
    // publishes them: batches keyed by variable partition.
    async function publish(
      references: string[],
      startMs: number,
      endMs: number,
    ): Promise<MeasurementPoint[]> {
      const points: MeasurementPoint[] = [];
      for (let ts = startMs; ts < endMs; ts += SECOND) {
        for (const reference of references) {
          points.push({ variableId: ids.get(reference)!, ts, value: simulator.valueAt(reference, ts) });
        }
      }
      await publishPoints(points);
      return points;
    }

    async function publishPoints(points: MeasurementPoint[]): Promise<void> {
      const byKey = new Map<string, MeasurementPoint[]>();
      for (const point of points) {
        const key = measurementKey(point.variableId, env.config.KAFKA_TOPIC_PARTITIONS);
        byKey.set(key, [...(byKey.get(key) ?? []), point]);
        if (valveIds.has(point.variableId)) published.add(`${point.variableId}:${point.ts}`);
      }
      const publisher = app.get(EventPublisher);
      for (const [key, keyed] of byKey) {
        for (let start = 0; start < keyed.length; start += 2_000) {
          await publisher.publish(
            Topics.measurements,
            { source: 'test', points: keyed.slice(start, start + 2_000) },
            key,
          );
        }
      }
    }

    // Until every valve point published is stored: its transaction committed the analysis it allowed.
    async function settle(): Promise<void> {
      await eventually(async () => expect(await sampleCount(app)).toBe(published.size));
      await app.get(AssetAlarmPublisher).flush();
    }

    const valveReferences = (asset: string) => SIGNALS.map((signal) => `${asset}_${signal}`);
    const valveIds = new Set<number>();

    beforeAll(async () => {
      env = await environment();
      await start();
      if (env.firstVariableId) {
        await app
          .get(Database)
          .withConnection((connection) =>
            connection.query(
              `alter table variables.variable alter column id restart with ${env.firstVariableId}`,
            ),
          );
      }
      const response = await request(app.getHttpServer())
        .post('/api/web/variable/raw/declare')
        .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
        .send({ variables: simulator.variables })
        .expect(201);
      ids = new Map(
        (response.body.variables as { id: number; clientReference: string }[]).map((v) => [
          v.clientReference,
          v.id,
        ]),
      );
      for (const asset of VALVE_ASSETS)
        for (const reference of valveReferences(asset)) valveIds.add(ids.get(reference)!);
    });
    afterAll(async () => {
      await app?.close();
      await env?.cleanup();
    });

    it('finds every complete actuation of half an hour and classifies it as the simulator made it', async () => {
      const processReferences = simulator.variables
        .map((v) => v.clientReference)
        .filter((reference) => !VALVE_ASSETS.some((asset) => reference.startsWith(`${asset}_`)));
      await publish(processReferences, WINDOW_START, WINDOW_START + MINUTE);
      await publish(VALVE_ASSETS.flatMap(valveReferences), WINDOW_START, WINDOW_END);
      await settle();

      const stored = await storedActuations(app);
      const truth = simulator.actuationsBetween(WINDOW_START, WINDOW_END);
      expect(truth.length).toBeGreaterThan(60);
      expect(truth.filter((t) => t.fault !== null).length).toBeGreaterThanOrEqual(8);
      for (const actuation of truth) {
        const found = matching(stored, actuation);
        expect({ actuation, found: found.length, agrees: found.every((a) => agrees(a, actuation)) }).toEqual({
          actuation,
          found: 1,
          agrees: true,
        });
      }
      // Nothing else: no actuation that the simulator did not make.
      expect(stored).toHaveLength(truth.length);

      const monitor = app.get(ValveMonitorService).counters;
      expect(monitor.actuations).toBe(truth.length);
      expect(await actuationsAnalysed(app)).toBe(truth.length);
      const errors = await storedErrors(app);
      expect(monitor.errors).toBe(errors.length);
      expect(errors.every((e) => e.published)).toBe(true);
      expect(monitor.pointsKept).toBe(published.size);
      // Points of process variables were seen and not kept (on a shared broker, other runs' points too).
      expect(monitor.pointsSeen).toBeGreaterThanOrEqual(published.size + processReferences.length * 60);
      await eventually(async () =>
        expect(new Set(alarms.map((a) => a.eventId))).toEqual(
          new Set(errors.map((e) => `${e.asset}:${e.beginMs}:${e.code}`)),
        ),
      );
      const sample = alarms.find((a) => a.errorCode === 101) ?? alarms[0]!;
      const actuation = stored.find((a) => a.asset === sample.asset && a.beginMs === sample.beginMs)!;
      expect(sample).toEqual({
        eventId: `${sample.asset}:${sample.beginMs}:${sample.errorCode}`,
        asset: actuation.asset,
        errorCode: sample.errorCode,
        operation: actuation.operation,
        beginMs: actuation.beginMs,
        endMs: actuation.endMs,
      });
    });

    it('creates nothing new when a batch is delivered again', async () => {
      const before = { actuations: await storedActuations(app), errors: await storedErrors(app) };
      const monitor = app.get(ValveMonitorService).counters;
      const counted = { ...monitor };
      const alarmsBefore = alarms.length;
      const points = VALVE_ASSETS.flatMap((asset) =>
        valveReferences(asset).flatMap((reference) =>
          Array.from({ length: 600 }, (_, i) => {
            const ts = WINDOW_START + 10 * MINUTE + i * SECOND;
            return { variableId: ids.get(reference)!, ts, value: simulator.valueAt(reference, ts) };
          }),
        ),
      );
      await publishPoints(points);
      await eventually(async () => expect(monitor.pointsKept).toBe(counted.pointsKept + points.length));
      await app.get(AssetAlarmPublisher).flush();
      expect(await storedActuations(app)).toEqual(before.actuations);
      expect(await storedErrors(app)).toEqual(before.errors);
      expect(monitor.actuations).toBe(counted.actuations);
      expect(await actuationsAnalysed(app)).toBe(counted.actuations);
      expect(monitor.errors).toBe(counted.errors);
      expect(alarms).toHaveLength(alarmsBefore);
    });

    it('analyses an actuation that spans a restart once, with its errors once', async () => {
      // The next faulty actuation after the window (lift02's low steam at 09:02 for seed 1, or any other).
      // The first faulty actuation after the window; only its valve's points are published from here on.
      const target = simulator
        .actuationsBetween(WINDOW_END, WINDOW_END + 45 * MINUTE)
        .find((actuation) => actuation.fault !== null)!;
      expect(target).toBeDefined();
      const references = valveReferences(target.asset);
      const middle = Math.floor((target.beginMs + target.endMs) / 2 / SECOND) * SECOND;
      await publish(references, WINDOW_END, middle);
      await settle();
      expect(matching(await storedActuations(app), target)).toEqual([]);
      const storedBefore = (await storedActuations(app)).length;

      await app.close();
      await start();
      const monitor = app.get(ValveMonitorService).counters;
      await publish(references, middle, target.endMs + 2 * MINUTE);
      await settle();

      const found = matching(await storedActuations(app), target);
      expect(found).toHaveLength(1);
      expect(agrees(found[0]!, target)).toBe(true);
      // The new instance analysed it (and whatever followed), the first one did not.
      expect(monitor.actuations).toBe((await storedActuations(app)).length - storedBefore);
      const errors = (await storedErrors(app)).filter(
        (e) => e.asset === target.asset && e.beginMs === found[0]!.beginMs,
      );
      expect(errors.map((e) => [e.code, e.published])).toEqual(found[0]!.codes.map((code) => [code, true]));
      const eventIds = errors.map((e) => `${e.asset}:${e.beginMs}:${e.code}`);
      await eventually(async () =>
        expect(alarms.map((a) => a.eventId)).toEqual(expect.arrayContaining(eventIds)),
      );
      // Every stored actuation of the valve is one of the simulator's, each once.
      const truth = simulator
        .actuationsBetween(WINDOW_START, target.endMs + 2 * MINUTE)
        .filter((actuation) => actuation.asset === target.asset);
      const stored = (await storedActuations(app)).filter((a) => a.asset === target.asset);
      expect(stored).toHaveLength(truth.length);
    });
  });
}
