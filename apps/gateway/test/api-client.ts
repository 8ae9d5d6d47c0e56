// Calls to an app under test as a signed-in user, over its real HTTP server (supertest).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, type TokenPairDto } from '@plantlens/contracts';
import request from 'supertest';

export type ApiClient = ReturnType<typeof apiClient>;

/** Requests to `app` carrying the access token. */
export function apiClient(app: NestFastifyApplication, accessToken: string) {
  const server = app.getHttpServer();
  const auth = (test: request.Test) => test.set(AuthHeaders.authorization, `Bearer ${accessToken}`);
  return {
    get: (path: string) => auth(request(server).get(path)),
    post: (path: string) => auth(request(server).post(path)),
    put: (path: string) => auth(request(server).put(path)),
    delete: (path: string) => auth(request(server).delete(path)),
  };
}

/** Signs in through the login page's call and returns the access token. */
export async function signIn(
  app: NestFastifyApplication,
  username: string,
  password: string,
): Promise<string> {
  const response = await request(app.getHttpServer())
    .post('/api/auth/login')
    .set(AuthHeaders.isLogin, 'true')
    .send({ username, password });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
  return (response.body as TokenPairDto).accessToken;
}
