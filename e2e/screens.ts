// Screenshots of the product's screens for docs/screens/ (issue 18): each changed screen in Spanish and
// English at the size a plant engineer's desktop shows it. Taken by the end-to-end run in standalone mode
// only (the cluster run shows the same screens); the committed copies come from a local run.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SCREENS_DIR = resolve(__dirname, '..', 'docs', 'screens');
/** The desktop size the screens are tried and shown at. */
export const SCREEN_VIEWPORT = { width: 1440, height: 900 };
export type ScreenLocale = 'es_ES' | 'en_GB';

/** Waits for the network to rest, spinners and skeletons to go, and animations to end. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(1_000);
}

/** docs/screens/<name>.<locale>.png, once the page has settled (not in the cluster run). */
export async function saveScreen(page: Page, name: string, locale: ScreenLocale): Promise<void> {
  if (process.env.E2E_MODE === 'cluster') return;
  await settled(page);
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.${locale}.png`) });
}
