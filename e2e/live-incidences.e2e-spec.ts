/// <reference lib="dom" />
// The incidence list is live (issue 18): with the list open, a rule created through the API starts firing
// on the simulator's data and its incidence appears without a reload. Also takes the docs/screens/ shots of
// the list, its Resolve confirmation and the not-found page, in Spanish and English.
import type { Browser, Page } from 'playwright-core';
import type { TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { saveScreen, SCREEN_VIEWPORT, type ScreenLocale } from './screens';
import { callApi, signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const RULE = 'Live feed pressure';

describe('live incidences in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;

  beforeAll(async () => {
    // An hour of history is enough here, and starts faster than the default six on a loaded machine.
    app = await startAppUnderTest(3_421, { SIMULATOR_BACKFILL_HOURS: '1' });
    browser = await launchChromium();
    tokens = await signIn(app.url);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function openPage(locale: ScreenLocale): Promise<Page> {
    const page = await signedInPage(browser, tokens, { locale });
    await page.setViewportSize(SCREEN_VIEWPORT);
    return page;
  }

  it('shows an incidence opened while the list is open, without a reload', async () => {
    const page = await openPage('en_GB');
    await page.goto(`${app.url}/incidence/list`);
    await page.getByText(/^Updated \d\d:\d\d:\d\d$/).waitFor();
    // Survives only as long as the document does: a reload would drop it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const [pressure] = await simulatedVariables(app.url, tokens, ['gate01_pressure']);
    // Steam pressure is always above -1000 bar: the engine opens an incidence at the next point.
    await callApi(app.url, tokens, 'POST', '/api/web/rules-incidence', [
      { name: RULE, operator: '>', constant: -1000, varOneId: pressure.id },
    ]);

    // One polling interval (15 s) and the engine's next evaluation.
    await page.getByRole('link', { name: RULE, exact: true }).waitFor({ timeout: 45_000 });
    await expect(page.evaluate(() => 'sameDocument' in window)).resolves.toBe(true);
    // At 1440×900 the table fits its container: nothing to scroll, so Resolve is in view.
    const scroll = await page.locator('.ant-table-content').evaluate((table) => ({
      content: table.scrollWidth,
      box: table.clientWidth,
    }));
    expect(scroll.content).toBeLessThanOrEqual(scroll.box);
    await saveScreen(page, 'incidence-list', 'en_GB');

    await page.getByRole('button', { name: `Resolve ${RULE}` }).click();
    await page.locator('.ant-modal-confirm-title').getByText(`Resolve the incidence of ${RULE}?`).waitFor();
    await saveScreen(page, 'incidence-resolve-confirm', 'en_GB');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });

  it('takes the Spanish shots of the list, its confirmation, and the not-found page in both languages', async () => {
    for (const locale of ['es_ES', 'en_GB'] as const) {
      const page = await openPage(locale);
      if (locale === 'es_ES') {
        await page.goto(`${app.url}/incidence/list`);
        await page.getByRole('link', { name: RULE, exact: true }).waitFor();
        await saveScreen(page, 'incidence-list', locale);
        await page.getByRole('button', { name: `Resolver ${RULE}` }).click();
        await page
          .locator('.ant-modal-confirm-title')
          .getByText(`¿Resolver la incidencia de ${RULE}?`)
          .waitFor();
        await saveScreen(page, 'incidence-resolve-confirm', locale);
      }
      await page.goto(`${app.url}/ampo/no-such-screen`);
      await page.locator('.ant-result-404').waitFor();
      await saveScreen(page, 'not-found', locale);
      await page.close();
    }
  });
});
