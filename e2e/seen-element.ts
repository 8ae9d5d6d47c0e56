/// <reference lib="dom" />
// Whether an element appeared at any moment, however briefly: a small upload's progress bar may come and go
// between two polls of a locator, so the page itself records it.
import type { Page } from 'playwright-core';

type WatchedWindow = Window & { seenSelectors?: Set<string> };

/** Starts watching the page for `selector`; the answer tells whether it has appeared since. */
export async function watchForElement(page: Page, selector: string): Promise<() => Promise<boolean>> {
  await page.evaluate((watched) => {
    const seen = ((window as WatchedWindow).seenSelectors ??= new Set());
    const record = () => {
      if (document.querySelector(watched)) seen.add(watched);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    record();
  }, selector);
  return () =>
    page.evaluate((watched) => (window as WatchedWindow).seenSelectors?.has(watched) ?? false, selector);
}
