/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

describe('the app in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_217);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the simulated variables, draws one as a line with data, downloads, zooms and copies its view', async () => {
    // The simulator declares its variables and backfills history right after start-up.
    // Sign in as the seeded super admin through the API, like the login page does.
    const tokens = await signIn(app.url);
    const anonymous = await fetch(`${app.url}/api/web/explorer/variables`);
    expect(anonymous.status).toBe(401);

    const [variable] = await simulatedVariables(app.url, tokens, ['gate01_opening']);

    // Clipboard rights, so that "Copy URL" can be checked.
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await signedInPage(context, tokens);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Without variables the chart sends the user to the parameter selection.
    await page.goto(`${app.url}/explorer-evolution`);
    await page.waitForURL(/\/explorer-evolution-variables$/);
    // Spanish is the default language; the row's selector searches the server (30 variables at most).
    const row = page.getByRole('combobox', { name: 'Variable 1' });
    await row.click();
    await row.fill('gate01_opening');
    await page.getByTestId('variable-option-gate01_opening').click();
    await page.getByRole('combobox', { name: 'Rango' }).click();
    await page.getByTitle('Últimos 7 días').click();
    await page.getByRole('button', { name: 'Explorar' }).click();
    await page.waitForURL(/\/explorer-evolution\?/);
    const explored = new URL(page.url()).searchParams;
    expect(explored.get('variables')).toBe(String(variable.id));

    const chart = page.getByTestId('evolution-chart');
    await drawnEvolutionChart(page, 1);

    // The CSV of the view: byte-order mark, semicolons, the variable's label as its column.
    await page.getByRole('button', { name: 'Ajustes del gráfico' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Descargar CSV$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('output.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith(`\uFEFFtimestamp;datetime;${variable.label}\r\n`)).toBe(true);
    const drawnRows = csv.split('\r\n').length;
    expect(drawnRows).toBeGreaterThan(50);
    // The chart shows a week reduced to its width: every stored point of the range is offered too.
    await page.getByRole('button', { name: 'Ajustes del gráfico' }).click();
    const [raw] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Descargar CSV con/ }).click(),
    ]);
    const rawCsv = readFileSync((await raw.path())!, 'utf8');
    expect(rawCsv.startsWith(`\uFEFFtimestamp;datetime;${variable.label}\r\n`)).toBe(true);
    expect(rawCsv.split('\r\n').length).toBeGreaterThan(drawnRows);

    // Dragging over the chart zooms; the address then holds the zoomed range, to the minute. The simulator's
    // history covers the last hours of the 7 days, at the right edge.
    const plot = (await chart.locator('.highcharts-plot-background').boundingBox())!;
    const middle = plot.y + plot.height / 2;
    await page.mouse.move(plot.x + plot.width * 0.965, middle);
    await page.mouse.down();
    await page.mouse.move(plot.x + plot.width * 0.995, middle, { steps: 5 });
    await page.mouse.up();
    await page.waitForURL((url) => url.searchParams.get('startDate') !== explored.get('startDate'));
    const zoomed = new URL(page.url()).searchParams;
    const [start, end] = [Number(zoomed.get('startDate')), Number(zoomed.get('endDate'))];
    expect(start % 60_000).toBe(0);
    expect(end % 60_000).toBe(0);
    expect(start).toBeGreaterThan(Number(explored.get('startDate')));
    expect(end).toBeLessThan(Number(explored.get('endDate')));
    expect(zoomed.get('variables')).toBe(String(variable.id));

    // The copied address is the zoomed view's.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="evolution-chart"]')?.getAttribute('aria-busy') === 'false',
    );
    await page.getByRole('button', { name: 'Ajustes del gráfico' }).click();
    await page.getByRole('menuitem', { name: 'Copiar URL' }).click();
    await page.getByText('Se ha copiado la URL').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // Back returns to the range before the zoom.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('startDate') === explored.get('startDate'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
