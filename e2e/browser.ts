import { chromium, type Browser } from 'playwright-core';
import launchSettings from './chromium-launch.json';

// Debian's Chromium (apt package `chromium`); a browser download is neither possible nor wanted here. The
// settings are shared with the browser benchmark (tools/bench/web-bench.mjs).
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? launchSettings.executablePath,
    headless: true,
    args: launchSettings.args,
  });
}
