/// <reference lib="dom" />
// Categorical variables in Chromium against the built app and its simulator: a group made on
// the categorical group form over a valve's opening (closed 0 %, open 100 %, ramps between), then a
// correlation coloured by that category, whose points carry the group's colours.
import { CATEGORY_COLOURS, type CorrelationDataDto, type TokenPairDto } from '@plantlens/contracts';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium } from './browser';
import { correlationAnswerOf } from './correlation-answer';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, VALVE_DETAIL, type RunningApp } from './app-under-test';

const CHART_TIMEOUT_MS = 60_000;
// The points of the answer whose Z is none of the group's values (the ramps): the "Other values" grey.
const OTHER_COLOUR = '#bfbfbf';

describe('categorical variables in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  let ids: { x: number; y: number; z: number };

  const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
  const dropdownClosed = (page: Page) =>
    page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.ant-select-dropdown')).every((dropdown) =>
        dropdown.classList.contains('ant-select-dropdown-hidden'),
      ),
    );

  beforeAll(async () => {
    app = await startAppUnderTest(3_301, VALVE_DETAIL);
    browser = await launchChromium();
    tokens = await signIn(app.url);
    const [x, y, z] = await simulatedVariables(app.url, tokens, [
      'cdu_feed_flow',
      'cdu_feed_temperature',
      'gate01_opening',
    ]);
    ids = { x: x.id, y: y.id, z: z.id };
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a group over a valve opening and colours a correlation by its categories', async () => {
    const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The form: the variable, two categories with their colours, the name.
    await page.goto(`${app.url}/categorical-variable`);
    await page.getByText('New categorical group').waitFor();
    const variables = page.getByRole('combobox', { name: 'Variables', exact: true });
    await variables.click();
    await variables.fill('gate01_opening');
    await openDropdown(page).getByTestId('variable-option-gate01_opening').click();
    await page.keyboard.press('Escape');
    await dropdownClosed(page);
    const add = page.getByRole('button', { name: 'Add category' });
    await expect(add.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Value · Category 1').fill('0');
    await page.getByLabel('Name · Category 1').fill('Closed');
    await chooseColour(page, 1, 'Red');
    await add.click();
    await page.getByLabel('Value · Category 2').fill('100');
    await page.getByLabel('Name · Category 2').fill('Open');
    await chooseColour(page, 2, 'Green');
    await page.getByLabel('Name', { exact: true }).fill('Gate 01 position');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/categorical-variable\/list$/);
    await page.getByText('Categorical group Gate 01 position created successfully').waitFor();
    await page.getByRole('cell', { name: 'Gate 01 position', exact: true }).waitFor();

    // The correlation of the last two hours (a point a minute), coloured by the valve's categories.
    const end = Date.now();
    const answered = correlationAnswer(page);
    await page.goto(
      `${app.url}/explorer-correlation?pair1=${ids.x},${ids.y}&z=${ids.z}&zType=globalCategory` +
        `&startDate=${end - 2 * 3_600_000}&endDate=${end}`,
    );
    const data = await answered;
    expect(data.categorySets).toEqual([
      {
        id: expect.any(Number),
        name: 'Gate 01 position',
        variables: [ids.z],
        ranges: [
          { value: 0, name: 'Closed', color: CATEGORY_COLOURS.red },
          { value: 100, name: 'Open', color: CATEGORY_COLOURS.green },
        ],
      },
    ]);
    const zs = data.variables[2].data.map(({ value }) => value);
    const expected = zs.map((z) =>
      z === 0 ? CATEGORY_COLOURS.red : z === 100 ? CATEGORY_COLOURS.green : OTHER_COLOUR,
    );
    // The valve is closed, open and moving within two hours (a cycle lasts 4 to 9 minutes).
    expect(new Set(expected)).toEqual(new Set([CATEGORY_COLOURS.red, CATEGORY_COLOURS.green, OTHER_COLOUR]));

    // Every point of the answer is drawn, each in its category's colour (SVG markers below 2 000 points).
    const chart = page.getByTestId('correlation-chart');
    const panel = await chart.elementHandle();
    await page.waitForFunction(
      ([element, count]) =>
        element?.querySelectorAll('.highcharts-series-group .highcharts-point').length === count,
      [panel, zs.length] as const,
      { timeout: CHART_TIMEOUT_MS },
    );
    const drawn = await chart
      .locator('.highcharts-series-group .highcharts-point')
      .evaluateAll((points) => points.map((point) => point.getAttribute('fill')));
    expect(count(drawn)).toEqual(count(expected));
    const legend = await chart
      .locator('.highcharts-legend-item')
      .evaluateAll((items) => items.map((item) => item.textContent));
    expect(legend).toEqual(['Closed', 'Open', 'Other values']);
    expect(errors).toEqual([]);
    await page.close();
  });

  async function chooseColour(page: Page, option: number, colour: string) {
    await page.getByRole('combobox', { name: `Colour · Category ${option}`, exact: true }).click();
    await openDropdown(page).getByText(colour, { exact: true }).click();
    await dropdownClosed(page);
  }

  async function correlationAnswer(page: Page): Promise<CorrelationDataDto> {
    const response = await page.waitForResponse(
      (candidate: Response) => candidate.url().includes('/api/web/explorer/correlation-data'),
      { timeout: CHART_TIMEOUT_MS },
    );
    expect(response.status()).toBe(200);
    return correlationAnswerOf(response);
  }
});

/** How many times each colour appears. */
function count(colours: readonly (string | null)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const colour of colours) counts[String(colour)] = (counts[String(colour)] ?? 0) + 1;
  return counts;
}
