/// <reference lib="dom" />
// The rule form's "try on history" driven as a user does it: the condition set on a new rule, the
// range "Last 30 days" chosen and Try pressed. Shared by the browser tests that try rules on loaded files.
import type { Locator, Page, Response } from 'playwright-core';
import { chooseOption } from './antd-select';

const BANDS = '[data-testid="rule-dry-run-chart"] .rule-dry-run-incidence';

export interface TriedRule {
  /** the dry run's answer, whose request is the condition sent */
  dryRun: Response;
  /** the "try on history" card */
  panel: Locator;
}

/** Opens a new rule `<reference> > <constant>` and tries it on the last 30 days. */
export async function tryRuleOnHistory(
  page: Page,
  appUrl: string,
  rule: { reference: string; constant: number },
): Promise<TriedRule> {
  await page.goto(`${appUrl}/rule-incidence`);
  await page.getByRole('heading', { name: 'Add rule' }).waitFor();
  await chooseOption(
    page,
    'Variable',
    (list) => list.getByTestId(`variable-option-${rule.reference}`),
    rule.reference,
  );
  await chooseOption(page, 'Operator', (list) =>
    list.locator('.ant-select-item-option[title="> greater than"]'),
  );
  await page.getByRole('spinbutton', { name: 'Constant' }).fill(String(rule.constant));

  const panel = page.getByTestId('rule-dry-run');
  await panel.locator('.ant-picker-range').click();
  await page.locator('.ant-picker-presets li', { hasText: 'Last 30 days' }).click();
  const [dryRun] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/rules-incidence/dry-run')),
    panel.getByRole('button', { name: /Try/ }).click(),
  ]);
  return { dryRun, panel };
}

/** Waits until the chart draws exactly `expected` would-be incidences (times out, failing, otherwise). */
export async function waitForIncidenceBands(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(([selector, count]) => document.querySelectorAll(selector).length === count, [
    BANDS,
    expected,
  ] as const);
}
