/**
 * @jest-environment node
 */
/// <reference types="node" />
// Runs in Node, whose global fetch talks to a real HTTP server started here: no fetch mocks.
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthBaseQuery, createTokenProtocol } from './base-query';

interface Received {
  method: string;
  url: string;
  authorization?: string;
  isLogin?: string;
  isRefresh?: string;
}

// A small auth server: access tokens are valid, expired or unknown; refresh tokens rotate.
class FakeAuthServer {
  server: Server = createServer((request, response) => void this.handle(request, response));
  received: Received[] = [];
  valid = new Set<string>();
  expired = new Set<string>();
  refreshTokens = new Set<string>();
  refreshDelayMs = 50;
  private issued = 0;

  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  stop(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }

  get refreshCalls() {
    return this.received.filter(({ url }) => url === '/api/auth/refresh');
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const header = (name: string) => request.headers[name.toLowerCase()] as string | undefined;
    const received: Received = {
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: header('X-Authorization'),
      isLogin: header('X-Is-Login'),
      isRefresh: header('X-Is-Refresh'),
    };
    this.received.push(received);
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const bearer = received.authorization?.replace(/^Bearer /, '') ?? '';

    if (received.url === '/api/auth/login') return send(401, { message: 'Wrong password' });
    if (received.url === '/api/auth/refresh') {
      await new Promise((done) => setTimeout(done, this.refreshDelayMs));
      if (!received.isRefresh || !this.refreshTokens.delete(bearer)) {
        return send(401, { message: 'Invalid refresh token' });
      }
      return send(200, this.issue());
    }
    if (this.valid.has(bearer)) return send(200, { path: received.url, token: bearer });
    if (this.expired.has(bearer)) return send(401, { statusCode: 401, message: 'Expired' });
    return send(401, { statusCode: 401, message: 'Invalid token' });
  }

  issue() {
    this.issued += 1;
    const pair = { accessToken: `access-${this.issued}`, refreshToken: `refresh-${this.issued}` };
    this.valid.add(pair.accessToken);
    this.refreshTokens.add(pair.refreshToken);
    return pair;
  }
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function setUp(baseUrl: string, storage: ReturnType<typeof memoryStorage>) {
  const onSignOut = jest.fn();
  const api = createApi({
    baseQuery: createAuthBaseQuery({
      baseUrl,
      protocol: createTokenProtocol({ baseUrl, storage, onSignOut, fetchFn: fetch }),
      fetchFn: fetch,
    }),
    endpoints: (build) => ({
      data: build.query<{ path: string; token: string }, string>({ query: (name) => `web/${name}` }),
      login: build.mutation<unknown, void>({
        query: () => ({
          url: 'auth/login',
          method: 'POST',
          body: { username: 'ana', password: 'bad1' },
          headers: { 'X-Is-Login': 'true' },
        }),
      }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const get = (name: string) => store.dispatch(api.endpoints.data.initiate(name));
  const login = () => store.dispatch(api.endpoints.login.initiate());
  return { onSignOut, get, login };
}

describe('createAuthBaseQuery', () => {
  let server: FakeAuthServer;
  let baseUrl: string;

  beforeEach(async () => {
    server = new FakeAuthServer();
    baseUrl = await server.start();
  });

  afterEach(() => server.stop());

  it('sends the stored access token as X-Authorization Bearer on every call', async () => {
    const { accessToken, refreshToken } = server.issue();
    const { get } = setUp(baseUrl, memoryStorage({ at: accessToken, rt: refreshToken }));
    const result = await get('account');
    expect(result.data).toEqual({ path: '/api/web/account', token: accessToken });
    expect(server.received[0].authorization).toBe(`Bearer ${accessToken}`);
  });

  it('on a 401 Expired refreshes once with the refresh token, stores the new pair and retries', async () => {
    const storage = memoryStorage({ at: 'old-access', rt: 'old-refresh' });
    server.expired.add('old-access');
    server.refreshTokens.add('old-refresh');
    const { get, onSignOut } = setUp(baseUrl, storage);

    const result = await get('account');

    expect(result.data).toEqual({ path: '/api/web/account', token: 'access-1' });
    expect(server.refreshCalls).toEqual([
      { method: 'POST', url: '/api/auth/refresh', authorization: 'Bearer old-refresh', isRefresh: 'true' },
    ]);
    expect(storage.values.get('at')).toBe('access-1');
    expect(storage.values.get('rt')).toBe('refresh-1');
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('shares one refresh among concurrent callers, which all retry with the new token', async () => {
    const storage = memoryStorage({ at: 'old-access', rt: 'old-refresh' });
    server.expired.add('old-access');
    server.refreshTokens.add('old-refresh');
    const { get, onSignOut } = setUp(baseUrl, storage);

    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(get));

    expect(results.map(({ data }) => data?.token)).toEqual(Array(5).fill('access-1'));
    expect(server.refreshCalls).toHaveLength(1);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('makes a call issued during a refresh wait for it instead of sending the expired token', async () => {
    const storage = memoryStorage({ at: 'old-access', rt: 'old-refresh' });
    server.expired.add('old-access');
    server.refreshTokens.add('old-refresh');
    server.refreshDelayMs = 200;
    const { get } = setUp(baseUrl, storage);

    const first = get('first');
    // Once the server holds the refresh call (delayed 200 ms), the next call starts.
    while (server.refreshCalls.length === 0) await new Promise((done) => setTimeout(done, 5));
    const late = await get('late');
    await first;

    expect(late.data?.token).toBe('access-1');
    const lateCalls = server.received.filter(({ url }) => url === '/api/web/late');
    expect(lateCalls.map(({ authorization }) => authorization)).toEqual(['Bearer access-1']);
  });

  it('signs out without refreshing on any other 401', async () => {
    const storage = memoryStorage({ at: 'forged', rt: 'whatever' });
    const { get, onSignOut } = setUp(baseUrl, storage);

    const result = await get('account');

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.refreshCalls).toHaveLength(0);
    expect(storage.values.size).toBe(0);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh fails', async () => {
    const storage = memoryStorage({ at: 'old-access', rt: 'revoked-refresh' });
    server.expired.add('old-access');
    const { get, onSignOut } = setUp(baseUrl, storage);

    const result = await get('account');

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.refreshCalls).toHaveLength(1);
    expect(storage.values.size).toBe(0);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('sends sign-in calls with X-Is-Login and no token, and leaves their 401 to the form', async () => {
    const storage = memoryStorage({ at: 'stale', rt: 'stale-refresh' });
    const { login, onSignOut } = setUp(baseUrl, storage);

    const result = await login();

    expect(result.error).toMatchObject({ status: 401, data: { message: 'Wrong password' } });
    expect(server.received).toEqual([{ method: 'POST', url: '/api/auth/login', isLogin: 'true' }]);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(storage.values.get('rt')).toBe('stale-refresh');
  });
});
