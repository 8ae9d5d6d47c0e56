/// <reference lib="dom" />
// The rule form's "try on history" in Chromium (issue 14): a CSV with known failure windows loaded through
// the API, a rule on its variable tried on a range that holds the file, and the would-be incidences drawn
// over the chart of the variable and listed under it; nothing is saved.
import type { Browser, Page } from 'playwright-core';
import {
  AuthHeaders,
  type CsvUploadResponseDto,
  type RuleDryRunDto,
  type RuleIncidenceDto,
  type TokenPairDto,
} from '@plantlens/contracts';
import { launchChromium } from './browser';
import { tryRuleOnHistory, waitForIncidenceBands } from './rule-try';
import { callApi, signIn, signedInPage } from './session';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const REFERENCE = 'e2e_dry_run_temperature';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Two days of one point a minute, starting three days ago: inside "the last 30 days" whenever the test runs.
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 3 * DAY;
const POINTS = 2 * 24 * 60;
// The known failures: the minutes of the file (first, end excluded) whose temperature is above 100.
const FAILURE_WINDOWS = [
  [120, 150],
  [900, 960],
  [2_000, 2_045],
] as const;

function failureFile(): string {
  const lines = [`timestamp,${REFERENCE}`];
  for (let minute = 0; minute < POINTS; minute += 1) {
    const failing = FAILURE_WINDOWS.some(([first, end]) => minute >= first && minute < end);
    lines.push(`${T0 + minute * MINUTE},${failing ? 120 : 50}`);
  }
  return `${lines.join('\n')}\n`;
}

async function uploadCsv(app: RunningApp, tokens: TokenPairDto, csv: string): Promise<CsvUploadResponseDto> {
  const response = await fetch(`${app.url}/api/web/csv-upload?unknownVariables=create`, {
    method: 'POST',
    headers: { [AuthHeaders.authorization]: `Bearer ${tokens.accessToken}`, 'content-type': 'text/csv' },
    body: csv,
  });
  if (!response.ok) throw new Error(`CSV upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as CsvUploadResponseDto;
}

describe('rule form: try on history in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let tokens: TokenPairDto;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startAppUnderTest(3_371, { SIMULATOR_ENABLED: 'false' });
    browser = await launchChromium();
    tokens = await signIn(app.url);
    page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    page.on('pageerror', (error) => errors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('draws and lists one would-be incidence per failure window of an uploaded file', async () => {
    const upload = await uploadCsv(app, tokens, failureFile());
    expect(upload.pointsPublished).toBe(POINTS);
    expect(upload.variablesCreated).toEqual([REFERENCE]);

    const { dryRun, panel } = await tryRuleOnHistory(page, app.url, { reference: REFERENCE, constant: 100 });
    const sent = dryRun.request().postDataJSON() as RuleDryRunDto;
    expect(sent).toMatchObject({ operator: '>', constant: 100, minDurationSeconds: 0, deadband: 0 });
    expect(sent.from).toBeLessThan(T0 - 20 * DAY);
    expect(dryRun.status()).toBe(200);

    await waitForIncidenceBands(page, FAILURE_WINDOWS.length);
    await expect(panel.locator('[data-testid="rule-dry-run-table"] .ant-table-row').count()).resolves.toBe(
      FAILURE_WINDOWS.length,
    );
    // Each closes at the first point back under the constant: the window's length.
    const durations = panel.locator('[data-testid="rule-dry-run-table"] .ant-table-row td:nth-child(3)');
    await expect(durations.allInnerTexts()).resolves.toEqual(['30m', '1h', '45m']);
    await expect(panel.getByTestId('rule-dry-run-incidences').innerText()).resolves.toBe(
      String(FAILURE_WINDOWS.length),
    );
    await expect(panel.getByTestId('rule-dry-run-points').innerText()).resolves.toBe(
      POINTS.toLocaleString('en-GB'),
    );
    // The chart is the variable's line, with the constant drawn across it.
    await expect(panel.locator('.rule-dry-run-threshold').count()).resolves.toBe(1);
    await expect(panel.locator('.highcharts-series path.highcharts-graph').count()).resolves.toBe(1);

    // Trying saves nothing.
    const rules = await callApi<RuleIncidenceDto[]>(app.url, tokens, 'GET', '/api/web/rules-incidence');
    expect(rules.filter((rule) => rule.varOneIds.length > 0)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
