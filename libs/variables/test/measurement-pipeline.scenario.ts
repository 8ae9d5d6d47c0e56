// The walking-skeleton pipeline, written once and run against both modes:
// standalone (PGlite + in-memory bus) in `npm test`, and PostgreSQL + Kafka in the integration suite.
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Authorities,
  Topics,
  timelineColumnsDtoSchema,
  timelineFromColumns,
  type MeasurementBatch,
  type TimelineDataDto,
} from '@plantlens/contracts';
import {
  AccessTokenService,
  AuthKeys,
  createServiceApp,
  EventPublisher,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import request from 'supertest';
import { MeasurementMetrics, VariablesModule } from '../src';

export async function startVariablesService(
  config: PlatformConfig,
  testModules: (Type | DynamicModule)[] = [],
): Promise<NestFastifyApplication> {
  const app = await createServiceApp({
    name: 'variables',
    module: serviceModule(config, [VariablesModule, ...testModules]),
    config,
    consumerGroup: 'variables',
    checkResponseContracts: true,
  });
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

// The header of a user holding the Explore feature, signed with this service's keys (identity is not
// part of this scenario; in a deployment identity issues the same tokens).
export async function explorerHeaders(app: NestFastifyApplication): Promise<Record<string, string>> {
  const token = await app
    .get(AccessTokenService)
    .issue({ id: 1, username: 'explorer', authorities: [Authorities.explorer], sessionVersion: 0 });
  return { [AuthHeaders.authorization]: `Bearer ${token}` };
}

export async function declareVariables(app: NestFastifyApplication, references: string[]): Promise<number[]> {
  const response = await request(app.getHttpServer())
    .post('/api/web/variable/raw/declare')
    .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
    .send({
      variables: references.map((clientReference) => ({
        clientReference,
        name: clientReference,
        unit: 'bar',
      })),
    })
    .expect(201);
  const ids = new Map<string, number>(
    response.body.variables.map((v: { id: number; clientReference: string }) => [v.clientReference, v.id]),
  );
  return references.map((reference) => ids.get(reference)!);
}

export async function timeline(
  app: NestFastifyApplication,
  variableIds: number[],
  startDate: number,
  endDate: number,
  width?: number,
): Promise<TimelineDataDto> {
  const response = await request(app.getHttpServer())
    .get('/api/web/explorer/timeline-data')
    .set(await explorerHeaders(app))
    .query({ variableIds: variableIds.join(','), startDate, endDate, ...(width ? { width } : {}) })
    .expect(200);
  return response.body as TimelineDataDto;
}

export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(`condition not reached within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

const T0 = Date.UTC(2026, 0, 1);

export function describeMeasurementPipeline(mode: string, configure: () => Promise<PlatformConfig>): void {
  describe(`measurement pipeline (${mode})`, () => {
    let app: NestFastifyApplication;
    let publisher: EventPublisher;
    const unique = `${mode.replace(/\W+/g, '_')}_${process.pid}_${Date.now()}`;

    beforeAll(async () => {
      app = await startVariablesService(await configure());
      publisher = app.get(EventPublisher);
    });
    afterAll(() => app?.close());

    it('lists declared variables sorted by label', async () => {
      await declareVariables(app, [`${unique}_b`, `${unique}_a`]);
      const response = await request(app.getHttpServer())
        .get('/api/web/explorer/variables')
        .set(await explorerHeaders(app))
        .expect(200);
      const labels = (response.body as { label: string }[])
        .map((v) => v.label)
        .filter((l) => l.startsWith(unique));
      expect(labels).toEqual([`${unique}_a`, `${unique}_b`]);
    });

    it('stores published points and answers them from timeline-data', async () => {
      const [pressure, flow] = await declareVariables(app, [`${unique}_pressure`, `${unique}_flow`]);
      const batch: MeasurementBatch = {
        source: 'test',
        points: Array.from({ length: 100 }, (_, i) => [
          { variableId: pressure!, ts: T0 + i * 1000, value: i / 2 },
          { variableId: flow!, ts: T0 + i * 1000, value: 100 - i },
        ]).flat(),
      };
      await publisher.publish(Topics.measurements, batch, String(pressure));
      const result = await eventually(
        () => timeline(app, [pressure!, flow!], T0, T0 + 100_000),
        (body) => body.variables.every((variable) => variable.data.length === 100),
      );
      expect(result.startDate).toBe(T0);
      expect(result.variables.map((v) => v.metadata.id)).toEqual([pressure, flow]);
      expect(result.variables[0]!.data.slice(0, 3)).toEqual([
        { timestamp: T0 / 1000, value: 0 },
        { timestamp: T0 / 1000 + 1, value: 0.5 },
        { timestamp: T0 / 1000 + 2, value: 1 },
      ]);
      expect(result.variables[1]!.data.at(-1)).toEqual({ timestamp: T0 / 1000 + 99, value: 1 });
      expect(result.variables.every((v) => v.sampled === false)).toBe(true);
      // The compact answer: JSON built as text by the service, in its contract, the same points.
      const compact = await request(app.getHttpServer())
        .get('/api/web/explorer/timeline-data')
        .set(await explorerHeaders(app))
        .query({
          variableIds: `${pressure},${flow}`,
          startDate: T0,
          endDate: T0 + 100_000,
          format: 'columns',
        })
        .expect('content-type', /^application\/json/)
        .expect(200);
      expect(timelineFromColumns(timelineColumnsDtoSchema.parse(compact.body))).toEqual(result);
    });

    it('overwrites instead of duplicating when a batch is replayed or corrected', async () => {
      const [level] = await declareVariables(app, [`${unique}_level`]);
      const point = { variableId: level!, ts: T0, value: 1 };
      await publisher.publish(Topics.measurements, { source: 'test', points: [point] }, String(level));
      await publisher.publish(Topics.measurements, { source: 'test', points: [point] }, String(level));
      await publisher.publish(
        Topics.measurements,
        { source: 'test', points: [{ ...point, value: 2 }] },
        String(level),
      );
      const result = await eventually(
        () => timeline(app, [level!], T0, T0 + 1000),
        (body) => body.variables[0]?.data[0]?.value === 2,
      );
      expect(result.variables[0]!.data).toEqual([{ timestamp: T0 / 1000, value: 2 }]);
    });

    it('skips bad messages and bad points, counts them, and keeps consuming', async () => {
      const [temperature] = await declareVariables(app, [`${unique}_temperature`]);
      const metrics = app.get(MeasurementMetrics);
      const before = await metrics.totals();
      const key = String(temperature);
      await publisher.publish(Topics.measurements, 'not a batch', key);
      await publisher.publish(Topics.measurements, { source: 'test', points: 'nope' }, key);
      await publisher.publish(
        Topics.measurements,
        {
          source: 'test',
          points: [
            { variableId: temperature, ts: T0, value: null },
            { variableId: temperature, ts: Date.now() + 365 * 86_400_000, value: 1 },
            { variableId: 999_999_999, ts: T0, value: 1 },
            { variableId: temperature, ts: T0, value: 21.5 },
          ],
        },
        key,
      );
      const result = await eventually(
        () => timeline(app, [temperature!], T0, T0 + 1000),
        (body) => body.variables[0]?.data.length === 1,
      );
      expect(result.variables[0]!.data).toEqual([{ timestamp: T0 / 1000, value: 21.5 }]);
      const { rejected } = await metrics.totals();
      expect(rejected['malformed-batch'] - before.rejected['malformed-batch']).toBe(2);
      expect(rejected['invalid-point'] - before.rejected['invalid-point']).toBe(1);
      expect(rejected['future-timestamp'] - before.rejected['future-timestamp']).toBe(1);
      expect(rejected['unknown-variable'] - before.rejected['unknown-variable']).toBe(1);
    });

    it('reduces a long range to M4 points flagged sampled', async () => {
      const [torque] = await declareVariables(app, [`${unique}_torque`]);
      const points = Array.from({ length: 2_000 }, (_, i) => ({
        variableId: torque!,
        ts: T0 + i * 1000,
        value: i % 100 === 50 ? 1000 : Math.sin(i / 10),
      }));
      await publisher.publish(Topics.measurements, { source: 'test', points }, String(torque));
      await eventually(
        () => timeline(app, [torque!], T0, T0 + 2_000_000, 10_000),
        (body) => body.variables[0]?.data.length === 2_000,
      );
      const reduced = await timeline(app, [torque!], T0, T0 + 2_000_000, 100);
      const series = reduced.variables[0]!;
      expect(series.sampled).toBe(true);
      expect(series.data.length).toBeLessThanOrEqual(400);
      expect(series.data.filter((point) => point.value === 1000)).toHaveLength(20);
      expect(series.data[0]).toEqual({ timestamp: T0 / 1000, value: 0 });
      expect(series.data.at(-1)!.timestamp).toBe(T0 / 1000 + 1999);
    });

    it('answers 400 with a message for a bad query', async () => {
      const server = app.getHttpServer();
      const headers = await explorerHeaders(app);
      const missing = await request(server)
        .get('/api/web/explorer/timeline-data')
        .set(headers)
        .query({ startDate: 0, endDate: 1 });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^variableIds: /);
      const reversed = await request(server)
        .get('/api/web/explorer/timeline-data')
        .set(headers)
        .query({ variableIds: '1', startDate: 2000, endDate: 1000 });
      expect(reversed.status).toBe(400);
      expect(reversed.body.message).toBe('startDate: startDate must be earlier than endDate');
      const notANumber = await request(server)
        .get('/api/web/explorer/timeline-data')
        .set(headers)
        .query({ variableIds: '1,x', startDate: 'yesterday', endDate: 1000 });
      expect(notANumber.status).toBe(400);
      expect(notANumber.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
        'startDate',
        'variableIds',
      ]);
    });

    it('refuses the explorer and the declaration without credentials or the feature', async () => {
      const server = app.getHttpServer();
      const anonymous = await request(server).get('/api/web/explorer/variables');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Missing token');
      const queryOnly = await app
        .get(AccessTokenService)
        .issue({ id: 2, username: 'analyst', authorities: [Authorities.query], sessionVersion: 0 });
      await request(server)
        .get('/api/web/explorer/variables')
        .set(AuthHeaders.authorization, `Bearer ${queryOnly}`)
        .expect(403);
      const body = { variables: [{ clientReference: `${unique}_x`, name: 'x', unit: null }] };
      await request(server).post('/api/web/variable/raw/declare').send(body).expect(401);
      await request(server)
        .post('/api/web/variable/raw/declare')
        .set(AuthHeaders.serviceToken, 'not-the-service-token')
        .send(body)
        .expect(401);
      await request(server)
        .post('/api/web/variable/raw/declare')
        .set(AuthHeaders.authorization, `Bearer ${queryOnly}`)
        .send(body)
        .expect(403);
    });

    it('reports itself live and ready', async () => {
      await request(app.getHttpServer()).get('/api/health').expect(200, { status: 'ok' });
      const ready = await request(app.getHttpServer()).get('/api/ready').expect(200);
      expect(ready.body.checks.map((check: { name: string }) => check.name)).toEqual(['database', 'broker']);
    });
  });
}
