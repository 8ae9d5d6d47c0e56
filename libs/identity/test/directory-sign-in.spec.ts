// Directory single sign-on against a REAL OpenID Connect provider (oidc-provider) started in this test:
// the authorization-code flow behind GET /api/auth/saml, and POST /api/auth/azuread with a provider ID
// token, for a known directory user and for an account the directory knows but Plantlens does not allow;
// a flow started on one identity replica and finished on another sharing its database (started flows
// live in identity.sign_in_flow), once only.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, AuthMessages } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import request from 'supertest';
import { clientOf, startIdentityApp, startIdentityReplica, superAdmin, uniqueName } from './identity-app';

const CLIENT_ID = 'plantlens';
const CLIENT_SECRET = 'plantlens-test-secret-0123456789abcdef';
const REDIRECT_URI = 'http://127.0.0.1:4999/saml';
const directoryIdOf = (accountId: string) => `oid-${accountId}`;

// A minimal cookie jar: the provider's interaction pages keep their state in cookies.
class Browser {
  private readonly cookies = new Map<string, string>();

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }

  /** Follows redirects on the provider until one leaves it (to the redirect URI); returns that URL. */
  async followUntil(url: string, stopPrefix: string): Promise<URL> {
    let next = url;
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.startsWith(stopPrefix)) return new URL(next);
      const response = await this.go(next);
      const location = response.headers.get('location');
      if (location) {
        next = new URL(location, next).toString();
        continue;
      }
      // An interaction page (login, then consent): submit its form as a person would.
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action)
        throw new Error(`no redirect and no form at ${next}: ${response.status} ${html.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'consent';
      const body = new URLSearchParams({ prompt, login: this.login, password: 'any' });
      const posted = await this.go(new URL(action, next).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      next = new URL(posted.headers.get('location') ?? next, next).toString();
    }
    throw new Error('too many redirects');
  }

  constructor(private readonly login: string) {}
}

describe('directory sign-in with a real OpenID Connect provider', () => {
  let provider: Server;
  let issuer: string;
  let app: NestFastifyApplication;
  let replica: NestFastifyApplication;

  beforeAll(async () => {
    // The issuer must be the address the provider is reached at: take a port first, then build it.
    provider = createServer();
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const oidc = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [REDIRECT_URI],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      // Like Azure AD: the directory's object id travels in the ID token as `oid`.
      claims: { openid: ['sub', 'oid'] },
      conformIdTokenClaims: false,
      findAccount: async (_ctx, accountId) => ({
        accountId,
        claims: async () => ({ sub: accountId, oid: directoryIdOf(accountId) }),
      }),
      cookies: { keys: [randomBytes(16).toString('hex')] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
    });
    provider.on('request', oidc.callback());

    const oidcSettings = {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: REDIRECT_URI,
    };
    app = await startIdentityApp(oidcSettings);
    replica = await startIdentityReplica(app, oidcSettings);
    const admin = await superAdmin(app);
    const created = await admin
      .post('/api/auth/azuread/user/')
      .send({ name: uniqueName('ana'), email: null, directoryId: directoryIdOf('ana'), groupIds: [] });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await replica?.close();
    await app?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  /** Starts a code flow on `starter` and signs in at the provider; the query to finish it with. */
  async function providerAnswer(login: string, starter = app): Promise<Record<string, string>> {
    const start = await request(starter.getHttpServer()).get('/api/auth/saml');
    expect(start.status).toBe(302);
    expect(start.headers.location).toMatch(new RegExp(`^${issuer}/auth\\?`));
    const authorizationUrl = new URL(start.headers.location);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await new Browser(login).followUntil(authorizationUrl.toString(), REDIRECT_URI);
    expect(back.searchParams.get('code')).toBeTruthy();
    return Object.fromEntries(back.searchParams);
  }

  const finish = (answer: Record<string, string>, finisher = app) =>
    request(finisher.getHttpServer()).get('/api/auth/saml').query(answer);

  async function codeFlow(login: string): Promise<request.Response> {
    return finish(await providerAnswer(login));
  }

  it('signs a known directory user in through the authorization-code flow', async () => {
    const response = await codeFlow('ana');
    expect(response.status).toBe(200);
    const account = await clientOf(app, response.body.accessToken).get('/api/web/account').expect(200);
    expect(account.body.username).toMatch(/^ana\./);
    expect(typeof response.body.refreshToken).toBe('string');
  });

  it('finishes on a second replica a flow started on the first, once: a replay on either is refused', async () => {
    const answer = await providerAnswer('ana', app);
    const finished = await finish(answer, replica);
    expect(finished.status).toBe(200);
    const account = await clientOf(replica, finished.body.accessToken).get('/api/web/account').expect(200);
    expect(account.body.username).toMatch(/^ana\./);

    for (const finisher of [replica, app]) {
      const replay = await finish(answer, finisher);
      expect([replay.status, replay.body.message]).toEqual([401, 'Unknown or expired sign-in']);
    }
  });

  it('refuses a flow past its ten minutes, and forgets it', async () => {
    const answer = await providerAnswer('ana', replica);
    const flows = app.get(Database).kysely;
    await sql`update identity.sign_in_flow set expires_at = now() - interval '1 second'`.execute(flows);
    const late = await finish(answer, app);
    expect([late.status, late.body.message]).toEqual([401, 'Unknown or expired sign-in']);
    const left = await sql<{ n: number }>`select count(*)::int as n from identity.sign_in_flow`.execute(
      flows,
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('answers 403 Account not allowed to a directory account without a Plantlens user', async () => {
    const response = await codeFlow('mallory');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(AuthMessages.accountNotAllowed);
  });

  it('accepts a provider ID token on POST /api/auth/azuread, and rejects a forged one', async () => {
    const idTokenOf = async (login: string) => {
      const verifier = randomBytes(32).toString('base64url');
      const authorize = new URL(`${issuer}/auth`);
      authorize.search = new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: REDIRECT_URI,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        nonce: randomBytes(8).toString('hex'),
      }).toString();
      const back = await new Browser(login).followUntil(authorize.toString(), REDIRECT_URI);
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        }),
      });
      expect(token.status).toBe(200);
      return ((await token.json()) as { id_token: string }).id_token;
    };
    const azureAd = (idToken: string) =>
      request(app.getHttpServer())
        .post('/api/auth/azuread')
        .set(AuthHeaders.authorization, `Bearer ${idToken}`);

    const known = await azureAd(await idTokenOf('ana'));
    expect(known.status).toBe(200);
    expect(known.body.accessToken).toEqual(expect.any(String));

    const unknown = await azureAd(await idTokenOf('mallory'));
    expect(unknown.status).toBe(403);
    expect(unknown.body.message).toBe(AuthMessages.accountNotAllowed);

    const genuine = await idTokenOf('ana');
    const [header, payload] = genuine.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the provider signature').toString('base64url')}`;
    expect((await azureAd(forged)).status).toBe(401);
  });
});
