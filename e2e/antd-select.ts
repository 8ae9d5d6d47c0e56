// antd selectors driven as a user does. An option is looked up in the list its own selector opened
// (`aria-controls`): another selector's list may still be fading out, with the same options.
import type { Locator, Page } from 'playwright-core';

/** Opens the selector labelled `label`, types `search` into it if given, and returns the list it opened. */
export async function openSelectList(page: Page, label: string, search?: string): Promise<Locator> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (search !== undefined) await box.fill(search);
  const listId = await box.getAttribute('aria-controls');
  return page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) });
}

/**
 * Makes a choice again until `taken` sees it, three times at most: under load in CI a click on an option
 * sometimes left nothing chosen (the list still open, or a list the page had just disabled).
 */
export async function chooseUntilTaken(
  choose: () => Promise<void>,
  taken: () => Promise<boolean>,
  failure: string,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await choose();
    if (await taken()) return;
    if (attempt === 3) throw new Error(`${failure}, after choosing three times`);
  }
}

/**
 * Opens the selector labelled `label` (typing `search` first, if given) and clicks the option `option` finds in
 * its list, again until the list closes: a click that did not take leaves it open, covering what is below it.
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: (list: Locator) => Locator,
  search?: string,
): Promise<void> {
  const list = await openSelectList(page, label, search);
  await chooseUntilTaken(
    () => option(list).click(),
    () =>
      list.waitFor({ state: 'hidden', timeout: 10_000 }).then(
        () => true,
        () => false,
      ),
    `the list of ${label} stays open`,
  );
}
