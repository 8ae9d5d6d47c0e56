/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import type { TimelineDataDto, VariableMinimalDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { tryRuleOnHistory, waitForIncidenceBands } from './rule-try';
import { watchForElement } from './seen-element';
import { callApi, signIn, signedInPage } from './session';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ROWS = 1_440;
const FLOW = 'Volume Flow RateRMS';
const LEVEL = 'Tank level (m)';
// The last 25 hours to one hour ago, a row a minute: inside the raw retention whenever the test runs.
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 25 * HOUR;
// "2026-11-23 10:05:00": the local time in Madrid, without zone, as a plant's SCADA writes it.
const madridTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

// The flow of a row: a slow wave between 15 and 25, above FLOW_LIMIT around each crest.
const flowAt = (row: number) => (20 + 5 * Math.sin(row / 60)).toFixed(4);
const FLOW_LIMIT = 24;

// Runs of consecutive rows whose flow is above the limit: each is an incidence the rule `flow > limit` opens.
function runsAboveLimit(): number {
  const above = (row: number) => Number(flowAt(row)) > FLOW_LIMIT;
  let runs = 0;
  for (let row = 0; row < ROWS; row += 1) if (above(row) && (row === 0 || !above(row - 1))) runs += 1;
  return runs;
}

// A European SCADA export: ";" with point decimals, headers with spaces and brackets, local times.
function scadaExport(): Buffer {
  const lines = [`Fecha hora;${FLOW};${LEVEL}`];
  for (let row = 0; row < ROWS; row += 1) {
    const flow = flowAt(row);
    const level = (2 + row / ROWS).toFixed(3);
    lines.push(`${madridTime.format(T0 + row * MINUTE)};${flow};${level}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

describe('Importing a plant export in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_361, { SIMULATOR_ENABLED: 'false' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // The value cell beside a label of the page's description lists.
  const described = (page: Page, label: string) =>
    page
      .locator('.ant-descriptions-row', { has: page.getByText(label, { exact: true }) })
      .locator('td')
      .innerText();

  it('previews the file with its detected settings, loads it with progress, draws it in the explorer and tries a rule on it', async () => {
    const tokens = await signIn(app.url);
    const declared = () =>
      callApi<VariableMinimalDto[]>(app.url, tokens, 'GET', '/api/web/explorer/variables');
    const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${app.url}/csv-uploader`);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'scada-export.csv', mimeType: 'text/csv', buffer: scadaExport() });
    await page.getByLabel('Create them').check();
    const zone = page.getByRole('combobox', { name: 'Time zone of times written without one' });
    await zone.click();
    await zone.fill('Europe/Madrid');
    await page.locator('.ant-select-item-option[title="Europe/Madrid"]').click();

    // The check: what the load would store, and nothing stored yet.
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('Preview: what the load would store').waitFor({ timeout: 60_000 });
    expect(await described(page, 'Field separator')).toBe('Semicolon (;)');
    expect(await described(page, 'Decimal separator')).toBe('Point (.), detected from the data');
    expect(await described(page, 'Time column')).toBe('Column 1 · Fecha hora');
    expect(await described(page, 'Time format')).toBe('ISO 8601 (2026-01-31 08:00:00)');
    expect(await described(page, 'Zone applied')).toBe('Europe/Madrid');
    expect(await described(page, 'Rows read')).toBe('1,440');
    expect(await described(page, 'Points to load')).toBe('2,880');
    expect(await described(page, 'Errors')).toBe('0');
    for (const reference of [FLOW, LEVEL]) {
      const row = page.locator('.ant-table-row', {
        has: page.getByRole('cell', { name: reference, exact: true }),
      });
      await expect(row.innerText()).resolves.toMatch(/Would be created\s+1,440/);
    }
    expect(await declared()).toEqual([]);

    // The load: progress, then the result.
    expect(await page.getByRole('progressbar').count()).toBe(0);
    const sawProgress = await watchForElement(page, '[role="progressbar"]');
    await page.getByRole('button', { name: 'Load' }).click();
    await page.getByText('Result', { exact: true }).waitFor({ timeout: 120_000 });
    expect(await sawProgress()).toBe(true);
    expect(await described(page, 'Points loaded')).toBe('2,880');
    const created = await described(page, 'Variables created');
    expect(created).toContain(FLOW);
    expect(created).toContain(LEVEL);
    expect(errors).toEqual([]);

    const flow = (await declared()).find((variable) => variable.clientReference === FLOW);
    expect(flow).toBeDefined();
    // The range reaches past now: not a closed range, so no cached answer outlives the writer's delay.
    const range = `startDate=${T0 - HOUR}&endDate=${Date.now() + HOUR}`;
    const stored = async () => {
      const timeline = await callApi<TimelineDataDto>(
        app.url,
        tokens,
        'GET',
        `/api/web/explorer/timeline-data?variableIds=${flow!.id}&${range}&width=4000`,
      );
      return timeline.variables[0]?.data ?? [];
    };
    const deadline = Date.now() + 30_000;
    while ((await stored()).length === 0 && Date.now() < deadline) await page.waitForTimeout(500);
    // Read in Madrid's zone: the first local time is the instant T0.
    expect((await stored())[0]?.timestamp).toBe(T0 / 1000);

    await page.goto(`${app.url}/explorer-evolution?variables=${flow!.id}&${range}`);
    const chart = await drawnEvolutionChart(page, 1);
    expect(chart.names).toEqual([FLOW]);

    // A rule on the loaded variable tried on its history: one would-be incidence per run above the limit.
    const { dryRun, panel } = await tryRuleOnHistory(page, app.url, {
      reference: FLOW,
      constant: FLOW_LIMIT,
    });
    expect(dryRun.status()).toBe(200);
    expect(runsAboveLimit()).toBeGreaterThan(1);
    await waitForIncidenceBands(page, runsAboveLimit());
    await expect(panel.getByTestId('rule-dry-run-points').innerText()).resolves.toBe(
      ROWS.toLocaleString('en-GB'),
    );
    expect(errors).toEqual([]);
  });
});
