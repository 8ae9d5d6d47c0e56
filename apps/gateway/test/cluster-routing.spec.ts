// The gateway in cluster mode in front of real services: sign-in, the explorer and the pages all go
// through it, and authorization stays with the services behind it.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  performanceDtoSchema,
  type PlantTreeDto,
  type RawVariableDeclareResponseDto,
  type SitePlanDto,
  type TokenPairDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { PerformanceSampler } from '@plantlens/operations';
import { RulesModule } from '@plantlens/rules';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { startClusterGateway, type ClusterGateway } from './cluster-gateway';

describe('gateway in cluster mode', () => {
  let cluster: ClusterGateway;
  let gateway: NestFastifyApplication;

  beforeAll(async () => {
    // Identity, variables, rules and the valve monitor in one process stand for the services behind the
    // gateway.
    cluster = await startClusterGateway(
      [IdentityModule, VariablesModule, RulesModule, ValvesModule],
      'gateway1',
    );
    gateway = cluster.gateway;
  });

  afterAll(() => cluster?.close());

  it('routes sign-in and the explorer to the services, which keep enforcing authorization', async () => {
    const server = gateway.getHttpServer();
    const signIn = await request(server)
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'gateway1' });
    expect(signIn.status).toBe(200);
    const { accessToken } = signIn.body as TokenPairDto;

    await request(server).get('/api/web/explorer/variables').expect(401);
    const variables = await request(server)
      .get('/api/web/explorer/variables')
      .set(AuthHeaders.authorization, `Bearer ${accessToken}`);
    expect(variables.status).toBe(200);
    expect(Array.isArray(variables.body)).toBe(true);

    const account = await request(server)
      .get('/api/web/account')
      .set(AuthHeaders.authorization, `Bearer ${accessToken}`);
    expect(account.body).toEqual(expect.objectContaining({ username: 'admin' }));
  });

  it('passes a CSV upload through as a stream to the variables service', async () => {
    const server = gateway.getHttpServer();
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const signIn = await request(server)
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'gateway1' })
      .expect(200);
    const upload = await request(server)
      .post('/api/web/csv-upload')
      .query({ unknownVariables: 'create' })
      .set(AuthHeaders.authorization, `Bearer ${(signIn.body as TokenPairDto).accessToken}`)
      .set('content-type', 'text/csv')
      .send(`timestamp;gateway_csv_level\n${anHourAgo};1,5\n${anHourAgo + 1};2\n`);
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({
      rows: 2,
      pointsPublished: 2,
      variablesCreated: ['gateway_csv_level'],
    });
  });

  it('routes saved queries to the variables service, which asks identity for their owner', async () => {
    const server = gateway.getHttpServer();
    const signIn = await request(server)
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'gateway1' });
    const auth = { [AuthHeaders.authorization]: `Bearer ${(signIn.body as TokenPairDto).accessToken}` };
    const created = await request(server)
      .post('/api/web/query/')
      .set(auth)
      .send({ name: 'Through the gateway', relativePath: '/explorer-evolution?variables=1' });
    expect(created.status).toBe(201);
    const listed = await request(server).get('/api/web/query/').set(auth).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Through the gateway', owner: 'admin' })]);
  });

  // The super admin's authorization header, signed in through the gateway.
  async function superAdminAuth(): Promise<Record<string, string>> {
    const signIn = await request(gateway.getHttpServer())
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'gateway1' })
      .expect(200);
    return { [AuthHeaders.authorization]: `Bearer ${(signIn.body as TokenPairDto).accessToken}` };
  }

  it('routes the raw variable editor and the categorical groups to the variables service', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    const declared = await request(server)
      .post('/api/web/variable/raw/declare')
      .set(auth)
      .send({ variables: [{ clientReference: 'gateway_pump_state', name: 'Pump state', unit: null }] })
      .expect(201);
    const id = (declared.body as RawVariableDeclareResponseDto).variables[0]!.id;
    await request(server).get('/api/web/raw-variables/').query({ id }).expect(401);
    const created = await request(server)
      .post('/api/web/category/')
      .set(auth)
      .send({ name: 'Pump states', variables: [id], ranges: [{ value: 1, name: 'On' }] })
      .expect(201);
    const variable = await request(server).get('/api/web/raw-variables/').query({ id }).set(auth).expect(200);
    expect(variable.body).toMatchObject({
      clientReference: 'gateway_pump_state',
      categoryId: created.body.id,
    });
    const groups = await request(server).get('/api/web/category/').set(auth).expect(200);
    expect(groups.body).toEqual([expect.objectContaining({ name: 'Pump states', variables: [id] })]);
  });

  it('routes aggregate variables to the variables service, which asks the rules service before a delete', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    const declared = await request(server)
      .post('/api/web/variable/raw/declare')
      .set(auth)
      .send({ variables: [{ clientReference: 'gateway_tank_level', name: 'Tank level', unit: 'm' }] })
      .expect(201);
    const input = (declared.body as RawVariableDeclareResponseDto).variables[0]!.id;
    await request(server).get('/api/web/aggregate-variables/').expect(401);
    const created = await request(server)
      .post('/api/web/aggregate-variables/')
      .set(auth)
      .send({ name: 'Tank level in cm', goal: 'operated', operator: '*', varOneId: input, constant: 100 })
      .expect(201);
    expect(created.body).toMatchObject({ formula: '[gateway_tank_level] * 100', owner: 'admin' });
    await request(server).get(`/api/web/aggregate-variables/${created.body.id}`).set(auth).expect(200);
    await request(server)
      .get('/api/web/rule/by-variables')
      .query({ ids: String(input) })
      .set(auth)
      .expect(200, []);
    await request(server)
      .delete('/api/web/aggregate-variables/')
      .query({ id: created.body.id })
      .set(auth)
      .expect(204);
  });

  it('routes a rule dry run to the rules service, which reads the raw points from the variables service', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    const declared = await request(server)
      .post('/api/web/variable/raw/declare')
      .set(auth)
      .send({ variables: [{ clientReference: 'gateway_dry_run_level', name: 'Dry run level', unit: 'm' }] })
      .expect(201);
    const variableId = (declared.body as RawVariableDeclareResponseDto).variables[0]!.id;
    const range = { from: Date.now() - 3_600_000, to: Date.now() };
    await request(server)
      .get('/api/web/explorer/raw-points')
      .query({ variableId, ...range })
      .expect(401);
    const page = await request(server)
      .get('/api/web/explorer/raw-points')
      .query({ variableId, ...range })
      .set(auth)
      .expect(200);
    expect(page.body).toEqual({ variableId, ts: [], values: [], nextAfter: null });
    const body = { operator: '>', constant: 1, varOneId: variableId, ...range };
    await request(server).post('/api/web/rules-incidence/dry-run').send(body).expect(401);
    const dryRun = await request(server)
      .post('/api/web/rules-incidence/dry-run')
      .set(auth)
      .send(body)
      .expect(200);
    expect(dryRun.body).toMatchObject({ points: 0, incidenceCount: 0, incidences: [], truncatedAt: null });
  });

  it('routes the cache back office to the variables service, for the super admin', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    await request(server).get('/api/web/datastore').expect(401);
    const listed = await request(server).get('/api/web/datastore').set(auth).expect(200);
    expect(Array.isArray(listed.body)).toBe(true);
    const deleted = await request(server).delete('/api/web/datastore').query({ ids: '999' }).set(auth);
    expect(deleted.body).toEqual({ deleted: 0 });
  });

  it('answers the performance back office itself, for the super admin, listing the services it reads', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    await request(server).get('/api/web/performance').expect(401);
    await cluster.gateway.get(PerformanceSampler).sampleNow();
    // The process behind the gateway does not host the performance module: a proxied call would be a 404.
    const figures = await request(server).get('/api/web/performance').set(auth).expect(200);
    const body = performanceDtoSchema.parse(figures.body);
    expect(body.history).not.toHaveLength(0);
    // The four service URLs of this test name one process; without METRICS_TOKEN it is shown as down.
    expect(body.services).toEqual([
      {
        name: 'identity, variables, rules-engine, valve-monitor',
        up: false,
        failure: { kind: 'no-token', detail: 'METRICS_TOKEN is not set' },
      },
    ]);
  });

  it('passes a site plan image through to the rules service and serves it back unchanged', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);
    const plan = '/api/web/current-status-incidence/site-plan';
    const stored = await request(server)
      .put(`${plan}/image`)
      .query({ topLeftLat: 41.2, topLeftLng: 1.1, bottomRightLat: 41.1, bottomRightLng: 1.2 })
      .set(auth)
      .set('content-type', 'image/jpeg')
      .send(jpeg)
      .expect(200);
    const image = await request(server)
      .get(`${plan}/image`)
      .query({ v: (stored.body as SitePlanDto).version })
      .set(auth)
      .buffer(true)
      .expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(image.body as Buffer, jpeg)).toBe(0);
  });

  it('routes the valve screens to the valve monitor, reads and administrator edits alike', async () => {
    const server = gateway.getHttpServer();
    const auth = await superAdminAuth();
    await request(server).get('/api/web/ampo/plant-tree/').expect(401);
    const edited = await request(server)
      .put('/api/web/ampo/asset/switch01/')
      .set(auth)
      .send({ label: 'Switch 01', serialNumber: null, tagNumber: 'XV-3001', lastMaintenance: '2026-01-31' });
    expect(edited.status).toBe(200);
    const tree = await request(server).get('/api/web/ampo/plant-tree/').set(auth).expect(200);
    expect((tree.body as PlantTreeDto)[0]!.children.at(-1)!.children).toEqual([edited.body]);
    const status = await request(server).get('/api/web/ampo/plant-current-status/').set(auth).expect(200);
    expect(status.body).toMatchObject({ dateTime: null });
  });

  it('answers its own health, a 404 for unknown API paths, and explains a missing web build', async () => {
    const server = gateway.getHttpServer();
    await request(server).get('/api/health').expect(200, { status: 'ok' });
    const unknown = await request(server).get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    const page = await request(server).get('/workspace');
    expect(page.status).toBe(503);
    expect(page.text).toContain('npm run build');
  });
});
