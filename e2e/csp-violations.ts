/// <reference lib="dom" />
// Content-Security-Policy violations seen by Chromium in any page of any browser test: the app must run
// under the policy the server sends (libs/platform/src/http/security-headers.ts). launchChromium watches
// every context; csp-violations.setup.ts fails the test during which one was seen.
import type { Browser, BrowserContext, Page } from 'playwright-core';

// Console marker of the page's own report, beside Chromium's "Refused to …" messages (which also cover
// workers and reports the event does not carry).
const VIOLATION_MARK = '[csp-violation]';

const seen: string[] = [];

/** The violations seen since the last call, emptied. */
export function takeCspViolations(): string[] {
  return seen.splice(0);
}

function watchPage(page: Page): void {
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(VIOLATION_MARK) || text.startsWith('Refused to')) seen.push(`${page.url()}: ${text}`);
  });
}

/** The pages the context opens (popups too) report their violations. */
async function watchContext(context: BrowserContext): Promise<void> {
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${mark} ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, VIOLATION_MARK);
  context.on('page', watchPage);
}

/**
 * Every context of `browser` from now on reports its CSP violations: browser.newPage's own context too, which
 * Playwright makes with this newContext.
 */
export function watchCspViolations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  return browser;
}
