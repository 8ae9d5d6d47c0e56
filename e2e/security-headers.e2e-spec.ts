/// <reference lib="dom" />
// The built app under its own Content-Security-Policy: the security headers on a page, an asset and an API
// answer, then the main screens (workspace, an explorer chart, a correlation chart, the incidence map and
// the API documentation) drawn in Chromium without a single CSP violation (e2e/csp-violations.ts).
import type { Browser, Page } from 'playwright-core';
import type { TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { takeCspViolations } from './csp-violations';
import { drawnEvolutionChart } from './evolution-chart';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const HOUR = 3_600_000;

function expectSecurityHeaders(response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  // Plain HTTP here: no HSTS.
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('the built app under its Content-Security-Policy', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    // Two hours of history draw both charts; a short backfill keeps the start quick.
    app = await startAppUnderTest(3_381, {
      SIMULATOR_BACKFILL_HOURS: '2',
    });
    browser = await launchChromium();
    tokens = await signIn(app.url);
    page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    page.on('pageerror', (error) => errors.push(error.message));
    // startAppUnderTest alone may wait 90 s for readiness and 180 s for the backfill on a busy machine.
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends the security headers with the page, its assets and the API answers', async () => {
    const index = await fetch(`${app.url}/workspace`);
    expectSecurityHeaders(index);
    const html = await index.text();
    // No inline script in the built page: every <script> names its file.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => / src=/.test(tag))).toBe(true);
    const script = html.match(/<script type="module" crossorigin src="([^"]+)"/)![1];
    expectSecurityHeaders(await fetch(`${app.url}${script}`));
    expectSecurityHeaders(await fetch(`${app.url}/browser-not-supported.js`));
    expectSecurityHeaders(await fetch(`${app.url}/api/web/explorer/variables`));
  });

  it('sees a violation when a page breaks the policy (the watch works)', async () => {
    await page.goto(`${app.url}/workspace`);
    await page.getByRole('button', { name: 'Help' }).waitFor();
    const ran = await page.evaluate(async () => {
      const inline = document.createElement('script');
      inline.textContent = 'window.inlineScriptRan = true';
      document.body.append(inline);
      await new Promise((done) => setTimeout(done, 200));
      return 'inlineScriptRan' in window;
    });
    expect(ran).toBe(false);
    // Taken here, so that this test's afterEach check passes.
    expect(takeCspViolations().some((violation) => violation.includes('script-src'))).toBe(true);
  });

  it('draws the workspace, an explorer chart and a correlation chart without violations', async () => {
    const [flow, temperature] = await simulatedVariables(app.url, tokens, [
      'cdu_feed_flow',
      'cdu_feed_temperature',
    ]);
    const end = Date.now();
    const range = `startDate=${end - 3 * HOUR}&endDate=${end}`;
    await page.goto(`${app.url}/workspace`);
    await page.getByRole('button', { name: 'Help' }).waitFor();

    await page.goto(`${app.url}/explorer-evolution?variables=${flow.id},${temperature.id}&${range}`);
    await drawnEvolutionChart(page, 2);

    await page.goto(`${app.url}/explorer-correlation?pair1=${flow.id},${temperature.id}&${range}`);
    // Scatter points are SVG paths, or one boosted picture (a blob: or data: image) when there are many.
    await page
      .locator('.highcharts-point, image.highcharts-boost-canvas')
      .first()
      .waitFor({ state: 'attached', timeout: 30_000 });
    expect(takeCspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('draws the incidence map with maplibre and its worker without violations', async () => {
    await page.goto(`${app.url}/incidence-current-status`);
    await page.locator('canvas.maplibregl-canvas').waitFor();
    await page.getByTestId('asset-gate02').click();
    // The map's worker lays out the markers; give it a moment to report anything it was refused.
    await page.waitForTimeout(1_000);
    expect(await page.getByText('The base map could not be loaded').count()).toBe(0);
    expect(takeCspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the API documentation (Swagger UI) under the same policy', async () => {
    expectSecurityHeaders(await fetch(`${app.url}/api/docs`));
    await page.goto(`${app.url}/api/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    expect(takeCspViolations()).toEqual([]);
  });
});
