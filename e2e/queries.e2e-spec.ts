/// <reference lib="dom" />
// Saved queries in Chromium against the built standalone app: the owner's list narrowed to evolution
// queries, the star turned by its owner, a query opened at its stored explorer address, and the same
// query seen read-only by a user it was shared with.
import type { Browser, Page } from 'playwright-core';
import { AuthHeaders, SessionStorageKeys, type QueryDto, type TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { E2E_SUPERADMIN_PASSWORD, startStandaloneApp, type RunningApp } from './standalone-app';

const STORED = '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000';

describe('saved queries in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        [AuthHeaders.authorization]: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function signIn(username: string, password: string): Promise<TokenPairDto> {
    const response = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [AuthHeaders.isLogin]: 'true' },
      body: JSON.stringify({ username, password }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as TokenPairDto;
  }

  // A page signed in with the tokens, in English.
  async function pageOf(tokens: TokenPairDto): Promise<Page> {
    const page = await browser.newPage();
    await page.addInitScript(
      ([keys, session]) => {
        localStorage.setItem(keys.accessToken, session.accessToken);
        localStorage.setItem(keys.refreshToken, session.refreshToken);
        localStorage.setItem('locale', 'en_GB');
      },
      [SessionStorageKeys, tokens] as const,
    );
    return page;
  }

  beforeAll(async () => {
    app = await startStandaloneApp(3_247, { SIMULATOR_ENABLED: 'false' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists, stars and opens a saved query; a reader sees it without the owner’s controls', async () => {
    const admin = await signIn('admin', E2E_SUPERADMIN_PASSWORD);
    const query = await call<QueryDto>(admin.accessToken, 'POST', '/api/web/query/', {
      name: 'Boiler pressures',
      relativePath: `${STORED}&origin=QueryList`,
      star: false,
    });
    expect(query.relativePath).toBe(STORED);
    const group = await call<{ id: number }>(admin.accessToken, 'POST', '/api/web/group/', {
      name: 'queriers',
    });
    await call(admin.accessToken, 'PUT', `/api/web/group/${group.id}/permission/`, { query: true });
    const reader = await call<{ id: number }>(admin.accessToken, 'POST', '/api/web/user/', {
      name: 'reader',
      email: null,
      admin: false,
      enabled: true,
      groupIds: [group.id],
      password: 'reader1',
      repeat: 'reader1',
    });
    await call(admin.accessToken, 'PUT', `/api/web/query/${query.id}/permission/read/user/${reader.id}`);

    const page = await pageOf(admin);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/query/list?filter=explorer-evolution`);
    await page.getByRole('heading', { name: 'Evolution queries' }).waitFor();
    const star = page.getByRole('button', { name: 'Favourite: Boiler pressures' });
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
    await star.click();
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-label="Favourite: Boiler pressures"]')?.getAttribute('aria-pressed') ===
        'true',
    );
    const listed = await call<QueryDto[]>(admin.accessToken, 'GET', '/api/web/query/');
    expect(listed).toEqual([expect.objectContaining({ id: query.id, star: true })]);

    await page.getByRole('link', { name: 'Boiler pressures', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/explorer-evolution');
    const opened = new URL(page.url());
    expect(opened.pathname + opened.search).toBe(
      `${STORED}&filter=explorer-evolution&origin=QueryList&queryName=Boiler+pressures`,
    );
    expect(errors).toEqual([]);
    await page.close();

    const readerPage = await pageOf(await signIn('reader', 'reader1'));
    await readerPage.goto(`${app.url}/query/list`);
    await readerPage.getByRole('link', { name: 'Boiler pressures', exact: true }).waitFor();
    for (const label of ['Favourite: Boiler pressures', 'Edit Boiler pressures', 'Delete Boiler pressures']) {
      await expect(readerPage.getByRole('button', { name: label }).isDisabled()).resolves.toBe(true);
    }
    await readerPage.close();
  });
});
