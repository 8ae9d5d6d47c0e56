// A real HTTP app on in-memory PGlite hosting identity, and helpers that sign in through the API like the web app does.
import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, type TokenPairDto, type UserDto } from '@plantlens/contracts';
import {
  createServiceApp,
  Database,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  PlatformModule,
  SchemaMigrator,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import request from 'supertest';
import { IdentityModule } from '../src';

export const SUPERADMIN_PASSWORD = 'super123';

export async function startIdentityApp(
  overrides: Partial<Record<keyof PlatformConfig, string>> = {},
  modules: (Type | DynamicModule)[] = [IdentityModule],
): Promise<NestFastifyApplication> {
  const config = loadPlatformConfig(
    { DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text', SUPERADMIN_PASSWORD },
    overrides,
  );
  const app = await createServiceApp({
    name: 'identity-test',
    module: serviceModule(config, modules),
    config,
    consumerGroup: 'identity-test',
    checkResponseContracts: true,
  });
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/**
 * A second identity instance on the database of `primary`, as two replicas share one PostgreSQL. The replica
 * does not own the database: closing it leaves the primary's open.
 */
export async function startIdentityReplica(
  primary: NestFastifyApplication,
  overrides: Partial<Record<keyof PlatformConfig, string>> = {},
): Promise<NestFastifyApplication> {
  const config = loadPlatformConfig(
    { DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text', SUPERADMIN_PASSWORD },
    overrides,
  );
  @Global()
  @Module({
    providers: [{ provide: Database, useValue: primary.get(Database) }, SchemaMigrator],
    exports: [Database, SchemaMigrator],
  })
  class PrimaryDatabaseModule {}
  class ReplicaRootModule {}
  const app = await createServiceApp({
    name: 'identity-replica-test',
    module: {
      module: ReplicaRootModule,
      imports: [PlatformModule.forRoot(config, { database: false }), PrimaryDatabaseModule, IdentityModule],
    },
    config,
    consumerGroup: 'identity-replica-test',
  });
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export type Client = ReturnType<typeof clientOf>;

/** supertest calls carrying a user's access token. */
export function clientOf(app: NestFastifyApplication, accessToken: string | undefined) {
  const server = app.getHttpServer();
  const auth = (test: request.Test) =>
    accessToken ? test.set(AuthHeaders.authorization, `Bearer ${accessToken}`) : test;
  return {
    get: (path: string) => auth(request(server).get(path)),
    post: (path: string) => auth(request(server).post(path)),
    put: (path: string) => auth(request(server).put(path)),
    delete: (path: string) => auth(request(server).delete(path)),
  };
}

export async function login(
  app: NestFastifyApplication,
  username: string,
  password: string,
): Promise<TokenPairDto> {
  const response = await request(app.getHttpServer())
    .post('/api/auth/login')
    .set(AuthHeaders.isLogin, 'true')
    .send({ username, password });
  if (response.status !== 200)
    throw new Error(`login ${username}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as TokenPairDto;
}

export async function superAdmin(app: NestFastifyApplication): Promise<Client> {
  return clientOf(app, (await login(app, 'admin', SUPERADMIN_PASSWORD)).accessToken);
}

let counter = 0;
/** A unique, valid user name. */
export const uniqueName = (prefix: string) => `${prefix}.${process.pid}.${(counter += 1)}`;

export async function createUser(
  admin: Client,
  fields: { name?: string; admin?: boolean; groupIds?: number[]; password?: string; email?: string } = {},
): Promise<UserDto & { password: string }> {
  const password = fields.password ?? 'secret1';
  const response = await admin.post('/api/web/user/').send({
    name: fields.name ?? uniqueName('user'),
    email: fields.email ?? null,
    admin: fields.admin ?? false,
    enabled: true,
    groupIds: fields.groupIds ?? [],
    password,
    repeat: password,
  });
  if (response.status !== 201)
    throw new Error(`create user: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...(response.body as UserDto), password };
}

export async function createGroup(admin: Client, name = uniqueName('group')): Promise<number> {
  const response = await admin.post('/api/web/group/').send({ name });
  if (response.status !== 201)
    throw new Error(`create group: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { id: number }).id;
}

export async function signedIn(
  app: NestFastifyApplication,
  user: { name: string; password: string },
): Promise<Client> {
  return clientOf(app, (await login(app, user.name, user.password)).accessToken);
}
