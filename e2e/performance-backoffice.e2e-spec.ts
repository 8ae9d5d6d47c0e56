/// <reference lib="dom" />
// The performance back office in Chromium against the built app while the simulator runs: the
// super admin sees points coming in and the figures move from one refresh to the next.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { signIn, signedInPage } from './session';
import { E2E_MODE, startAppUnderTest, type RunningApp } from './app-under-test';

// The figure values of every tile, in page order.
const figureValues = (page: Page) => page.getByTestId('figure-value').allTextContents();

async function pointsInPerSecond(page: Page): Promise<number> {
  const text = await page
    .getByRole('region', { name: 'Points in' })
    .getByTestId('figure-value')
    .textContent();
  const match = /^([\d,.]+)\/s$/.exec(text ?? '');
  return match ? Number(match[1]!.replaceAll(',', '')) : NaN;
}

describe('performance back office in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_401, { SIMULATOR_BACKFILL_HOURS: '1' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows points coming in and figures that change between two refreshes', async () => {
    const admin = await signIn(app.url);
    const page = await signedInPage(browser, admin, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/performance/backoffice`);
    await page.getByRole('heading', { name: 'Performance' }).waitFor();
    // The figures' source: the one process, or in a cluster the service that stores the points.
    const source = E2E_MODE === 'cluster' ? 'variables' : 'standalone';
    await page
      .getByRole('listitem')
      .filter({ hasText: `${source}: available` })
      .waitFor();

    // A rate needs two samples (5 s apart); the page polls every 5 s.
    const deadline = Date.now() + 60_000;
    while (!((await pointsInPerSecond(page)) > 0)) {
      if (Date.now() > deadline) throw new Error(`no points in: ${(await figureValues(page)).join(' | ')}`);
      await page.waitForTimeout(1_000);
    }
    const before = await figureValues(page);
    await page.waitForFunction(
      (shown) =>
        Array.from(document.querySelectorAll('[data-testid="figure-value"]')).some(
          (element, index) => element.textContent !== shown[index],
        ),
      before,
      { timeout: 30_000, polling: 500 },
    );
    expect(await figureValues(page)).not.toEqual(before);
    expect(await pointsInPerSecond(page)).toBeGreaterThan(0);
    // The last hour's charts are drawn. Attached rather than visible: a line of zeros (no lag, as in a
    // cluster whose consumers keep up) is drawn flat, a path with no height, which Playwright calls hidden.
    for (const chart of ['Points per second', 'Lags (seconds)', 'Request latency (seconds)']) {
      await page
        .getByRole('region', { name: chart })
        .locator('svg .highcharts-series path')
        .first()
        .waitFor({ state: 'attached' });
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
