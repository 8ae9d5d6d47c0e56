/// <reference lib="dom" />
// A signed-in user for browser tests: sign-in through the API, as the login page does, then pages that
// start with that session in local storage (`at` / `rt`) before any script of the app runs.
import type { Page } from 'playwright-core';
import { AuthHeaders, SessionStorageKeys, type TokenPairDto } from '@plantlens/contracts';
import { E2E_SUPERADMIN_PASSWORD } from './app-under-test';

/** The seeded super admin by default. */
export async function signIn(
  appUrl: string,
  username = 'admin',
  password = E2E_SUPERADMIN_PASSWORD,
): Promise<TokenPairDto> {
  const send = () =>
    fetch(`${appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [AuthHeaders.isLogin]: 'true' },
      body: JSON.stringify({ username, password }),
    });
  // Right after the backfill a busy server may reset a connection (ECONNRESET, seen in CI under load); signing in
  // again is harmless, so a network error (fetch's TypeError) is tried again for up to 2 minutes. By name: fetch
  // throws Node's own TypeError, which is not the TypeError of jest's sandbox, so `instanceof` never matched and
  // the first reset failed the spec.
  const deadline = Date.now() + 120_000;
  const response = await (async function attempt(): Promise<Response> {
    return send().catch(async (error: unknown) => {
      if ((error as { name?: unknown } | null)?.name !== 'TypeError' || Date.now() > deadline) throw error;
      await new Promise((pause) => setTimeout(pause, 1_500));
      return attempt();
    });
  })();
  if (response.status !== 200) {
    throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as TokenPairDto;
}

/** A JSON call to the API with the user's access token; any status but 2xx throws with the body. */
export async function callApi<T>(
  appUrl: string,
  tokens: TokenPairDto,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: {
      [AuthHeaders.authorization]: `Bearer ${tokens.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface SessionPageOptions {
  /** `locale` in local storage; the app's default (Spanish) when absent */
  locale?: 'es_ES' | 'en_GB';
}

/** A new page of the browser or context, already signed in with `tokens`. */
export async function signedInPage(
  opener: { newPage(): Promise<Page> },
  tokens: TokenPairDto,
  { locale }: SessionPageOptions = {},
): Promise<Page> {
  const page = await opener.newPage();
  await page.addInitScript(
    ([keys, session, language]) => {
      localStorage.setItem(keys.accessToken, session.accessToken);
      localStorage.setItem(keys.refreshToken, session.refreshToken);
      if (language) localStorage.setItem('locale', language);
    },
    [SessionStorageKeys, tokens, locale] as const,
  );
  return page;
}
