// The app under an API test: the chosen domain modules in one process, on an in-memory PGlite and the
// in-memory bus, quiet logs and a known super admin password, listening on a free local port for real (the
// variables and rules modules reach identity at the process's own address).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { apiClient, signIn, type ApiClient } from './api-client';

export const TEST_SUPERADMIN_PASSWORD = 'super123';

type Settings = Partial<Record<keyof PlatformConfig, string>>;

export function testConfig(settings: Settings = {}): PlatformConfig {
  return loadPlatformConfig(
    {
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      SUPERADMIN_PASSWORD: TEST_SUPERADMIN_PASSWORD,
    },
    settings,
  );
}

/** `name` also names the app's consumer group, so that two test apps never share one. */
export async function startTestApp(
  name: string,
  modules: Parameters<typeof serviceModule>[1],
  settings: Settings = {},
): Promise<NestFastifyApplication> {
  const config = testConfig(settings);
  const app = await createServiceApp({
    name,
    module: serviceModule(config, modules),
    config,
    consumerGroup: name,
    checkResponseContracts: true,
  });
  await app.listen(0, '127.0.0.1');
  return app;
}

export const TEST_MEMBER_PASSWORD = 'secret1';

/**
 * A signed-in user who is no administrator unless asked, alone in a group of its own that grants `flags`
 * (group permission flags, e.g. `{ explorer: true }`), created by `creator` (an administrator's client).
 */
export async function createMember(
  app: NestFastifyApplication,
  creator: ApiClient,
  name: string,
  { flags = {}, admin = false }: { flags?: Record<string, boolean>; admin?: boolean } = {},
): Promise<{ id: number; client: ApiClient }> {
  const group = await creator
    .post('/api/web/group/')
    .send({ name: `${name} group` })
    .expect(201);
  await creator.put(`/api/web/group/${group.body.id}/permission/`).send(flags).expect(200);
  const user = await creator
    .post('/api/web/user/')
    .send({
      name,
      email: `${name}@plant.example`,
      admin,
      enabled: true,
      groupIds: [group.body.id],
      password: TEST_MEMBER_PASSWORD,
      repeat: TEST_MEMBER_PASSWORD,
    })
    .expect(201);
  return {
    id: user.body.id as number,
    client: apiClient(app, await signIn(app, name, TEST_MEMBER_PASSWORD)),
  };
}
