/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import type { VariableMinimalDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { watchForElement } from './seen-element';
import { callApi, signIn, signedInPage } from './session';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const ROWS = 12_000;
const DAY = 86_400_000;
// A recent UTC midnight: inside the raw retention whenever the test runs.
const T0 = Math.floor(Date.now() / DAY) * DAY - 10 * DAY;

// A plant export in the Spanish Excel dialect: ";" with decimal commas, day-first dates, one bad cell.
function plantFile(): Buffer {
  const lines = ['datetime;e2e_csv_pressure;e2e_csv_flow'];
  for (let row = 0; row < ROWS; row += 1) {
    const date = new Date(T0 + row * 1000);
    const dayFirst = `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()} ${date.toISOString().slice(11, 19)}`;
    lines.push(`${dayFirst};${(row / 10).toFixed(1).replace('.', ',')};${row === 7 ? 'n/a' : row}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

describe('CSV uploader in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_237, { SIMULATOR_ENABLED: 'false' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('checks a file, loads it with progress, creates its variables and reports its bad cell', async () => {
    const tokens = await signIn(app.url);
    const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${app.url}/csv-uploader`);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'plant.csv', mimeType: 'text/csv', buffer: plantFile() });
    await page.getByLabel('Create them').check();
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('Preview: what the load would store').waitFor({ timeout: 150_000 });
    expect(await page.getByRole('progressbar').count()).toBe(0);
    const sawProgress = await watchForElement(page, '[role="progressbar"]');
    await page.getByRole('button', { name: 'Load' }).click();

    await page.getByText('Result').waitFor({ timeout: 150_000 });
    expect(await sawProgress()).toBe(true);
    const summaryValue = (label: string) =>
      page
        .locator('tr', { has: page.getByText(label, { exact: true }) })
        .locator('td')
        .innerText();
    expect(await summaryValue('Rows read')).toBe('12,000');
    expect(await summaryValue('Points loaded')).toBe('23,999');
    expect(await summaryValue('Variables created')).toContain('e2e_csv_pressure');
    const errorRow = page
      .locator('.ant-table', { has: page.getByRole('columnheader', { name: 'Reason' }) })
      .locator('.ant-table-row');
    await expect(errorRow.innerText()).resolves.toMatch(/^9\s+3 · e2e_csv_flow\s+Not a number\s+n\/a$/);
    expect(errors).toEqual([]);

    const variables = await callApi<VariableMinimalDto[]>(
      app.url,
      tokens,
      'GET',
      '/api/web/explorer/variables',
    );
    expect(variables.map((variable) => variable.clientReference).sort()).toEqual([
      'e2e_csv_flow',
      'e2e_csv_pressure',
    ]);
  });
});
