// Sign-in throttling (docs/security.md "Sign-in throttling"): failures counted in the database per (user name,
// address), per address and per user name; nobody can lock an account out; replicas share the counts.
// The test apps trust the loopback peer as a proxy (TRUST_PROXY), so X-Forwarded-For names the client.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthMessages } from '@plantlens/contracts';
import request from 'supertest';
import {
  createUser,
  startIdentityApp,
  startIdentityReplica,
  superAdmin,
  SUPERADMIN_PASSWORD,
  type Client,
} from './identity-app';

const signIn = (app: NestFastifyApplication, username: string, password: string, address?: string) => {
  const test = request(app.getHttpServer()).post('/api/auth/login');
  return (address ? test.set('X-Forwarded-For', address) : test).send({ username, password });
};

// Retry-After is what is left of the wait, in whole seconds rounded up: `wait` right after the last failure,
// one less when a loaded machine took over a second between that failure and this try.
const expectTooManyAttempts = (response: request.Response, wait: number) => {
  expect([response.status, response.body.message]).toEqual([429, AuthMessages.tooManyAttempts]);
  expect([wait - 1, wait]).toContain(Number(response.headers['retry-after']));
};

describe('sign-in throttling behind a trusted proxy', () => {
  let app: NestFastifyApplication;
  let admin: Client;
  let address = 0;
  // A new documentation-range address per use: no failures counted yet.
  const cleanAddress = () => `192.0.2.${(address += 1)}`;

  beforeAll(async () => {
    app = await startIdentityApp({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FREE_FAILURES_PER_USER_AND_ADDRESS: '5',
      LOGIN_FREE_FAILURES_PER_ADDRESS: '8',
      LOGIN_SLOWDOWN_FAILURES_PER_USER: '12',
    });
    admin = await superAdmin(app);
  });
  afterAll(() => app?.close());

  it('keeps the super admin reachable: five wrong passwords from A hold A back, the right one from B gets in', async () => {
    const attacker = cleanAddress();
    for (let i = 0; i < 5; i += 1) await signIn(app, 'admin', 'wrong1', attacker).expect(401);
    expectTooManyAttempts(await signIn(app, 'admin', SUPERADMIN_PASSWORD, attacker), 2);
    const response = await signIn(app, 'admin', SUPERADMIN_PASSWORD, cleanAddress());
    expect(response.status).toBe(200);
    expect(response.body.accessToken).toEqual(expect.any(String));
  });

  it('slows an address spraying many user names, with a Retry-After that doubles after each further failure', async () => {
    const sprayer = cleanAddress();
    const users = await Promise.all(Array.from({ length: 9 }, () => createUser(admin)));
    for (const user of users.slice(0, 8)) await signIn(app, user.name, 'wrong1', sprayer).expect(401);
    const ninth = users[8]!;
    expectTooManyAttempts(await signIn(app, ninth.name, ninth.password, sprayer), 2);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await signIn(app, ninth.name, 'wrong1', sprayer).expect(401);
    expectTooManyAttempts(await signIn(app, ninth.name, ninth.password, sprayer), 4);
    // The sprayed users themselves are not held back elsewhere.
    await signIn(app, ninth.name, ninth.password, cleanAddress()).expect(200);
  });

  it('only slows a user name failing from many addresses: the right password from a clean address still gets in', async () => {
    const user = await createUser(admin);
    for (let i = 0; i < 13; i += 1) await signIn(app, user.name, 'wrong1', cleanAddress()).expect(401);
    const started = Date.now();
    await signIn(app, user.name, user.password, cleanAddress()).expect(200);
    // 13 failures, 12 free: the answer waited 2 × 250 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('shares the counts between two identity instances on one database', async () => {
    const replica = await startIdentityReplica(app, { TRUST_PROXY: '127.0.0.1' });
    try {
      const user = await createUser(admin);
      const attacker = cleanAddress();
      for (const instance of [app, replica, app, replica, app]) {
        await signIn(instance, user.name, 'wrong1', attacker).expect(401);
      }
      expectTooManyAttempts(await signIn(replica, user.name, user.password, attacker), 2);
      expectTooManyAttempts(await signIn(app, user.name, user.password, attacker), 2);
      await signIn(replica, user.name, user.password, cleanAddress()).expect(200);
    } finally {
      await replica.close();
    }
  });
});

describe('sign-in throttling without TRUST_PROXY', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await startIdentityApp({ LOGIN_FREE_FAILURES_PER_USER_AND_ADDRESS: '5' });
  });
  afterAll(() => app?.close());

  it('ignores X-Forwarded-For: a made-up address per attempt is still throttled', async () => {
    const user = await createUser(await superAdmin(app));
    for (let i = 1; i <= 5; i += 1) await signIn(app, user.name, 'wrong1', `198.51.100.${i}`).expect(401);
    expectTooManyAttempts(await signIn(app, user.name, user.password, '198.51.100.99'), 2);
  });
});
