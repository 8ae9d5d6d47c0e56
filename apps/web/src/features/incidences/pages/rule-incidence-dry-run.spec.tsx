import type { RuleDryRunResultDto, TimelineColumnsDto } from '@plantlens/contracts';
import dayjs from 'dayjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { itemMessage } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { minimalVariable, storedRule } from '../fixtures';
import { DRY_RUN_BAND_CLASS, DRY_RUN_THRESHOLD_CLASS } from '../rule-dry-run';
import './rule-incidence-single-page';

// Ant Design forms and the chart (Highcharts) render slowly in jsdom, the more so on a busy machine.
jest.setTimeout(120_000);

const incidenceUser = { username: 'ana', authorities: ['INCIDENCE', 'EXPLORER'] };
const RULES = '/api/web/rules-incidence';
const DRY_RUN = `${RULES}/dry-run`;
const TIMELINE = '/api/web/explorer/timeline-data';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const VARIABLES = [
  minimalVariable(1, 'Drum pressure', 'drum01_pressure'),
  minimalVariable(2, 'Drum temperature', 'drum01_temperature'),
];

// A rule comparing two variables.
const rule = storedRule({
  name: 'Pressure above temperature',
  varOneId: 1,
  varTwoId: 2,
  varOneIds: [1],
  constant: null,
  emails: '',
  tags: [],
});

// An answer over the range the request names: one incidence closed after 2 h 30 min, one still open.
function answer(from: number, to: number, extra: Partial<RuleDryRunResultDto> = {}): RuleDryRunResultDto {
  return {
    from,
    to,
    points: 12_345,
    evaluations: 12_000,
    activations: 45,
    incidenceCount: 2,
    incidences: [
      {
        openedAt: from + DAY,
        closedAt: from + DAY + 2.5 * HOUR,
        evaluations: 150,
        activations: 30,
        value: 482,
        threshold: 480,
      },
      { openedAt: to - HOUR, closedAt: null, evaluations: 60, activations: 15, value: 490, threshold: 480 },
    ],
    truncatedAt: null,
    ...extra,
  };
}

// The rule's variables over the range: a few points each, enough for the chart to draw an axis.
function timeline(query: Record<string, string>): TimelineColumnsDto {
  const startDate = Number(query.startDate);
  const endDate = Number(query.endDate);
  const steps = [0, 1, 2, 3];
  return {
    startDate,
    endDate,
    variables: query.variableIds.split(',').map((id) => ({
      metadata: { id: Number(id), label: `Variable ${id}`, unit: 'bar' },
      ts: steps.map((step) => Math.round((startDate + ((endDate - startDate) * step) / 3) / 1000) * 1000),
      values: steps.map((step) => 470 + 5 * step),
      sampled: false,
      resolutionS: null,
      gridStartMs: startDate,
      bucketMs: 0,
    })),
  };
}

// jsdom lays nothing out: the chart's area reports a width here, so the page asks for the chart and draws it.
const noLayoutResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(element: Element) {
      this.report([{ target: element, contentRect: { width: 800 } } as ResizeObserverEntry], this);
    }
    unobserve = () => undefined;
    disconnect = () => undefined;
  };
});
afterAll(() => {
  globalThis.ResizeObserver = noLayoutResizeObserver;
});

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer()
    .answer('GET', RULES, { json: [rule] })
    .answer('GET', `${RULES}/7`, { json: rule })
    .answer('GET', '/api/web/variable/minimal/search', () => ({
      json: VARIABLES.map((match) => ({ ...match, totalRows: VARIABLES.length })),
    }))
    .answer('GET', '/api/web/variable/minimal', ({ query }) => ({
      json: VARIABLES.filter(({ id }) => query.ids.split(',').includes(String(id))),
    }))
    .answer('GET', TIMELINE, ({ query }) => ({ json: timeline(query) }))
    .answer('POST', DRY_RUN, ({ body }) => {
      const { from, to } = body as { from: number; to: number };
      return { json: answer(from, to) };
    });
  await server.start();
});
afterEach(() => server.stop());

const lastDropdown = () => [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1)!;
const panel = () => screen.getByTestId('rule-dry-run');
const tryIt = () => fireEvent.click(within(panel()).getByRole('button', { name: /Try/ }));
const sent = () => server.requests('POST', DRY_RUN).map(({ body }) => body as Record<string, unknown>);
const chartElements = (className: string) =>
  screen.getByTestId('rule-dry-run-chart').querySelectorAll(`.${className}`);
const bands = () => chartElements(DRY_RUN_BAND_CLASS);
const tableRows = () =>
  [...within(screen.getByTestId('rule-dry-run-table')).getAllByRole('row')]
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

async function fillNewRule() {
  await renderApp('/rule-incidence', { account: incidenceUser });
  await screen.findByText('Add rule', { selector: 'h4' });
  fireEvent.mouseDown(screen.getByLabelText('Variable'));
  fireEvent.click(
    await waitFor(() => within(lastDropdown()).getByTestId('variable-option-drum01_temperature')),
  );
  fireEvent.mouseDown(screen.getByLabelText('Operator'));
  fireEvent.click(await waitFor(() => within(lastDropdown()).getByText('> greater than')));
  fireEvent.change(screen.getByLabelText('Constant'), { target: { value: '480' } });
  fireEvent.change(screen.getByLabelText('Deadband'), { target: { value: '1.5' } });
}

