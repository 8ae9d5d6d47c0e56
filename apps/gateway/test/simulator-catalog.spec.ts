// The simulated plant declares its variables with tags; the tag filters of multiple correlation then
// offer meaningful pairs on simulator data (the gateway hosts both in standalone mode).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Authorities,
  type CorrelationPairOptionDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import {
  AccessTokenService,
  AuthKeys,
  createServiceApp,
  Database,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  serviceModule,
} from '@plantlens/platform';
import { PLANT_CATALOG, PlantSimulator, VALVE_ASSETS } from '@plantlens/simulator';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';

describe('simulated plant catalogue', () => {
  let app: NestFastifyApplication;
  let headers: Record<string, string>;
  let tagIds: Map<string, number>;

  beforeAll(async () => {
    const config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
    });
    app = await createServiceApp({
      name: 'simulator-catalog-test',
      module: serviceModule(config, [VariablesModule]),
      config,
      consumerGroup: 'simulator-catalog-test',
      checkResponseContracts: true,
    });
    await app.getHttpAdapter().getInstance().ready();
    // What SimulatorRunner sends on start.
    await request(app.getHttpServer())
      .post('/api/web/variable/raw/declare')
      .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
      .send({ variables: new PlantSimulator().variables })
      .expect(201);
    const token = await app
      .get(AccessTokenService)
      .issue({ id: 1, username: 'explorer', authorities: [Authorities.explorer], sessionVersion: 0 });
    headers = { [AuthHeaders.authorization]: `Bearer ${token}` };
    const tags: { id: number; name: string; parent_id: number | null }[] = await app
      .get(Database)
      .kysely.selectFrom('variables.tag')
      .select(['id', 'name', 'parent_id'])
      .execute();
    const pathOf = (id: number): string => {
      const tag = tags.find((candidate) => candidate.id === id)!;
      return tag.parent_id === null ? tag.name : `${pathOf(tag.parent_id)}/${tag.name}`;
    };
    tagIds = new Map(tags.map((tag) => [pathOf(tag.id), tag.id]));
  });
  afterAll(() => app?.close());

  const tagList = (...paths: string[]) => paths.map((path) => tagIds.get(path)).join(',');

  it('pairs each valve opening with each valve torque', async () => {
    const response = await request(app.getHttpServer())
      .get('/api/web/explorer/multiple-correlation-pairs')
      .set(headers)
      .query({ tagsX: tagList('Valve signal/Opening'), tagsY: tagList('Valve signal/Torque') })
      .expect(200);
    const pairs = response.body as CorrelationPairOptionDto[];
    expect(pairs).toHaveLength(VALVE_ASSETS.length ** 2);
    expect(pairs[0]!.label).toBe('Gate 01 opening / Gate 01 torque');
  });

  it("finds the coker's temperatures, coke drums and valves included, by area and measurement", async () => {
    const response = await request(app.getHttpServer())
      .get('/api/web/variable/minimal/tagged')
      .set(headers)
      .query({ tags: tagList('Area/Delayed coker unit', 'Measurement/Temperature') })
      .expect(200);
    const references = (response.body as VariableMinimalDto[]).map((variable) => variable.clientReference);
    const expected = PLANT_CATALOG.filter(
      (variable) =>
        variable.tags?.some((tag) => tag.startsWith('Area/Delayed coker unit')) &&
        variable.tags.includes('Measurement/Temperature'),
    ).map((variable) => variable.clientReference);
    expect(references.sort()).toEqual(expected.sort());
    expect(references).toEqual(expect.arrayContaining(['dcu_drum_a_top_temperature', 'gate01_temperature']));
  });
});
