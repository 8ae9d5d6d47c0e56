/// <reference lib="dom" />
// Valve monitoring in Chromium against the built app with the simulator on: its backfill's
// actuations go through the valve monitor, whose faulty ones put a valve in alarm; the current status
// shows it on the coke drum, its incidence review draws both charts, and the historic analysis draws one
// line per actuation of the range.
import type { Browser, Page } from 'playwright-core';
import type { HistoricAnalysisDto, PlantCurrentStatusDto, TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { callApi, signIn, signedInPage } from './session';
import { startAppUnderTest, VALVE_DETAIL, type RunningApp } from './app-under-test';

// The valve in alarm with the newest error, once the monitor has analysed some of the backfill.
async function valveInAlarm(url: string, tokens: TokenPairDto): Promise<string> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const status = await callApi<PlantCurrentStatusDto>(
      url,
      tokens,
      'GET',
      '/api/web/ampo/plant-current-status/',
    );
    const { gateStatuses, liftStatuses, switchStatuses } = status.cokeDrumAStatus;
    const inAlarm = [...gateStatuses, ...liftStatuses, ...switchStatuses]
      .filter((valve) => valve.assetErrors.length > 0)
      .sort((a, b) => b.assetErrors[0].endDate - a.assetErrors[0].endDate);
    if (inAlarm.length > 0) return inAlarm[0].assetName;
    if (Date.now() > deadline) throw new Error('no valve in alarm after 150 s of backfill');
    await new Promise((done) => setTimeout(done, 2_000));
  }
}

describe('valve monitoring in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let tokens: TokenPairDto;
  let asset: string;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startAppUnderTest(3_291, VALVE_DETAIL);
    browser = await launchChromium();
    tokens = await signIn(app.url);
    asset = await valveInAlarm(app.url, tokens);
    page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the valve in alarm on the coke drum and opens its incidence review', async () => {
    await page.goto(`${app.url}/ampo/current-status`);
    await page.getByTestId('plant-image').waitFor();
    // The plant view draws its alarm variant; its coke drum region zooms in.
    await page.getByRole('img', { name: 'Plant with alarms' }).waitFor();
    await page.getByTestId('plant-zoom-coke-drum').click();
    await page.getByTestId('coke-drum-image').waitFor();
    const overlay = page.getByTestId(`valve-overlay-${asset}`);
    await overlay.waitFor();
    await expect(page.getByTestId(`status-node-${asset}`).textContent()).resolves.not.toMatch(/^\D*0\D*$/);
    await overlay.click();

    await page.waitForURL((url) => url.pathname === '/ampo/incidence-review');
    const review = new URL(page.url()).searchParams;
    expect(review.get('asset')).toBe(asset);
    expect(Number(review.get('endDate'))).toBeGreaterThanOrEqual(Number(review.get('beginDate')));
    await page.getByTestId('review-failure').waitFor();
    // Both charts drawn with data: torque bars by opening level, and the flow / pressure / temperature lines.
    // (A bar of zero torque, at rest, is drawn but not visible: count them, not their visibility.)
    const bars = page.locator('[data-testid="pair-deviation-chart"] .highcharts-point');
    await bars.first().waitFor({ state: 'attached' });
    expect(await bars.count()).toBeGreaterThan(10);
    await page.locator('[data-testid="signals-chart"] .highcharts-graph').first().waitFor();
    const signalLines = await page.locator('[data-testid="signals-chart"] .highcharts-series').count();
    expect(signalLines).toBeGreaterThanOrEqual(3);
  });

  it('goes on to the historic analysis, one line per actuation of the range', async () => {
    await page.getByRole('link', { name: 'Actuation history' }).click();
    await page.waitForURL((url) => url.pathname === '/ampo/historic-analysis');
    const search = new URL(page.url()).searchParams;
    const initDate = new Date(Number(search.get('beginDate')) * 1000).toISOString();
    const endDate = new Date(Number(search.get('endDate')) * 1000).toISOString();
    const historic = await callApi<HistoricAnalysisDto>(
      app.url,
      tokens,
      'GET',
      `/api/web/ampo/historic-analysis/?asset=${asset}&initDate=${initDate}&endDate=${endDate}`,
    );
    const actuations = search.get('operation') === 'closures' ? historic.closures : historic.openings;
    expect(actuations.length).toBeGreaterThan(0);

    const lines = page.locator('[data-testid="historic-chart"] .highcharts-series.highcharts-spline-series');
    await lines.first().waitFor();
    await expect(lines.count()).resolves.toBe(actuations.length);
    await page.getByTestId('valve-info-card').waitFor();
    expect(errors).toEqual([]);
  });
});
