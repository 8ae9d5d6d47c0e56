import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, AuthMessages, Authorities, UserMessages } from '@plantlens/contracts';
import { AuthKeys } from '@plantlens/platform';
import { SignJWT } from 'jose';
import request from 'supertest';
import {
  clientOf,
  createUser,
  login,
  startIdentityApp,
  superAdmin,
  SUPERADMIN_PASSWORD,
  type Client,
} from './identity-app';

describe('sign-in, tokens and account (spec part 1 §7 Auth)', () => {
  let app: NestFastifyApplication;
  let admin: Client;
  const http = () => request(app.getHttpServer());
  const bearer = (token: string) => `Bearer ${token}`;

  beforeAll(async () => {
    app = await startIdentityApp({
      LOGIN_FREE_FAILURES_PER_USER_AND_ADDRESS: '3',
      LOGIN_FREE_FAILURES_PER_ADDRESS: '1000',
    });
    admin = await superAdmin(app);
  });
  afterAll(() => app?.close());

  it('signs the seeded super admin in and reports his account and authorities', async () => {
    const tokens = await login(app, 'ADMIN', SUPERADMIN_PASSWORD);
    expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'refreshToken']);
    const account = await clientOf(app, tokens.accessToken).get('/api/web/account').expect(200);
    expect(account.body).toEqual({
      username: 'admin',
      authorities: [Authorities.admin, Authorities.product, Authorities.superAdmin],
    });
  });

  it('answers 400 User not found, 401 Wrong password, and 400 for a body without fields', async () => {
    const unknown = await http().post('/api/auth/login').send({ username: 'nobody', password: 'x' });
    expect([unknown.status, unknown.body.message]).toEqual([400, AuthMessages.userNotFound]);
    const wrong = await http().post('/api/auth/login').send({ username: 'admin', password: 'nope' });
    expect([wrong.status, wrong.body.message]).toEqual([401, AuthMessages.wrongPassword]);
    const empty = await http().post('/api/auth/login').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'password',
      'username',
    ]);
  });

  it('throttles a user from an address after its free failures with 429 and Retry-After, even for the right password', async () => {
    const user = await createUser(admin);
    for (let i = 0; i < 3; i += 1) {
      await http().post('/api/auth/login').send({ username: user.name, password: 'wrong1' }).expect(401);
    }
    const blocked = await http()
      .post('/api/auth/login')
      .send({ username: user.name, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(AuthMessages.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBe(2);
  });

  it('rotates the refresh token on every refresh and revokes the family when a rotated token comes back', async () => {
    const user = await createUser(admin);
    const first = await login(app, user.name, user.password);
    const refresh = (token: string) =>
      http()
        .post('/api/auth/refresh')
        .set(AuthHeaders.isRefresh, 'true')
        .set(AuthHeaders.authorization, bearer(token));
    const second = (await refresh(first.refreshToken).expect(200)).body;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await clientOf(app, second.accessToken).get('/api/web/account').expect(200);
    // The first token was rotated: presenting it again is a theft signal and ends the session.
    const replay = await refresh(first.refreshToken);
    expect([replay.status, replay.body.message]).toEqual([401, AuthMessages.invalidRefreshToken]);
    await refresh(second.refreshToken).expect(401);
    await http().post('/api/auth/refresh').expect(401);
    await refresh('made-up').expect(401);
  });

  it('revokes the session on logout', async () => {
    const user = await createUser(admin);
    const tokens = await login(app, user.name, user.password);
    await http()
      .post('/api/auth/logout')
      .set(AuthHeaders.authorization, bearer(tokens.refreshToken))
      .expect(204);
    await http()
      .post('/api/auth/refresh')
      .set(AuthHeaders.authorization, bearer(tokens.refreshToken))
      .expect(401);
  });

  it('answers 401 Expired for an expired access token and another message for any other bad token', async () => {
    const keys = app.get(AuthKeys);
    const expired = await new SignJWT({ username: 'admin', authorities: [Authorities.admin] })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('1')
      .setIssuer('plantlens')
      .setAudience('plantlens')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
      .sign(keys.signingKey!);
    const response = await clientOf(app, expired).get('/api/web/account');
    expect([response.status, response.body.message]).toEqual([401, AuthMessages.expired]);
    const garbage = await clientOf(app, 'abc.def.ghi').get('/api/web/account');
    expect([garbage.status, garbage.body.message]).toEqual([401, AuthMessages.invalidToken]);
    const none = await http().get('/api/web/account');
    expect([none.status, none.body.message]).toEqual([401, AuthMessages.missingToken]);
    const notBearer = await http().get('/api/web/account').set(AuthHeaders.authorization, 'Basic abc');
    expect(notBearer.status).toBe(401);
  });

  it('changes the own password: 403 on a wrong old one, 428 on a weak new one, then old sessions end', async () => {
    const user = await createUser(admin);
    const session = await login(app, user.name, user.password);
    const client = clientOf(app, session.accessToken);
    const wrongOld = await client
      .put('/api/web/user/password')
      .send({ oldPassword: 'nope', newPassword: 'better2', username: user.name });
    expect([wrongOld.status, wrongOld.body.message]).toEqual([403, UserMessages.oldPasswordWrong]);
    const weak = await client
      .put('/api/web/user/password')
      .send({ oldPassword: user.password, newPassword: 'abcdef', username: user.name });
    expect([weak.status, weak.body.message]).toEqual([428, `newPassword: ${UserMessages.passwordRule}`]);
    const other = await client
      .put('/api/web/user/password')
      .send({ oldPassword: user.password, newPassword: 'better2', username: 'admin' });
    expect(other.status).toBe(403);
    const changed = await client
      .put('/api/web/user/password')
      .send({ oldPassword: user.password, newPassword: 'better2', username: user.name })
      .expect(200);
    expect(Object.keys(changed.body).sort()).toEqual(['accessToken', 'refreshToken']);
    await http()
      .post('/api/auth/refresh')
      .set(AuthHeaders.authorization, bearer(session.refreshToken))
      .expect(401);
    await http()
      .post('/api/auth/refresh')
      .set(AuthHeaders.authorization, bearer(changed.body.refreshToken))
      .expect(200);
    await http().post('/api/auth/login').send({ username: user.name, password: user.password }).expect(401);
    await login(app, user.name, 'better2');
  });

  it('refuses sign-in and refresh of a disabled (deleted) user', async () => {
    const user = await createUser(admin);
    const session = await login(app, user.name, user.password);
    await admin.delete('/api/web/user/').query({ id: user.id }).expect(200);
    const denied = await http()
      .post('/api/auth/login')
      .send({ username: user.name, password: user.password });
    expect([denied.status, denied.body.message]).toEqual([401, AuthMessages.accountDisabled]);
    await http()
      .post('/api/auth/refresh')
      .set(AuthHeaders.authorization, bearer(session.refreshToken))
      .expect(401);
  });

  it('registers by e-mail as a disabled account and answers the same for a known address', async () => {
    const email = `new.person.${process.pid}@plant.example`;
    const first = await http().post('/api/auth/signin').set(AuthHeaders.isLogin, 'true').send({ email });
    expect([first.status, first.body]).toEqual([201, { message: 'Welcome :)' }]);
    await http().post('/api/auth/signin').send({ email }).expect(201, { message: 'Welcome :)' });
    const users = (await admin.get('/api/web/user/').expect(200)).body as {
      name: string;
      email: string;
      enabled: boolean;
    }[];
    const registered = users.filter((user) => user.email === email);
    expect(registered).toEqual([
      expect.objectContaining({ name: `new.person.${process.pid}`, enabled: false }),
    ]);
    const invalid = await http().post('/api/auth/signin').send({ email: 'not-an-email' });
    expect([invalid.status, invalid.body.message]).toEqual([400, `email: ${AuthMessages.invalidEmail}`]);
  });

  it('tells the login page that directory sign-in is off, and SSO entries answer 404 then', async () => {
    await http().get('/api/auth/sso').expect(200, { enabled: false });
    await http().get('/api/auth/saml').expect(404);
    await http().post('/api/auth/azuread').set(AuthHeaders.authorization, bearer('x')).expect(404);
  });
});
