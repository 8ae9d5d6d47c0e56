/// <reference lib="dom" />
// The tag screens in Chromium against the built app and its simulator: a tag tree with a child
// made on the taxonomy, three variables tagged with the child on the tag assignment screen, and the
// taxonomy's table filtered by that child listing exactly those three.
import type { Browser, Page } from 'playwright-core';
import type { TokenPairDto, VariableMinimalDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const TAGGED = ['cdu_feed_flow', 'cdu_feed_temperature', 'cdu_desalter_pressure'];
const ROOT_TAG = 'E2E plant';
const CHILD_TAG = 'E2E drums';

describe('variable catalogue in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  let variables: VariableMinimalDto[];

  beforeAll(async () => {
    app = await startAppUnderTest(3_311);
    browser = await launchChromium();
    tokens = await signIn(app.url);
    variables = await simulatedVariables(app.url, tokens, TAGGED);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
  const treeNode = (page: Page, name: string) => page.locator('.ant-tree-treenode', { hasText: name });
  // The client references in the table, once it shows `count` rows.
  async function tableReferences(page: Page, count: number): Promise<string[]> {
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await page.waitForFunction(
      (expected) => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === expected,
      count,
    );
    return rows.evaluateAll((elements) => elements.map((row) => row.querySelector('td')?.textContent ?? ''));
  }

  async function addTags(page: Page, names: string, parent?: string) {
    if (parent) {
      const box = page.getByRole('combobox', { name: 'Parent tag', exact: true });
      await box.click();
      await box.fill(parent);
      await openDropdown(page).getByTitle(parent, { exact: true }).click();
    }
    await page.getByLabel('New tags (comma-separated)').fill(names);
    await page.getByRole('button', { name: 'Add tags' }).click();
  }

  it('makes a tag with a child, tags three variables with the child and filters the taxonomy by it', async () => {
    const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${app.url}/tags-tree`);
    await addTags(page, ROOT_TAG);
    await treeNode(page, ROOT_TAG).waitFor();
    await addTags(page, CHILD_TAG, ROOT_TAG);
    await treeNode(page, CHILD_TAG).waitFor();

    await page.getByRole('button', { name: 'Assign tags' }).click();
    await page.waitForURL(`${app.url}/tags`);
    const tags = page.getByRole('combobox', { name: 'Tags to add or remove', exact: true });
    await tags.click();
    await tags.fill(CHILD_TAG);
    await openDropdown(page).getByTitle(CHILD_TAG, { exact: true }).click();
    await page.keyboard.press('Escape');
    const filter = page.getByLabel('Filter by reference, name or unit');
    for (const variable of variables) {
      await filter.fill(variable.clientReference);
      await page.getByLabel(`Select ${variable.label}`, { exact: true }).check();
    }
    await page.getByText('3 variables selected').waitFor();
    await page.locator('button', { hasText: /^Add$/ }).click();
    await page.getByText('Tags added (3 new links)').waitFor();

    await page.goto(`${app.url}/tags-tree`);
    await treeNode(page, CHILD_TAG).locator('.ant-tree-checkbox').click();
    expect((await tableReferences(page, 3)).sort()).toEqual([...TAGGED].sort());
    // The parent stands for its descendants too.
    await treeNode(page, CHILD_TAG).locator('.ant-tree-checkbox').click();
    await treeNode(page, ROOT_TAG).locator('.ant-tree-checkbox').click();
    expect((await tableReferences(page, 3)).sort()).toEqual([...TAGGED].sort());
    expect(errors).toEqual([]);
  });
});
