import { chromium, type Browser } from 'playwright-core';
import launchSettings from './chromium-launch.json';
import { watchCspViolations } from './csp-violations';

// Debian's Chromium (apt package `chromium`); a browser download is neither possible nor wanted here. The
// settings are shared with the browser benchmark (tools/bench/web-bench.mjs). Every page it opens reports
// Content-Security-Policy violations, which fail the test (e2e/csp-violations.ts).
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? launchSettings.executablePath,
    headless: true,
    args: launchSettings.args,
  });
  // Every page opens in a Spanish browser unless a test asks for another language (`locale`): the app's
  // first visit follows the browser's language, headless Chromium says en-US whatever --lang is, and the specs
  // expect the product's default, Spanish. (browser.newPage makes its context with browser.newContext.)
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ locale: 'es-ES', ...options });
  return watchCspViolations(browser);
}
