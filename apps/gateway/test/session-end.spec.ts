// Disabling or deleting a user ends his sessions at once (docs/security.md "Ending sessions"): his refresh
// tokens are revoked and every write with an access token he already holds answers 401 `Session ended`,
// in the process hosting identity (standalone) and in a service that asks identity at IDENTITY_URL (cluster).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, AuthMessages, type TokenPairDto, type UserDto } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { Database } from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_MEMBER_PASSWORD, TEST_SUPERADMIN_PASSWORD } from './test-app';

const EVOLUTION = '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000';

async function tokensOf(app: NestFastifyApplication, name: string): Promise<TokenPairDto> {
  const response = await request(app.getHttpServer())
    .post('/api/auth/login')
    .send({ username: name, password: TEST_MEMBER_PASSWORD })
    .expect(200);
  return response.body as TokenPairDto;
}

const expectSessionEnded = (response: request.Response) =>
  expect([response.status, response.body.message]).toEqual([401, AuthMessages.sessionEnded]);

describe('ending the sessions of a disabled or deleted user (standalone)', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;
  let variableId: number;

  beforeAll(async () => {
    app = await startTestApp('session-end-test', [IdentityModule, VariablesModule, RulesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const declared = await admin
      .post('/api/web/variable/raw/declare')
      .send({ variables: [{ clientReference: 'session_end_flow', name: 'Flow', unit: 'm3/h' }] })
      .expect(201);
    variableId = declared.body.variables[0].id;
  }, 60_000);
  afterAll(() => app?.close());

  const createRule = (client: ApiClient, name: string) =>
    client
      .post('/api/web/rules-incidence')
      .send([{ name, operator: '>', varOneId: variableId, constant: 1 }]);
  const createQuery = (client: ApiClient, name: string) =>
    client.post('/api/web/query/').send({ name, relativePath: EVOLUTION });
  const stored = async (name: string) => ({
    rules: await app.get(Database).kysely.selectFrom('rules.rule').where('name', '=', name).execute(),
    queries: await app.get(Database).kysely.selectFrom('variables.query').where('name', '=', name).execute(),
  });
  const refresh = (refreshToken: string) =>
    request(app.getHttpServer())
      .post('/api/auth/refresh')
      .set(AuthHeaders.isRefresh, 'true')
      .set(AuthHeaders.authorization, `Bearer ${refreshToken}`);

  it('refuses every write of a deleted user with 401, stores nothing, and refuses his refresh token', async () => {
    const member = await createMember(app, admin, 'deleted.member', {
      flags: { incidence: true, query: true },
    });
    const tokens = await tokensOf(app, 'deleted.member');
    const user = apiClient(app, tokens.accessToken);
    await createQuery(user, 'Before deletion').expect(201);

    await admin.delete(`/api/web/user/?id=${member.id}`).expect(200);

    expectSessionEnded(await createRule(user, 'After deletion'));
    expectSessionEnded(await createQuery(user, 'After deletion'));
    expect(await stored('After deletion')).toEqual({ rules: [], queries: [] });
    const refused = await refresh(tokens.refreshToken);
    expect([refused.status, refused.body.message]).toEqual([401, AuthMessages.invalidRefreshToken]);
  });

  it('ends the sessions of a user disabled by an edit; enabling him again needs a new sign-in', async () => {
    const member = await createMember(app, admin, 'disabled.member', {
      flags: { incidence: true, query: true },
    });
    const before = apiClient(app, (await tokensOf(app, 'disabled.member')).accessToken);
    const users = (await admin.get('/api/web/user/').expect(200)).body as UserDto[];
    const { groupIds } = users.find(({ id }) => id === member.id)!;
    const edit = (enabled: boolean) =>
      admin
        .put('/api/web/user/')
        .send({ id: member.id, name: 'disabled.member', admin: false, enabled, groupIds })
        .expect(200);

    await edit(false);
    expectSessionEnded(await createRule(before, 'While disabled'));
    expect((await stored('While disabled')).rules).toEqual([]);

    await edit(true);
    expectSessionEnded(await createQuery(before, 'Old token'));
    const after = apiClient(app, (await tokensOf(app, 'disabled.member')).accessToken);
    await createQuery(after, 'New token').expect(201);
  });

  it('ends the other access tokens of a user who changes his password, and not the new one', async () => {
    await createMember(app, admin, 'password.member', { flags: { query: true } });
    const other = apiClient(app, (await tokensOf(app, 'password.member')).accessToken);
    const changed = await apiClient(app, (await tokensOf(app, 'password.member')).accessToken)
      .put('/api/web/user/password')
      .send({ username: 'password.member', oldPassword: TEST_MEMBER_PASSWORD, newPassword: 'another9' })
      .expect(200);
    expectSessionEnded(await createQuery(other, 'Other session'));
    await createQuery(apiClient(app, changed.body.accessToken), 'Changed password').expect(201);
  });
});

describe('ending the sessions of a deleted user (cluster: variables asks identity at IDENTITY_URL)', () => {
  let identity: NestFastifyApplication;
  let variables: NestFastifyApplication;

  beforeAll(async () => {
    identity = await startTestApp('session-end-identity', [IdentityModule]);
    variables = await startTestApp('session-end-variables', [VariablesModule], {
      IDENTITY_URL: await identity.getUrl(),
    });
  }, 60_000);
  afterAll(async () => {
    await variables?.close();
    await identity?.close();
  });

  it('refuses the deleted user’s next write in another service with 401 and stores nothing', async () => {
    const admin = apiClient(identity, await signIn(identity, 'admin', TEST_SUPERADMIN_PASSWORD));
    const member = await createMember(identity, admin, 'remote.member', { flags: { query: true } });
    const user = apiClient(variables, (await tokensOf(identity, 'remote.member')).accessToken);
    await user.post('/api/web/query/').send({ name: 'Before', relativePath: EVOLUTION }).expect(201);

    await admin.delete(`/api/web/user/?id=${member.id}`).expect(200);

    expectSessionEnded(await user.post('/api/web/query/').send({ name: 'After', relativePath: EVOLUTION }));
    const queries = await variables
      .get(Database)
      .kysely.selectFrom('variables.query')
      .select('name')
      .execute();
    expect(queries).toEqual([{ name: 'Before' }]);
  });

  it('keeps the session route to services: a user token is refused', async () => {
    const admin = apiClient(identity, await signIn(identity, 'admin', TEST_SUPERADMIN_PASSWORD));
    await admin.get('/api/web/session/1').expect(403);
  });
});
