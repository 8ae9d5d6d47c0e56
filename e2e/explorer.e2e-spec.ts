/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import {
  AuthHeaders,
  SessionStorageKeys,
  type TokenPairDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { launchChromium } from './browser';
import { E2E_SUPERADMIN_PASSWORD, startStandaloneApp, type RunningApp } from './standalone-app';

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
    // Sign in as the seeded super admin through the API, like the login page does.
    const signIn = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [AuthHeaders.isLogin]: 'true' },
      body: JSON.stringify({ username: 'admin', password: E2E_SUPERADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const tokens = (await signIn.json()) as TokenPairDto;
    const anonymous = await fetch(`${app.url}/api/web/explorer/variables`);
    expect(anonymous.status).toBe(401);

    let variables: VariableMinimalDto[] = [];
    for (let attempt = 0; attempt < 120 && variables.length === 0; attempt += 1) {
      variables = (await fetch(`${app.url}/api/web/explorer/variables`, {
        headers: { [AuthHeaders.authorization]: `Bearer ${tokens.accessToken}` },
      }).then((response) => response.json())) as VariableMinimalDto[];
      if (variables.length === 0) await new Promise((done) => setTimeout(done, 250));
    }
    const variable = variables.find((candidate) => candidate.clientReference === 'gate01_opening');
    expect(variable).toBeDefined();

    const page = await browser.newPage();
    // The stored session of the web app (local storage `at` / `rt`), set before any page script runs.
    await page.addInitScript(
      ([keys, session]) => {
        localStorage.setItem(keys.accessToken, session.accessToken);
        localStorage.setItem(keys.refreshToken, session.refreshToken);
      },
      [SessionStorageKeys, tokens] as const,
    );
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
