/// <reference lib="dom" />
// The read cache in Chromium against the built app: an evolution chart of a range that has ended
// stores its answer, the super admin finds it in /cache-management and deletes it, and the chart, opened
// again, is computed again (a new entry) and still draws.
import type { DatastoreEntryDto } from '@plantlens/contracts';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { callApi, signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const MINUTE = 60_000;

describe('cache management in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_321, { SIMULATOR_BACKFILL_HOURS: '2' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the entry a closed-range chart stored, deletes it, and the chart is computed again', async () => {
    const admin = await signIn(app.url);
    const [variable] = await simulatedVariables(app.url, admin, ['hdt_reactor_pressure']);
    // From two hours back to half an hour back: ended well before the settle time (5 minutes).
    const end = Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE;
    const chartPath = `/explorer-evolution?variables=${variable!.id}&startDate=${end - 90 * MINUTE}&endDate=${end}`;
    const entriesOfVariable = async () =>
      (await callApi<DatastoreEntryDto[]>(app.url, admin, 'GET', '/api/web/datastore')).filter((entry) =>
        entry.key.endsWith(`&variableIds=${variable!.id}`),
      );

    const page = await signedInPage(browser, admin, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}${chartPath}`);
    await drawnEvolutionChart(page, 1);
    const [stored] = await entriesOfVariable();
    expect(stored).toEqual(expect.objectContaining({ key: expect.stringMatching(/^timeline-data\?/) }));

    await page.goto(`${app.url}/cache-management`);
    await page.getByRole('heading', { name: 'Cache management' }).waitFor();
    await page.getByText(stored!.key, { exact: true }).waitFor();
    await page.getByLabel(stored!.key, { exact: true }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Delete the selected cache entry?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Cache entries deleted').waitFor();
    await page.getByText(stored!.key, { exact: true }).waitFor({ state: 'detached' });
    expect(await entriesOfVariable()).toEqual([]);

    await page.goto(`${app.url}${chartPath}`);
    await drawnEvolutionChart(page, 1);
    const [recomputed] = await entriesOfVariable();
    expect(recomputed).toEqual(expect.objectContaining({ key: stored!.key, hits: 0 }));
    expect(recomputed!.id).not.toBe(stored!.id);
    expect(errors).toEqual([]);
    await page.close();
  });
});
