/// <reference lib="dom" />
// Content-Security-Policy violations seen by Chromium in any page of any browser test: the app must run
// under the policy the server sends (libs/platform/src/http/security-headers.ts). launchChromium watches
// every context; csp-violations.setup.ts fails the test during which one was seen.
import type { Browser, BrowserContext } from 'playwright-core';

// Console marker of the page's own report, beside Chromium's "Refused to …" messages (which also cover
// workers and reports the event does not carry).
const VIOLATION_MARK = '[csp-violation]';

const seen: string[] = [];

/** The violations seen since the last call, emptied. */
export function takeCspViolations(): string[] {
  return seen.splice(0);
}

async function watchContext(context: BrowserContext): Promise<void> {
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${mark} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, VIOLATION_MARK);
  context.on('page', (page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(VIOLATION_MARK) || text.startsWith('Refused to'))
        seen.push(`${page.url()}: ${text}`);
    }),
  );
}

/** Every context of `browser` (and so every page) from now on reports its CSP violations. */
export function watchCspViolations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  // browser.newPage's own context would be created unwatched; like it, the page owns its context.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close());
    return page;
  };
  return browser;
}
