/// <reference lib="dom" />
// Aggregate variables in Chromium against the built app and its simulator: an operated
// variable created with historic from the evolution variables page (its preview drawn before saving), its
// history calculated to 100 %, explored beside its two inputs, and shared on the permissions screen with a
// user who then finds it in the operated list, read-only.
import type { Browser, Page } from 'playwright-core';
import type { AggregateVariableDto, TokenPairDto, VariableMinimalDto } from '@plantlens/contracts';
import { chooseOption } from './antd-select';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { callApi, signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const INPUTS = ['cdu_feed_flow', 'cdu_reflux_flow'];
const NAME = 'E2E net feed';
const BACKFILL_TIMEOUT_MS = 180_000;

jest.setTimeout(600_000);

describe('aggregate variables in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: TokenPairDto;
  let inputs: VariableMinimalDto[];

  beforeAll(async () => {
    app = await startAppUnderTest(3_351);
    browser = await launchChromium();
    admin = await signIn(app.url);
    inputs = await simulatedVariables(app.url, admin, INPUTS);
    const group = await callApi<{ id: number }>(app.url, admin, 'POST', '/api/web/group/', {
      name: 'aggregators',
    });
    await callApi(app.url, admin, 'PUT', `/api/web/group/${group.id}/permission/`, { aggregatevar: true });
    await callApi(app.url, admin, 'POST', '/api/web/user/', {
      name: 'analyst',
      email: null,
      admin: false,
      enabled: true,
      groupIds: [group.id],
      password: 'analyst1',
      repeat: 'analyst1',
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const chooseVariable = (page: Page, label: string, clientReference: string) =>
    chooseOption(
      page,
      label,
      (list) => list.locator('.ant-select-item-option').getByTestId(`variable-option-${clientReference}`),
      clientReference,
    );
  // Lines with data drawn by the chart inside `selector`.
  const drawnLines = (page: Page, selector: string, count: number) =>
    page.waitForFunction(
      ([chartSelector, expected]) => {
        const lines = Array.from(
          document.querySelectorAll(`${chartSelector} .highcharts-series path.highcharts-graph`),
        );
        return (
          lines.length === expected &&
          lines.every((line) => (line.getAttribute('d') ?? '').split(/[ML]/).length > 10)
        );
      },
      [selector, count] as const,
      { timeout: 60_000 },
    );

  it('creates an operated variable with history, explores it beside its inputs and shares it', async () => {
    const page = await signedInPage(browser, admin, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // From the evolution variables page to the operated editor, which returns there.
    await page.goto(`${app.url}/explorer-evolution-variables`);
    await page.getByRole('button', { name: 'Add aggregate variable' }).click();
    await page.waitForURL(`${app.url}/aggregate-variable/operated?origin=ExplorerEvolutionVariables`);
    await page.getByRole('heading', { name: 'New operated variable' }).waitFor();
    await chooseVariable(page, 'First operand', INPUTS[0]);
    await chooseOption(page, 'Operator', (list) => list.getByTitle('− (difference)'));
    await chooseVariable(page, 'Second variable', INPUTS[1]);
    // The preview: the calculation over the last 24 hours beside its two inputs.
    await drawnLines(page, '[data-testid="aggregate-preview-chart"]', 3).catch(async (error: unknown) => {
      // Say what the preview showed instead: a spinner, an error, fewer lines.
      const card = await page.locator('.ant-card', { hasText: 'Preview' }).innerText();
      throw new Error(`${String(error)}\nThe preview card shows: ${card}`);
    });
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Unit', { exact: true }).fill('m3/h');
    await page.getByRole('checkbox', { name: 'Back-fill history' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${app.url}/explorer-evolution-variables`);
    await page.getByText(`Variable ${NAME} created successfully`).waitFor();

    const [created] = await callApi<AggregateVariableDto[]>(
      app.url,
      admin,
      'GET',
      '/api/web/aggregate-variables/?goal=operated',
    );
    expect(created).toMatchObject({
      name: NAME,
      goal: 'operated',
      operator: '-',
      varOneId: inputs[0].id,
      varTwoId: inputs[1].id,
      historic: true,
    });

    // The list row follows the history's calculation (it polls while it runs) up to 100 %.
    await page.goto(`${app.url}/aggregate-variable/operated/list`);
    await page.getByLabel(`History of ${NAME}: History calculated`).waitFor({ timeout: BACKFILL_TIMEOUT_MS });
    await expect(
      page
        .getByRole('row', { name: new RegExp(NAME) })
        .getByText('100 %')
        .isVisible(),
    ).resolves.toBe(true);

    // Explored beside its inputs: three lines with data.
    await page.goto(`${app.url}/explorer-evolution-variables`);
    await chooseVariable(page, 'Variable 1', created.clientReference);
    for (const [index, reference] of INPUTS.entries()) {
      await page.getByRole('button', { name: 'Add variable' }).click();
      await chooseVariable(page, `Variable ${index + 2}`, reference);
    }
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.waitForURL(/\/explorer-evolution\?/);
    const chart = await drawnEvolutionChart(page, 3);
    expect(chart.names.some((name) => name.includes(NAME))).toBe(true);

    // Shared on the permissions screen (type variable) with the analyst.
    await page.goto(`${app.url}/aggregate-variable/operated/list`);
    await page.getByRole('button', { name: `Share ${NAME}` }).click();
    await page.waitForURL(`${app.url}/variable/${created.id}/permission/list`);
    await page.getByRole('button', { name: 'Add permission' }).click();
    // Filtered to the one option, chosen, and the list closed before Add is pressed.
    await chooseOption(
      page,
      'User or group',
      (list) => list.locator('.ant-select-item-option', { hasText: 'analyst' }).first(),
      'analyst',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Read for analyst', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await page.close();

    const analystPage = await signedInPage(browser, await signIn(app.url, 'analyst', 'analyst1'), {
      locale: 'en_GB',
    });
    await analystPage.goto(`${app.url}/aggregate-variable/operated/list`);
    await analystPage.getByRole('cell', { name: NAME, exact: true }).waitFor();
    await expect(analystPage.getByRole('button', { name: `Delete ${NAME}` }).isDisabled()).resolves.toBe(
      true,
    );
    await expect(analystPage.getByRole('button', { name: `Edit ${NAME}` }).isDisabled()).resolves.toBe(true);
    await analystPage.close();
  });
});
