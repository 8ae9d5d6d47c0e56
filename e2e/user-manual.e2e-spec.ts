/// <reference lib="dom" />
// The user manual in Chromium against the built app: the screenshots the manual shows are taken
// here (in English and in Spanish) into dist/manual/screenshots, the manual is rebuilt with them
// (tools/manual/build-manual.mjs, as `npm run build` runs it), then GET /api/web/user-manual serves the PDF and
// Help opens it in a new window.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { AuthHeaders, type TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { settled } from './screens';
import { drawnEvolutionChart } from './evolution-chart';
import { callApi, signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const ROOT = resolve(__dirname, '..');
const SCREENSHOTS_DIR = join(ROOT, 'dist/manual/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const HOUR = 3_600_000;

type Language = 'en_GB' | 'es_ES';

interface Shot {
  /** the file name docs/manual/*.md refers to */
  file: string;
  path: string;
  /** waits until the page shows what the manual describes */
  ready?: (page: Page) => Promise<unknown>;
}

function shots(variables: { flow: number; temperature: number; outlet: number }): Shot[] {
  const end = Date.now();
  const range = `startDate=${end - 6 * HOUR}&endDate=${end}`;
  return [
    { file: 'workspace.png', path: '/workspace' },
    { file: 'explorer-evolution-variables.png', path: '/explorer-evolution-variables' },
    {
      file: 'explorer-evolution.png',
      path: `/explorer-evolution?variables=${variables.flow},${variables.temperature}&${range}`,
      ready: (page) => drawnEvolutionChart(page, 2),
    },
    {
      file: 'explorer-correlation.png',
      path: `/explorer-correlation?pair1=${variables.flow},${variables.temperature}&${range}`,
      // Scatter points are SVG paths, or one boosted picture when there are many.
      ready: (page) =>
        page
          .locator('.highcharts-point, image.highcharts-boost-canvas')
          .first()
          .waitFor({ state: 'attached', timeout: 30_000 }),
    },
    { file: 'explorer-multiple-correlation.png', path: '/explorer-multiple-correlation-variables' },
    { file: 'query-list.png', path: '/query/list' },
    { file: 'rule-incidence-list.png', path: '/rule-incidence/list' },
    { file: 'incidence-list.png', path: '/incidence/list' },
    { file: 'incidence-current-status.png', path: '/incidence-current-status' },
    {
      file: 'ampo-current-status.png',
      path: '/ampo/current-status',
      ready: (page) => page.getByTestId('plant-image').waitFor(),
    },
    { file: 'ampo-historic-analysis.png', path: '/ampo/historic-analysis' },
    { file: 'raw-variable-list.png', path: '/raw-variable/list' },
    { file: 'variable-management.png', path: '/variable-management' },
    { file: 'tags-tree.png', path: '/tags-tree' },
    { file: 'categorical-variable-list.png', path: '/categorical-variable/list' },
    { file: 'settings.png', path: '/settings' },
    {
      file: 'user-profile.png',
      path: '/user-profile',
      ready: (page) => page.locator('.ant-descriptions').first().waitFor(),
    },
    { file: 'user-list.png', path: '/user/list' },
    { file: 'group-list.png', path: '/group/list' },
    { file: 'cache-management.png', path: '/cache-management' },
  ];
}

/** PDF page objects (not the /Pages tree) */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;

describe('user manual in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: TokenPairDto;
  let variables: { flow: number; temperature: number; outlet: number };

  beforeAll(async () => {
    app = await startAppUnderTest(3_331);
    browser = await launchChromium();
    admin = await signIn(app.url);
    const [flow, temperature, outlet] = await simulatedVariables(app.url, admin, [
      'cdu_feed_flow',
      'cdu_feed_temperature',
      'cdu_furnace_outlet_temperature',
    ]);
    variables = { flow: flow!.id, temperature: temperature!.id, outlet: outlet!.id };
    // Something in the query list to show.
    await callApi(app.url, admin, 'POST', '/api/web/query/', {
      name: 'Crude unit feed',
      relativePath: `/explorer-evolution?variables=${variables.flow},${variables.temperature}`,
      star: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each<Language>(['en_GB', 'es_ES'])(
    'takes the manual’s screenshots in %s',
    async (language) => {
      const dir = join(SCREENSHOTS_DIR, language);
      mkdirSync(dir, { recursive: true });
      const errors: string[] = [];

      const signInPage = await browser.newPage({ viewport: VIEWPORT });
      await signInPage.addInitScript((locale) => localStorage.setItem('locale', locale), language);
      await signInPage.goto(`${app.url}/login`);
      await signInPage.locator('input[type="password"]').waitFor();
      await settled(signInPage);
      await signInPage.screenshot({ path: join(dir, 'sign-in.png') });
      await signInPage.close();

      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await signedInPage(context, admin, { locale: language });
      page.on('pageerror', (error) => errors.push(error.message));
      for (const shot of shots(variables)) {
        await page.goto(`${app.url}${shot.path}`);
        await page.locator('main, [role="banner"]').first().waitFor();
        await shot.ready?.(page);
        await settled(page);
        await page.screenshot({ path: join(dir, shot.file) });
      }
      await context.close();
      expect(errors).toEqual([]);
    },
    300_000,
  );

  it('serves the PDF rebuilt with the screenshots, and Help opens it in a new window', async () => {
    const build = spawnSync(process.execPath, ['tools/manual/build-manual.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);

    for (const language of ['en_GB', 'es_ES']) {
      const response = await fetch(`${app.url}/api/web/user-manual?lang=${language}`, {
        headers: { [AuthHeaders.authorization]: `Bearer ${admin.accessToken}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // A title page and one page per chapter at least, with the screenshots in them.
      expect(pageCount(pdf)).toBeGreaterThanOrEqual(13);
      expect(imageCount(pdf)).toBeGreaterThanOrEqual(20);
    }
    expect((await fetch(`${app.url}/api/web/user-manual`)).status).toBe(401);

    const page = await signedInPage(browser, admin, { locale: 'en_GB' });
    await page.goto(`${app.url}/workspace`);
    const help = page.getByRole('button', { name: 'Help' });
    await help.waitFor();
    const [manualWindow] = await Promise.all([page.waitForEvent('popup'), help.click()]);
    await manualWindow.waitForURL(/^blob:/);
    const shown = await manualWindow.evaluate(async () => {
      const pdf = await (await fetch(location.href)).arrayBuffer();
      return { head: new TextDecoder('latin1').decode(pdf.slice(0, 5)), size: pdf.byteLength };
    });
    const served = await fetch(`${app.url}/api/web/user-manual?lang=en_GB`, {
      headers: { [AuthHeaders.authorization]: `Bearer ${admin.accessToken}` },
    });
    expect(shown).toEqual({ head: '%PDF-', size: Number(served.headers.get('content-length')) });
    await page.close();
  });
});
