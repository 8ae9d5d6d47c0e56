/// <reference lib="dom" />
// An evolution view of three simulated variables, zoomed, saved as a query from the chart's settings menu
// and reopened from the query list: the same address and the very same chart.
import type { Browser, Page, Response } from 'playwright-core';
import { QUERY_NAVIGATION_PARAMS, type QueryDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { callApi, signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

// Three units (%, bar, t/h), so the chart has three y axes.
const REFERENCES = ['gate01_opening', 'utl_hp_steam_header_pressure', 'utl_boiler_feedwater_flow'];
const QUERY_NAME = 'Gate 01 against steam';
const HOUR = 3_600_000;

// The view's own parameters, without those the query list adds when opening a query.
function viewParams(address: string): [string, string][] {
  const names: readonly string[] = QUERY_NAVIGATION_PARAMS;
  return [...new URL(address).searchParams].filter(([name]) => !names.includes(name)).sort();
}

// The next timeline-data answer whose start date passes `matches`.
function timelineLoad(page: Page, matches: (startDate: string | null) => boolean): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().includes('/api/web/explorer/timeline-data?') &&
      matches(new URL(response.url()).searchParams.get('startDate')),
  );
}

// What a chart was drawn from: the timeline-data request's parameters and its answer.
async function timelineOf(response: Response) {
  expect(response.status()).toBe(200);
  return { request: [...new URL(response.url()).searchParams].sort(), body: await response.json() };
}

// Drags over the chart from `from` to `to` (epoch ms), given the range the x axis spans.
async function dragZoom(page: Page, axis: { start: number; end: number }, from: number, to: number) {
  const plot = (await page
    .getByTestId('evolution-chart')
    .locator('.highcharts-plot-background')
    .boundingBox())!;
  const xOf = (ts: number) => plot.x + (plot.width * (ts - axis.start)) / (axis.end - axis.start);
  const middle = plot.y + plot.height / 2;
  await page.mouse.move(xOf(from), middle);
  await page.mouse.down();
  await page.mouse.move(xOf(to), middle, { steps: 5 });
  await page.mouse.up();
}

describe('a saved evolution query in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    // Without the valves' 1-second detail (the browser tests' default; see VALVE_DETAIL): with it Highcharts
    // drew Gate 01 opening with ~0.6 % more segments in the zoomed (updated) chart than in the same answer
    // drawn afresh. Saved queries are this test's subject, not that drawing.
    app = await startAppUnderTest(3_277);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('reopens a zoomed view of three variables from the query list at the same address and chart', async () => {
    const tokens = await signIn(app.url);
    const variables = await simulatedVariables(app.url, tokens, REFERENCES);
    const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${app.url}/explorer-evolution-variables`);
    for (const [index, reference] of REFERENCES.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add variable' }).click();
      const row = page.getByRole('combobox', { name: `Variable ${index + 1}` });
      await row.click();
      await row.fill(reference);
      await page.getByTestId(`variable-option-${reference}`).click();
    }
    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByTitle('Last 7 days').click();
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.waitForURL(/\/explorer-evolution\?/);
    const explored = new URL(page.url()).searchParams;
    expect(explored.get('variables')).toBe(variables.map(({ id }) => id).join(','));
    const week = { start: Number(explored.get('startDate')), end: Number(explored.get('endDate')) };
    const weekChart = await drawnEvolutionChart(page, 3);
    expect(weekChart.names).toEqual(variables.map(({ label }) => label));

    // Four hours of the simulator's history (it backfills the 6 hours before start-up), well before now,
    // so that no point arriving meanwhile can change what the reopened view shows. Highcharts takes a
    // drag of more than 10 px as a selection: 4 hours of a week are about 25 px.
    const zoomedLoad = timelineLoad(page, (startDate) => startDate !== String(week.start));
    await dragZoom(page, week, week.end - 5 * HOUR, week.end - HOUR);
    const zoomedTimeline = await timelineOf(await zoomedLoad);
    const zoomed = new URL(page.url());
    expect(Number(zoomed.searchParams.get('startDate'))).toBeGreaterThan(week.start);
    expect(Number(zoomed.searchParams.get('endDate'))).toBeLessThan(week.end - HOUR / 2);
    const zoomedChart = await drawnEvolutionChart(page, 3);
    expect(zoomedChart.names).toEqual(weekChart.names);

    await page.getByRole('button', { name: 'Chart settings' }).click();
    await page.getByRole('menuitem', { name: 'Save as query' }).click();
    const modal = page.getByRole('dialog', { name: 'Save as query' });
    await modal.getByRole('textbox', { name: 'Query name' }).fill(QUERY_NAME);
    await expect(modal.getByRole('checkbox', { name: 'Save with dates' }).isChecked()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Query ${QUERY_NAME} created successfully`).waitFor();
    const saved = await callApi<QueryDto[]>(app.url, tokens, 'GET', '/api/web/query/');
    expect(saved).toEqual([
      expect.objectContaining({ name: QUERY_NAME, relativePath: zoomed.pathname + zoomed.search }),
    ]);

    expect(errors).toEqual([]);
    await page.close();

    // Another day: a fresh page (the chart must come from a new request, not the page's cache) goes to
    // the query list through the main menu and opens the query.
    const later = await signedInPage(browser, tokens, { locale: 'en_GB' });
    later.on('pageerror', (error) => errors.push(error.message));
    await later.goto(`${app.url}/workspace`);
    await later.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Queries' }).click();
    await later.waitForURL((url) => url.pathname === '/query/list');
    const reopenedLoad = timelineLoad(
      later,
      (startDate) => startDate === zoomed.searchParams.get('startDate'),
    );
    await later.getByRole('link', { name: QUERY_NAME, exact: true }).click();
    await later.waitForURL((url) => url.pathname === '/explorer-evolution');
    const reopened = new URL(later.url());
    expect(reopened.searchParams.get('origin')).toBe('QueryList');
    expect(reopened.searchParams.get('queryName')).toBe(QUERY_NAME);
    expect(viewParams(reopened.href)).toEqual(viewParams(zoomed.href));
    await later.getByRole('heading', { name: `Evolution · ${QUERY_NAME}` }).waitFor();
    // The same request and answer, drawn as the same three lines of the same points. (Their pixels may
    // differ by a fraction: a zoomed chart is an updated one, a reopened one is drawn afresh.)
    expect(await timelineOf(await reopenedLoad)).toEqual(zoomedTimeline);
    expect(await drawnEvolutionChart(later, 3)).toEqual(zoomedChart);
    expect(errors).toEqual([]);
    await later.close();
  });
});
