// Password spraying: failures against many different users from one address block that address,
// while each user on its own stays under the per-user limit.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthMessages } from '@plantlens/contracts';
import request from 'supertest';
import { createUser, startIdentityApp, superAdmin } from './identity-app';

describe('sign-in throttling per client address', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await startIdentityApp({ LOGIN_MAX_FAILURES_PER_USER: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
  });
  afterAll(() => app?.close());

  it('answers 429 to the address once it used up its failures, whichever user it tries next', async () => {
    const admin = await superAdmin(app);
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(admin)));
    const signIn = (username: string, password: string) =>
      request(app.getHttpServer()).post('/api/auth/login').send({ username, password });
    for (const user of users.slice(0, 4)) await signIn(user.name, 'wrong1').expect(401);
    const fifth = users[4]!;
    const blocked = await signIn(fifth.name, fifth.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(AuthMessages.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
