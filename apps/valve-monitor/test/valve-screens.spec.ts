// The valve screens' calls on what the real valve monitor made of simulated plant data: points go through
// the `measurements` bus to the consumer, which stores samples, cuts and classifies actuations; the calls
// are then checked against the simulator's ground truth (standalone: PGlite + in-memory bus).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Topics,
  type HistoricAnalysisDto,
  type IncidenceReviewDto,
  type MeasurementPoint,
  type NormalCurveLearnResultDto,
  type PlantCurrentStatusDto,
  type PlantTreeDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import {
  AuthKeys,
  createServiceApp,
  Database,
  EventPublisher,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  measurementKey,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { PlantSimulator, VALVE_ASSETS, type SimulatedActuation } from '@plantlens/simulator';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
// Seed 1 has faults of several kinds around this half hour (valve-monitor.scenario.ts).
const START = Date.UTC(2026, 0, 1, 8, 30);
const END = START + 40 * MINUTE;
const SIGNALS = ['opening', 'torque', 'pressure', 'flow', 'temperature'] as const;
const iso = (ms: number) => new Date(ms).toISOString();

describe('valve screens on the valve monitor’s own analysis of simulated data', () => {
  const simulator = new PlantSimulator();
  let config: PlatformConfig;
  let app: NestFastifyApplication;
  let auth: Record<string, string>;
  const get = (path: string, query: Record<string, string> = {}) =>
    request(app.getHttpServer()).get(path).query(query).set(auth);
  // Ramps well inside the published range: complete, and analysed (their valve's signals ran on past them).
  const truth = (asset: string): SimulatedActuation[] =>
    simulator
      .actuationsBetween(START, END)
      .filter((a) => a.asset === asset && a.beginMs > START + MINUTE && a.endMs < END - 3 * MINUTE);

  beforeAll(async () => {
    config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      SUPERADMIN_PASSWORD: 'super123',
    });
    app = await createServiceApp({
      name: 'valve-screens-test',
      module: serviceModule(config, [IdentityModule, VariablesModule, ValvesModule]),
      config,
      consumerGroup: 'valve-screens-test',
      checkResponseContracts: true,
    });
    // The monitor asks the variables module over HTTP, at this process's own address.
    await app.listen(0, '127.0.0.1');
    const signIn = await request(app.getHttpServer())
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'super123' })
      .expect(200);
    auth = { [AuthHeaders.authorization]: `Bearer ${signIn.body.accessToken as string}` };

    const declared = await request(app.getHttpServer())
      .post('/api/web/variable/raw/declare')
      .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
      .send({ variables: simulator.variables })
      .expect(201);
    const ids = new Map(
      (declared.body.variables as { id: number; clientReference: string }[]).map((v) => [
        v.clientReference,
        v.id,
      ]),
    );
    // Every valve signal each second, as a source publishes them: batches keyed by variable partition.
    const byKey = new Map<string, MeasurementPoint[]>();
    for (let ts = START; ts < END; ts += SECOND) {
      for (const asset of VALVE_ASSETS) {
        for (const signal of SIGNALS) {
          const variableId = ids.get(`${asset}_${signal}`)!;
          const key = measurementKey(variableId, config.KAFKA_TOPIC_PARTITIONS);
          const point = { variableId, ts, value: simulator.valueAt(`${asset}_${signal}`, ts) };
          const keyed = byKey.get(key);
          if (keyed) keyed.push(point);
          else byKey.set(key, [point]);
        }
      }
    }
    const publisher = app.get(EventPublisher);
    let published = 0;
    for (const [key, points] of byKey) {
      for (let start = 0; start < points.length; start += 2_000) {
        await publisher.publish(
          Topics.measurements,
          { source: 'test', points: points.slice(start, start + 2_000) },
          key,
        );
      }
      published += points.length;
    }
    // Until every point is stored: its transaction committed the analysis it allowed.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [row] = await app
        .get(Database)
        .withConnection((c) =>
          c.query<{ count: number }>(`select count(*)::int as count from valves.signal_sample`),
        );
      if (row!.count === published) break;
      if (Date.now() > deadline) throw new Error(`${row!.count} of ${published} samples stored`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(() => app?.close());

  it('shows each analysed actuation in the historic analysis as the simulator moved the valve', async () => {
    for (const asset of ['gate01', 'lift03']) {
      const ramps = truth(asset);
      const historic = (
        await get('/api/web/ampo/historic-analysis/', {
          asset,
          initDate: iso(ramps[0]!.beginMs - 30 * SECOND),
          endDate: iso(ramps.at(-1)!.beginMs),
        }).expect(200)
      ).body as HistoricAnalysisDto;
      const of = (operation: string) => ramps.filter((r) => r.operation === operation);
      expect([historic.openings.length, historic.closures.length]).toEqual([
        of('opening').length,
        of('closure').length,
      ]);
      for (const [curves, from, to] of [
        [historic.openings, 0, 100],
        [historic.closures, 100, 0],
      ] as const) {
        for (const curve of curves) {
          expect(curve.openingDegree[0]!.value).toBeCloseTo(from, 0);
          expect(curve.openingDegree.at(-1)!.value).toBeCloseTo(to, 0);
          // torque and opening each second of the actuation
          expect(curve.actuationPair.map((p) => p.dateTime)).toEqual(
            curve.openingDegree.map((p) => p.dateTime),
          );
        }
      }
      const first = historic.openings[0]!.actuationPair[3]!;
      expect(first.value).toBe(simulator.valueAt(`${asset}_torque`, first.dateTime * 1000));
    }
  });

  it('counts the actuations as the plant tree and the valve info card show them', async () => {
    const tree = (await get('/api/web/ampo/plant-tree/').expect(200)).body as PlantTreeDto;
    const gate01 = tree[0]!.children[0]!.children[0]!;
    expect(gate01.id).toBe('gate01');
    expect(gate01.cycleNumber).toBeGreaterThanOrEqual(truth('gate01').length);
    const count = await get('/api/web/ampo/valve-actuations/', {
      valve: 'gate01',
      fromDate: iso(START),
    }).expect(200);
    expect(Number(count.text)).toBe(gate01.cycleNumber);
  });

  it('lists the faults of the last day up to the latest data, and reviews a faulty actuation', async () => {
    const status = (await get('/api/web/ampo/plant-current-status/').expect(200))
      .body as PlantCurrentStatusDto;
    expect(status.dateTime).toBe((END - SECOND) / 1000);
    const statuses = [
      ...status.cokeDrumAStatus.gateStatuses,
      ...status.cokeDrumAStatus.liftStatuses,
      ...status.cokeDrumAStatus.switchStatuses,
    ];
    expect(statuses.map((s) => s.assetName)).toEqual([...VALVE_ASSETS]);
    const faulty = VALVE_ASSETS.flatMap((asset) => truth(asset)).filter((ramp) => ramp.expectedCode !== 0);
    expect(faulty.length).toBeGreaterThan(3);
    for (const ramp of faulty) {
      const errors = statuses.find((s) => s.assetName === ramp.asset)!.assetErrors;
      const inRamp = errors.filter(
        (e) => e.beginDate * 1000 <= ramp.endMs && e.endDate * 1000 >= ramp.beginMs,
      );
      expect({ ramp, codes: inRamp.map((e) => e.errorCode) }).toEqual({ ramp, codes: [ramp.expectedCode] });
    }

    const [ramp] = faulty;
    const review = (
      await get('/api/web/ampo/incidence-review/', {
        asset: ramp!.asset,
        initDate: iso(ramp!.beginMs),
        endDate: iso(ramp!.endMs),
      }).expect(200)
    ).body as IncidenceReviewDto;
    const seconds = (ramp!.endMs - ramp!.beginMs) / SECOND + 1;
    for (const series of [
      review.openingValues,
      review.pairValues,
      review.pressureValues,
      review.flowValues,
    ]) {
      expect(series).toHaveLength(seconds);
    }
    expect(review.pressureThresholdValues.every((p) => p.value === 7.5)).toBe(true);
  });

  it('learns normal curves from the fault-free actuations the monitor found', async () => {
    const result = (
      await request(app.getHttpServer())
        .post('/api/web/ampo/normal-curves/learn/')
        .set(auth)
        .send({ asset: 'gate01', actuations: 3 })
        .expect(200)
    ).body as NormalCurveLearnResultDto;
    const faultFree = truth('gate01').filter((r) => r.expectedCode === 0 && r.operation === 'opening');
    expect(faultFree.length).toBeGreaterThanOrEqual(3);
    const opening = result.learned.find((c) => c.operation === 'opening')!;
    expect(opening.actuationCount).toBe(3);
    // a fault-free opening of the simulator stays under the limit curve: so does its median
    const known = opening.values.filter((v): v is number => v !== null);
    expect(known.length).toBeGreaterThan(60);
    expect(Math.max(...known)).toBeLessThanOrEqual(90);
  });
});
