// The valve monitor's waits, standalone with short settings: a variable the variables service did not know
// yet is recognised once declared, and an actuation whose torque and pressure never arrive is analysed after
// VALVES_SIGNAL_WAIT_SECONDS, once, late points changing nothing.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, Topics, type MeasurementPoint } from '@plantlens/contracts';
import {
  AuthKeys,
  Database,
  EventPublisher,
  IN_MEMORY_DATA_DIR,
  InMemoryBroker,
  loadPlatformConfig,
} from '@plantlens/platform';
import { PlantSimulator } from '@plantlens/simulator';
import { ValveMonitorService } from '@plantlens/valves';
import request from 'supertest';
import { startMonitorApp } from './valve-monitor.scenario';

const SECOND = 1_000;

describe('valve monitor waits (standalone)', () => {
  const simulator = new PlantSimulator();
  let app: NestFastifyApplication;

  async function declare(references: string[]): Promise<Map<string, number>> {
    const response = await request(app.getHttpServer())
      .post('/api/web/variable/raw/declare')
      .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
      .send({ variables: simulator.variables.filter((v) => references.includes(v.clientReference)) })
      .expect(201);
    return new Map(
      (response.body.variables as { id: number; clientReference: string }[]).map((v) => [
        v.clientReference,
        v.id,
      ]),
    );
  }

  async function publish(points: MeasurementPoint[]): Promise<void> {
    await app.get(EventPublisher).publish(Topics.measurements, { source: 'test', points }, '0');
    await app.get(InMemoryBroker).drain();
  }

  const series = (variableId: number, reference: string, fromMs: number, toMs: number) =>
    Array.from({ length: (toMs - fromMs) / SECOND }, (_, i) => {
      const ts = fromMs + i * SECOND;
      return { variableId, ts, value: simulator.valueAt(reference, ts) };
    });

  async function actuations(): Promise<{ asset: string; beginMs: number; codes: number[] }[]> {
    return app
      .get(Database)
      .withConnection((connection) =>
        connection.query(
          `select asset, begin_ms::float8 as "beginMs", codes from valves.actuation order by begin_ms`,
        ),
      );
  }

  beforeAll(async () => {
    app = await startMonitorApp(
      loadPlatformConfig({
        DATA_DIR: IN_MEMORY_DATA_DIR,
        LOG_LEVEL: 'error',
        LOG_FORMAT: 'text',
        VALVES_SIGNAL_WAIT_SECONDS: '1',
        VALVES_UNKNOWN_VARIABLE_RETRY_SECONDS: '1',
      }),
    );
  });
  afterAll(() => app?.close());

  it('recognises a valve signal declared after its id was first seen', async () => {
    const ids = await declare(['gate02_opening']);
    const monitor = app.get(ValveMonitorService).counters;
    // The id the next declaration gets: unknown to the variables service for now.
    const next = ids.get('gate02_opening')! + 1;
    const t0 = Date.UTC(2026, 0, 2);
    await publish(series(next, 'gate02_flow', t0, t0 + 3 * SECOND));
    expect(monitor.pointsOfUnknownVariables).toBe(3);
    expect(monitor.pointsKept).toBe(0);

    expect((await declare(['gate02_flow'])).get('gate02_flow')).toBe(next);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await publish(series(next, 'gate02_flow', t0, t0 + 3 * SECOND));
    expect(monitor.pointsKept).toBe(3);
  });

  it('analyses an actuation without torque and pressure once the wait is over, once', async () => {
    const ids = await declare(['gate01_opening', 'gate01_torque']);
    const actuation = simulator
      .actuationsBetween(Date.UTC(2026, 0, 3), Date.UTC(2026, 0, 3, 1))
      .find((a) => a.asset === 'gate01')!;
    const from = actuation.beginMs - 30 * SECOND;
    const opening = (fromMs: number, toMs: number) =>
      series(ids.get('gate01_opening')!, 'gate01_opening', fromMs, toMs);
    await publish(opening(from, actuation.endMs + 5 * SECOND));
    // Complete on the opening signal, and far enough past, but the monitor has not waited yet.
    expect(await actuations()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await publish(opening(actuation.endMs + 5 * SECOND, actuation.endMs + 6 * SECOND));
    expect(await actuations()).toEqual([{ asset: 'gate01', beginMs: actuation.beginMs, codes: [] }]);
    const analysed = app.get(ValveMonitorService).counters.actuations;

    // The torque arrives late: stored, but the actuation stays as analysed.
    await publish(series(ids.get('gate01_torque')!, 'gate01_torque', from, actuation.endMs + 6 * SECOND));
    expect(await actuations()).toEqual([{ asset: 'gate01', beginMs: actuation.beginMs, codes: [] }]);
    expect(app.get(ValveMonitorService).counters.actuations).toBe(analysed);
  });
});
