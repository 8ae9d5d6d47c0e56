/// <reference lib="dom" />
// Saved queries in Chromium against the built app: the owner's list narrowed to evolution
// queries, the star turned by its owner, a query opened at its stored explorer address, and the same
// query seen read-only by a user it was shared with.
import type { Browser } from 'playwright-core';
import type { QueryDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { callApi, signIn, signedInPage } from './session';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const STORED = '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000';

describe('saved queries in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_247, { SIMULATOR_ENABLED: 'false' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists, stars and opens a saved query; a reader sees it without the owner’s controls', async () => {
    const admin = await signIn(app.url);
    const query = await callApi<QueryDto>(app.url, admin, 'POST', '/api/web/query/', {
      name: 'Boiler pressures',
      relativePath: `${STORED}&origin=QueryList`,
      star: false,
    });
    expect(query.relativePath).toBe(STORED);
    const group = await callApi<{ id: number }>(app.url, admin, 'POST', '/api/web/group/', {
      name: 'queriers',
    });
    await callApi(app.url, admin, 'PUT', `/api/web/group/${group.id}/permission/`, { query: true });
    const reader = await callApi<{ id: number }>(app.url, admin, 'POST', '/api/web/user/', {
      name: 'reader',
      email: null,
      admin: false,
      enabled: true,
      groupIds: [group.id],
      password: 'reader1',
      repeat: 'reader1',
    });
    await callApi(app.url, admin, 'PUT', `/api/web/query/${query.id}/permission/read/user/${reader.id}`);

    const page = await signedInPage(browser, admin, { locale: 'en_GB' });
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
    const listed = await callApi<QueryDto[]>(app.url, admin, 'GET', '/api/web/query/');
    expect(listed).toEqual([expect.objectContaining({ id: query.id, star: true })]);

    await page.getByRole('link', { name: 'Boiler pressures', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/explorer-evolution');
    const opened = new URL(page.url());
    expect(opened.pathname + opened.search).toBe(
      `${STORED}&filter=explorer-evolution&origin=QueryList&queryName=Boiler+pressures`,
    );
    expect(errors).toEqual([]);
    await page.close();

    const readerPage = await signedInPage(browser, await signIn(app.url, 'reader', 'reader1'), {
      locale: 'en_GB',
    });
    await readerPage.goto(`${app.url}/query/list`);
    await readerPage.getByRole('link', { name: 'Boiler pressures', exact: true }).waitFor();
    for (const label of ['Favourite: Boiler pressures', 'Edit Boiler pressures', 'Delete Boiler pressures']) {
      await expect(readerPage.getByRole('button', { name: label }).isDisabled()).resolves.toBe(true);
    }
    await readerPage.close();
  });
});
