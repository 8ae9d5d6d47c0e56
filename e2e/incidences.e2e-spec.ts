/// <reference lib="dom" />
// Rules and incidences in Chromium against the built app with the simulator on: a batch of
// rules on two simulated valves, their incidences raised by the rules engine, one moved through REVISION
// and REPORTED and resolved, found in the historic list and opened in the evolution explorer; the
// current-status map with the valves' counts.
import type { Browser, Page } from 'playwright-core';
import type { RuleIncidenceDto, TokenPairDto, VariableMinimalDto } from '@plantlens/contracts';
import { chooseOption, chooseUntilTaken, openSelectList } from './antd-select';
import { launchChromium } from './browser';
import { callApi, signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, VALVE_DETAIL, type RunningApp } from './app-under-test';

const RULE_NAME = 'Steam on';
const RULES = [`${RULE_NAME}_Gate 01 steam pressure`, `${RULE_NAME}_Gate 02 steam pressure`];
const [HANDLED] = RULES;

describe('rules and incidences in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let gate01Pressure: VariableMinimalDto;
  let tokens: TokenPairDto;
  const errors: string[] = [];

  // Picks an option of the antd selector labelled `label`, in the list that selector opened (the list of an
  // earlier choice may still be fading out, and a click there chooses nothing).
  async function choose(label: string, option: string) {
    await (await openSelectList(page, label)).locator(`.ant-select-item-option[title="${option}"]`).click();
  }

  // Waits until the status selector of the incidence shows `status`.
  const showsStatus = (name: string, status: string, timeout = 30_000) =>
    page.waitForFunction(
      ([incidence, expected]) =>
        document
          .querySelector(`[aria-label="Status of ${incidence}"]`)
          ?.closest('.ant-select-content')
          ?.getAttribute('title') === expected,
      [name, status] as const,
      { timeout },
    );

  // Moves the incidence to a status from its selector. The list disables its selectors while it reloads, after
  // each change and every 15 s; a choice that did not take (seen under load in cluster mode) is made again.
  async function changeStatus(name: string, status: string) {
    await chooseUntilTaken(
      () => choose(`Status of ${name}`, status),
      () =>
        showsStatus(name, status, 10_000).then(
          () => true,
          () => false,
        ),
      `${name} does not show ${status}`,
    );
  }

  // Waits until the map's tree counts `ofRules` open summaries of our rules on the valve, plus its failure
  // sources' (asked anew at each try: the monitor may find a new failure meanwhile).
  async function showsCount(valve: string, ofRules: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rules = await callApi<RuleIncidenceDto[]>(app.url, tokens, 'GET', '/api/web/rules-incidence');
      const expected = ofRules + rules.filter((rule) => rule.source?.asset === valve).length;
      const shown = page.getByTestId(`asset-${valve}`).getByText(String(expected), { exact: true });
      if (
        await shown.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      )
        return;
      if (Date.now() > deadline) throw new Error(`${valve} does not show ${expected} open incidences`);
    }
  }

  beforeAll(async () => {
    app = await startAppUnderTest(3_287, VALVE_DETAIL);
    browser = await launchChromium();
    tokens = await signIn(app.url);
    // The simulator declares its variables over HTTP just after start-up.
    [gate01Pressure] = await simulatedVariables(app.url, tokens, ['gate01_pressure', 'gate02_pressure']);
    page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a batch of rules on simulated valves, one per variable, named after each', async () => {
    await page.goto(`${app.url}/rule-incidence/add`);
    await page.getByText('Batch rule', { exact: true }).click();
    await page.getByRole('heading', { name: 'Add rules in batch' }).waitFor();

    await page.getByRole('button', { name: 'Choose variables' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'Multiple selection' });
    await modal.getByLabel('Search variables').fill('gate 0');
    for (const reference of ['gate01_pressure', 'gate02_pressure']) {
      await modal.getByTestId(`variable-option-${reference}`).click();
    }
    await modal.getByRole('button', { name: 'Accept' }).click();

    await chooseOption(page, 'Operator', (list) =>
      list.locator('.ant-select-item-option[title="> greater than"]'),
    );
    // Steam pressure is always above -1000 bar: every evaluated point holds the condition.
    await page.getByRole('spinbutton', { name: 'Constant' }).fill('-1000');
    await page.getByLabel('Name').fill(RULE_NAME);
    await expect(page.getByTestId('batch-rule-name').allTextContents()).resolves.toEqual(RULES);
    await page.getByRole('button', { name: 'Save' }).click();

    await page.getByText('2 rules created successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/rule-incidence/list');
    for (const name of RULES) await page.getByRole('cell', { name, exact: true }).waitFor();
  });

  it('shows the incidences the engine raises, and moves one through REVISION and REPORTED to SOLVED', async () => {
    // The engine evaluates the simulator's next point (one a second) against the new rules.
    const link = page.getByRole('link', { name: HANDLED, exact: true });
    const started = Date.now();
    // Each load of the list asks the server again; the engine writes the incidences within seconds.
    const summaries = () =>
      page.waitForResponse((response) =>
        new URL(response.url()).pathname.endsWith('/evaluations-incidence/v2'),
      );
    const [first] = await Promise.all([summaries(), page.goto(`${app.url}/incidence/list`)]);
    let listed = (await first.json()) as { data: { rule: { name: string } }[] };
    while (!listed.data.some(({ rule }) => rule.name === HANDLED)) {
      if (Date.now() - started > 60_000)
        throw new Error(`no incidence after 60 s:\n${app.log().slice(-3000)}`);
      await page.waitForTimeout(1_000);
      const [response] = await Promise.all([summaries(), page.reload()]);
      listed = (await response.json()) as typeof listed;
    }
    await link.waitFor();
    await page.getByRole('link', { name: RULES[1], exact: true }).waitFor();
    await showsStatus(HANDLED, 'New');

    await changeStatus(HANDLED, 'Under review');
    await changeStatus(HANDLED, 'Reported');

    await page.getByRole('button', { name: `Resolve ${HANDLED}` }).click();
    // Resolving cannot be undone: the list asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve', exact: true }).click();
    await link.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: RULES[1], exact: true }).waitFor();
  });

  it('finds the resolved incidence in the historic list and opens it in the evolution explorer', async () => {
    await page.getByRole('button', { name: 'Incidence history' }).click();
    await page.waitForURL((url) => url.pathname === '/incidence-historic/list');
    await page.getByRole('link', { name: HANDLED, exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/explorer-evolution');
    const params = new URL(page.url()).searchParams;
    expect(params.get('origin')).toBe('IncidenceHistoric');
    expect(params.get('variables')).toBe(String(gate01Pressure.id));
    expect(Number(params.get('endDate'))).toBeGreaterThan(Number(params.get('startDate')));
    await page.locator('.highcharts-series').first().waitFor();
    await expect(page.getByLabel('Back').getAttribute('href')).resolves.toBe('/incidence-historic/list');
  });

  it('shows the valves on the current-status map with their open incidences', async () => {
    await page.goto(`${app.url}/incidence-current-status`);
    // gate01's summary was resolved; gate02's is open. Each valve also counts the open summary of every
    // source of its failures the valve monitor found in the simulator's data (nobody resolves those here).
    await showsCount('gate02', 1);
    await showsCount('gate01', 0);
    // Chromium draws WebGL 2 in software here: the map is there, on the offline style.
    await page.locator('canvas.maplibregl-canvas').waitFor();
    expect(await page.getByText('The base map could not be loaded').count()).toBe(0);
    // The simulator placed its plant: the valves sit under coke drum A with a position, so choosing one
    // flies the map there instead of saying it has none. Texts name assets by their labels.
    await page.getByTestId('asset-coke_drum_a').waitFor();
    await page.getByTestId('asset-gate02').click();
    await page.waitForTimeout(500);
    expect(await page.getByText('Gate 02 has no position on the map').count()).toBe(0);
    await expect(
      page.getByRole('link', { name: 'Incidences of Gate 02' }).getAttribute('href'),
    ).resolves.toMatch(/^\/incidence\/list\?origin=CurrentStatusIncidence&assets=\d+$/);
    expect(errors).toEqual([]);
  });
});