describe('/rule-incidence: try on history', () => {
  it('sends the condition with the last 7 days, draws each would-be incidence and lists it, saving nothing', async () => {
    await fillNewRule();
    const before = Date.now();
    tryIt();

    await waitFor(() => expect(bands()).toHaveLength(2));
    const [request] = sent();
    expect(request).toEqual({
      operator: '>',
      varOneId: 2,
      constant: 480,
      minDurationSeconds: 0,
      deadband: 1.5,
      from: expect.any(Number),
      to: expect.any(Number),
    });
    const { from, to } = request as { from: number; to: number };
    expect(to).toBeGreaterThanOrEqual(before - 60_000);
    expect(to).toBeLessThanOrEqual(Date.now());
    expect(from).toBe(dayjs(to).subtract(7, 'day').valueOf());
    // The chart is the variable's over the same range.
    expect(server.requests('GET', TIMELINE).at(-1)?.query).toMatchObject({
      variableIds: '2',
      startDate: String(from),
      endDate: String(to),
    });
    expect(chartElements(DRY_RUN_THRESHOLD_CLASS)).toHaveLength(1);

    expect(screen.getByTestId('rule-dry-run-points')).toHaveTextContent('12,345');
    expect(screen.getByTestId('rule-dry-run-evaluations')).toHaveTextContent('12,000');
    expect(screen.getByTestId('rule-dry-run-activations')).toHaveTextContent('45');
    expect(screen.getByTestId('rule-dry-run-incidences')).toHaveTextContent('2');
    const rows = tableRows();
    expect(rows.map((cells) => cells.slice(2))).toEqual([
      ['2h 30m', '30', '150'],
      ['1h', '15', '60'],
    ]);
    expect(rows[1][1]).toBe('Still open');
    expect(server.requests('POST', RULES)).toEqual([]);
  });

  it('tries the chosen quick range', async () => {
    await fillNewRule();
    fireEvent.mouseDown(within(panel()).getAllByRole('textbox')[0]);
    fireEvent.click(within(panel()).getAllByRole('textbox')[0]);
    fireEvent.click(await screen.findByText('Last 30 days'));
    tryIt();
    await waitFor(() => expect(sent()).toHaveLength(1));
    const [{ from, to }] = sent() as { from: number; to: number }[];
    expect(from).toBe(dayjs(to).subtract(30, 'day').valueOf());
  });

  it('asks for the condition first, and sends nothing while it is incomplete', async () => {
    await renderApp('/rule-incidence', { account: incidenceUser });
    await screen.findByText('Add rule', { selector: 'h4' });
    tryIt();
    await waitFor(() => expect(itemMessage('Variable')).toBe('Mandatory field'));
    expect(itemMessage('Constant')).toBe('Mandatory field');
    // Only the condition is checked: the name is not needed for a try.
    expect(itemMessage('Name')).toBe('');
    expect(sent()).toEqual([]);
  });

  it('says so when no incidence would have opened', async () => {
    server.answer('POST', DRY_RUN, ({ body }) => {
      const { from, to } = body as { from: number; to: number };
      return { json: answer(from, to, { activations: 0, incidenceCount: 0, incidences: [] }) };
    });
    await fillNewRule();
    tryIt();
    expect(await screen.findByText('No incidence would have opened in this range')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('rule-dry-run-chart').querySelector('.highcharts-container')).not.toBeNull(),
    );
    expect(bands()).toHaveLength(0);
    expect(screen.queryByTestId('rule-dry-run-table')).not.toBeInTheDocument();
  });

  it("shows the server's refusal next to the form", async () => {
    server.answer('POST', DRY_RUN, apiError(400, 'to: the range must be at most 5 years'));
    await fillNewRule();
    tryIt();
    expect(await within(panel()).findByText('The rule could not be tried')).toBeInTheDocument();
    expect(within(panel()).getByText('to: the range must be at most 5 years')).toBeInTheDocument();
  });

  it('tries a stored rule against its second variable, and says where a cut answer stops', async () => {
    server.answer('POST', DRY_RUN, ({ body }) => {
      const { from, to } = body as { from: number; to: number };
      return { json: answer(from, to, { incidenceCount: 1500, truncatedAt: to - HOUR / 2 }) };
    });
    await renderApp('/rule-incidence?id=7', { account: incidenceUser });
    await screen.findByText('Edit rule', { selector: 'h4' });
    await act(async () => tryIt());

    await waitFor(() => expect(bands()).toHaveLength(2));
    const [request] = sent();
    expect(request).toEqual(
      expect.objectContaining({
        operator: '>',
        varOneId: 1,
        varTwoId: 2,
        minDurationSeconds: 30,
        deadband: 2,
      }),
    );
    expect(request).not.toHaveProperty('constant');
    expect(server.requests('GET', TIMELINE).at(-1)?.query.variableIds).toBe('1,2');
    expect(chartElements(DRY_RUN_THRESHOLD_CLASS)).toHaveLength(0);
    expect(within(panel()).getByText('The first 2 of 1,500 incidences are listed.')).toBeInTheDocument();
    expect(within(panel()).getByText(/evaluated up to/)).toBeInTheDocument();
    // The open incidence lasts until the cut, not the range's end.
    expect(tableRows()[1][2]).toBe('30m');
  });
});
