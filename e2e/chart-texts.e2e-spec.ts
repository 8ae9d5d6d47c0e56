/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import type { TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { SCREEN_VIEWPORT, saveScreen, type ScreenLocale } from './screens';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const HOUR = 3_600_000;
const APP_START_TIMEOUT_MS = 360_000;
const TEST_TIMEOUT_MS = 240_000;
// A number with more decimals than the formatter ever shows on screen (4 significant digits).
const LONG_DECIMALS = /\d[.,]\d{5,}/;

// Issue 18, charts and texts: the explorer tooltip and axes, the reset-zoom button and the registration
// answer, in Spanish and English (screenshots under docs/screens/). The download of every stored point is
// not tried here: the simulator's minute points over its backfill never need reducing.
describe('charts and texts in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  let view: string;

  beforeAll(async () => {
    app = await startAppUnderTest(3_441);
    browser = await launchChromium();
    tokens = await signIn(app.url);
    const [flow, temperature] = await simulatedVariables(app.url, tokens, [
      'cdu_feed_flow',
      'cdu_feed_temperature',
    ]);
    const end = Date.now();
    view = `/explorer-evolution?variables=${flow.id},${temperature.id}&startDate=${end - 3 * HOUR}&endDate=${end}&optSingleAxis=false`;
    // Starting the app and its simulator's backfill took over 3 minutes on the shared machine (load 20-40).
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Moves over the middle of the plot until the tooltip shows: a chart redrawn by a late answer (a
  // resize asks for another width) hides it until the mouse moves again.
  async function hoverMiddleOfChart(page: Page, errors: string[]): Promise<string> {
    const plot = (await page.locator('.highcharts-plot-background').boundingBox())!;
    const tooltip = page.locator('.highcharts-tooltip').last();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await page.mouse.move(plot.x + plot.width * (0.4 + attempt * 0.01), plot.y + plot.height / 2, {
        steps: 3,
      });
      if (await tooltip.isVisible()) return (await tooltip.textContent()) ?? '';
      await page.waitForTimeout(500);
    }
    throw new Error(`the chart shows no tooltip; page errors: ${errors.join(' | ') || 'none'}`);
  }

  it.each(['es_ES', 'en_GB'] as ScreenLocale[])(
    'shows rounded values and coloured axes and resets the zoom (%s)',
    async (locale) => {
      const context = await browser.newContext({ viewport: SCREEN_VIEWPORT, acceptDownloads: true });
      const page = await signedInPage(context, tokens, { locale });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${app.url}${view}`);
      await drawnEvolutionChart(page, 2);

      const tooltip = await hoverMiddleOfChart(page, errors);
      // One series' value with its unit, in the language's decimal separator when it has decimals.
      expect(tooltip).toMatch(/\d( m3\/h| °C)/);
      if (/\d[.,]\d/.test(tooltip)) expect(tooltip).toMatch(locale === 'es_ES' ? /\d,\d/ : /\d\.\d/);
      expect(tooltip).not.toMatch(LONG_DECIMALS);
      // Each axis takes its series' colour.
      const axisColours = await page.$$eval('.highcharts-yaxis-labels text', (labels) =>
        [...new Set(labels.map((label) => getComputedStyle(label).fill))].sort(),
      );
      const seriesColours = await page.$$eval('.highcharts-series path.highcharts-graph', (lines) =>
        lines.map((line) => getComputedStyle(line).stroke).sort(),
      );
      expect(axisColours).toEqual(seriesColours);

      // Zoom by dragging, then back to the range explored.
      const explored = new URL(page.url()).searchParams.get('startDate');
      const plot = (await page.locator('.highcharts-plot-background').boundingBox())!;
      const middle = plot.y + plot.height / 2;
      await page.mouse.move(plot.x + plot.width * 0.3, middle);
      await page.mouse.down();
      await page.mouse.move(plot.x + plot.width * 0.6, middle, { steps: 5 });
      await page.mouse.up();
      await page.waitForURL((url) => url.searchParams.get('startDate') !== explored);
      await drawnEvolutionChart(page, 2);
      expect(await hoverMiddleOfChart(page, errors)).not.toMatch(LONG_DECIMALS);
      await saveScreen(page, 'explorer-chart-tooltip', locale);
      await page.getByRole('button', { name: locale === 'es_ES' ? 'Deshacer zoom' : 'Reset zoom' }).click();
      await page.waitForURL((url) => url.searchParams.get('startDate') === explored);

      expect(errors).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it.each(['es_ES', 'en_GB'] as ScreenLocale[])(
    'tells a new user what happens after the registration request (%s)',
    async (locale) => {
      const context = await browser.newContext({ viewport: SCREEN_VIEWPORT });
      const page = await context.newPage();
      await page.addInitScript((language) => localStorage.setItem('locale', language), locale);
      await page.goto(`${app.url}/login`);
      await page.getByLabel('Email', { exact: true }).fill('new.engineer@plant.example');
      await page.getByRole('checkbox').check();
      await page
        .getByRole('button', { name: locale === 'es_ES' ? 'Enviar solicitud' : 'Send request' })
        .click();
      await page
        .getByText(
          locale === 'es_ES'
            ? /Un administrador activará su cuenta/
            : /An administrator will enable your account/,
        )
        .waitFor();
      await saveScreen(page, 'registration-answer', locale);
      await context.close();
    },
  );
});
