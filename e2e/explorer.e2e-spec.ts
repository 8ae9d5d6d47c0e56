/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import type { VariableMinimalDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { startStandaloneApp, type RunningApp } from './standalone-app';

describe('standalone app in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startStandaloneApp(3_217);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the simulated variables and draws one as a line with data', async () => {
    // The simulator declares its variables and backfills history right after start-up.
    let variables: VariableMinimalDto[] = [];
    for (let attempt = 0; attempt < 120 && variables.length === 0; attempt += 1) {
      variables = (await fetch(`${app.url}/api/web/explorer/variables`).then((response) =>
        response.json(),
      )) as VariableMinimalDto[];
      if (variables.length === 0) await new Promise((done) => setTimeout(done, 250));
    }
    const variable = variables.find((candidate) => candidate.clientReference === 'gate01_opening');
    expect(variable).toBeDefined();

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/explorer-evolution`);
    // Spanish is the default language; the picker shows 30 variables at most, so search first.
    await page.getByPlaceholder('Buscar variables').fill('gate01_opening');
    await page.getByTestId('variable-option-gate01_opening').click();
    const graph = page
      .locator('[data-testid="evolution-chart"] .highcharts-series path.highcharts-graph')
      .first();
    await graph.waitFor({ state: 'attached', timeout: 30_000 });
    // A drawn line with data has many path segments, not an empty "M 0 0".
    await page.waitForFunction(
      () =>
        (
          document
            .querySelector('[data-testid="evolution-chart"] path.highcharts-graph')
            ?.getAttribute('d') ?? ''
        ).split(/[ML]/).length > 50,
      undefined,
      { timeout: 30_000 },
    );
    expect(page.url()).toContain(`variables=${variable!.id}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
