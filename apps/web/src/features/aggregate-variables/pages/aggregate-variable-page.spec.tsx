import type { AggregatePreviewDto, TimelineColumnsDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { INPUTS, aggregate } from '../fixtures';
import './aggregate-variable-page';

// Ant Design selectors and the preview's chart (Highcharts) render slowly in jsdom.
jest.setTimeout(120_000);

const admin = { username: 'ana', authorities: ['ROLE_ADMIN'] };
const NOW = Date.UTC(2026, 2, 7, 12);
const PREVIEW: AggregatePreviewDto = {
  fromMs: NOW - 86_400_000,
  toMs: NOW,
  points: [
    [NOW - 3_600_000, 5],
    [NOW - 1_800_000, 6],
  ],
  count: 2,
};

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer()
    .answer('GET', '/api/web/variable/minimal/search', { json: INPUTS })
    .answer('GET', '/api/web/variable/minimal', ({ query }) => ({
      json: INPUTS.filter(({ id }) => query.ids.split(',').map(Number).includes(id)),
    }))
    .answer('GET', '/api/web/category/', { json: [] })
    .answer('GET', '/api/web/tag/tree', { json: [] })
    .answer('POST', '/api/web/aggregate-variables/preview', { json: PREVIEW })
    .answer('GET', '/api/web/explorer/timeline-data', ({ query }) => {
      const body: TimelineColumnsDto = {
        startDate: Number(query.startDate),
        endDate: Number(query.endDate),
        variables: query.variableIds.split(',').map((id) => ({
          metadata: { id: Number(id), label: `Input ${id}`, unit: null },
          ts: [NOW - 3_600_000],
          values: [Number(id)],
          sampled: false,
          resolutionS: null,
          gridStartMs: 0,
          bucketMs: 1000,
        })),
      };
      return { json: body };
    });
  await server.start();
});
afterEach(() => server.stop());

type Router = Awaited<ReturnType<typeof renderApp>>['router'];
const arrivedAt = (router: Router, path: string) =>
  waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(path), {
    timeout: 20_000,
  });

// The dropdown opened last: antd keeps each selector's dropdown once opened.
function lastDropdown(): HTMLElement {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  if (dropdowns.length === 0) throw new Error('no selector is open');
  return dropdowns[dropdowns.length - 1];
}
async function chooseVariable(label: string, clientReference: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(
    await waitFor(() => within(lastDropdown()).getByTestId(`variable-option-${clientReference}`)),
  );
}
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    // Compared in code: jsdom's selector engine misreads '+' inside an attribute value.
    const found = [...lastDropdown().querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (candidate) => candidate.title === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}
// The message under a field, found by the field's label.
const messageOf = (label: string) =>
  screen
    .getByText(label, { selector: 'label' })
    .closest<HTMLElement>('.ant-form-item')!
    .querySelector('.ant-form-item-explain')?.textContent ?? '';
const save = (label = 'Save') => fireEvent.click(screen.getByRole('button', { name: label }));

describe('operated variable form (spec part 1 §4, §5)', () => {
  it('marks every missing field of the operated calculation and sends nothing', async () => {
    await renderApp('/aggregate-variable/operated', { account: admin });
    await screen.findByRole('heading', { name: 'New operated variable' });
    save();
    await waitFor(() => expect(messageOf('First operand')).toBe('Required field'));
    expect(messageOf('Operator')).toBe('Required field');
    expect(messageOf('Second variable')).toBe('Required field');
    expect(messageOf('Name')).toBe('Required field');
    expect(messageOf('Unit')).toBe('');
    fireEvent.click(screen.getByRole('radio', { name: 'Constant' }));
    save();
    await waitFor(() => expect(messageOf('Constant')).toBe('Required field'));
    expect(screen.getByRole('spinbutton', { name: 'Constant' })).toHaveAttribute('step', '0.01');
    expect(server.requests('POST', '/api/web/aggregate-variables/')).toEqual([]);
  });

  it('in Spanish, says Campo obligatorio', async () => {
    const { i18n } = await renderApp('/aggregate-variable/operated', { account: admin });
    await screen.findByRole('heading', { name: 'New operated variable' });
    await i18n.changeLanguage('es_ES');
    await screen.findByRole('heading', { name: 'Nueva variable operada' });
    save('Guardar');
    await waitFor(() => expect(messageOf('Primer operando')).toBe('Campo obligatorio'));
    expect(messageOf('Nombre')).toBe('Campo obligatorio');
  });

  it('previews the calculation, creates it with historic and returns to the origin with the alert', async () => {
    server.answer('POST', '/api/web/aggregate-variables/', ({ body }) => ({
      json: aggregate({ ...(body as object), id: 50 }),
    }));
    const { router } = await renderApp('/aggregate-variable/operated?origin=ExplorerEvolutionVariables', {
      account: admin,
    });
    await screen.findByRole('heading', { name: 'New operated variable' });
    expect(
      screen.getByText('Complete the calculation to see it over the last 24 hours.'),
    ).toBeInTheDocument();
    await chooseVariable('First operand', 'FI-101');
    await choose('Operator', '− (difference)');
    await chooseVariable('Second variable', 'FI-102');
    await screen.findByTestId('aggregate-preview-chart', {}, { timeout: 10_000 });
    expect(screen.getByText('2 points calculated')).toBeInTheDocument();
    expect(server.requests('POST', '/api/web/aggregate-variables/preview').map(({ body }) => body)).toEqual([
      { goal: 'operated', operator: '-', varOneId: 1, varTwoId: 2, constant: null },
    ]);
    expect(server.requests('GET', '/api/web/explorer/timeline-data')[0].query).toMatchObject({
      variableIds: '1,2',
      startDate: String(PREVIEW.fromMs),
      endDate: String(PREVIEW.toMs),
      format: 'columns',
    });
    fillField('Name', ' Net flow ');
    fillField('Unit', 'm3/h');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Back-fill history' }));
    save();
    await arrivedAt(router, '/explorer-evolution-variables');
    expect(server.requests('POST', '/api/web/aggregate-variables/').map(({ body }) => body)).toEqual([
      {
        name: 'Net flow',
        unit: 'm3/h',
        categoryId: null,
        tags: [],
        historic: true,
        goal: 'operated',
        operator: '-',
        varOneId: 1,
        varTwoId: 2,
        constant: null,
      },
    ]);
    await screen.findByText('Variable Net flow created successfully');
  });

  it('creates with a constant second operand', async () => {
    server.answer('POST', '/api/web/aggregate-variables/', ({ body }) => ({
      json: aggregate(body as object),
    }));
    const { router } = await renderApp('/aggregate-variable/operated', { account: admin });
    await screen.findByRole('heading', { name: 'New operated variable' });
    await chooseVariable('First operand', 'LI-201');
    await choose('Operator', '× (product)');
    fireEvent.click(screen.getByRole('radio', { name: 'Constant' }));
    const constant = await screen.findByRole('spinbutton', { name: 'Constant' });
    fireEvent.change(constant, { target: { value: '2.5' } });
    fillField('Name', 'Double level');
    save();
    await arrivedAt(router, '/aggregate-variable/operated/list');
    expect(server.requests('POST', '/api/web/aggregate-variables/')[0].body).toMatchObject({
      goal: 'operated',
      operator: '*',
      varOneId: 3,
      varTwoId: null,
      constant: 2.5,
      historic: false,
    });
  });

  it('stays and says so when saving fails', async () => {
    server.answer('POST', '/api/web/aggregate-variables/', apiError(400, 'varOneId: unknown variable ids'));
    const { router } = await renderApp('/aggregate-variable/operated?origin=QueryList', { account: admin });
    await screen.findByRole('heading', { name: 'New operated variable' });
    await chooseVariable('First operand', 'FI-101');
    await choose('Operator', '+ (sum)');
    await chooseVariable('Second variable', 'FI-102');
    fillField('Name', 'Sum');
    save();
    await screen.findByText('An error occurred creating the variable Sum');
    expect(router.state.location.pathname).toBe('/aggregate-variable/operated');
  });

  it('returns to the origin on Cancel and by the back chevron', async () => {
    const { router } = await renderApp('/aggregate-variable/operated?origin=VariableTagTree', {
      account: admin,
    });
    await screen.findByRole('heading', { name: 'New operated variable' });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/tags-tree');
    expect(screen.getByText('Taxonomy')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await arrivedAt(router, '/tags-tree');
  });
});

describe('editing an aggregate variable (spec part 1 §4)', () => {
  const stored = aggregate({
    id: 10,
    name: 'Net flow',
    historic: true,
    tags: [],
    backfill: { state: 'running', percent: 55, fromMs: 0, toMs: 1, error: null },
  });

  it('locks the calculation, hides historic, shows the progress, and saves only the catalogue fields', async () => {
    server
      .answer('GET', '/api/web/aggregate-variables/10', { json: stored })
      .answer('PUT', '/api/web/aggregate-variables/', ({ body }) => ({
        json: { ...stored, ...(body as object) },
      }));
    const { router } = await renderApp('/aggregate-variable/operated?id=10&origin=VariableManagement', {
      account: admin,
    });
    await screen.findByRole('heading', { name: 'Operated variable: Net flow' });
    expect(screen.getByRole('combobox', { name: 'First operand' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Operator' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Second variable' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Constant' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Variable' })).toBeDisabled();
    expect(screen.getByText('Feed flow')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Back-fill history' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'History of Net flow' })).toHaveAttribute(
      'aria-valuenow',
      '55',
    );
    fillField('Name', 'Net feed flow');
    save();
    await arrivedAt(router, '/variable-management');
    expect(server.requests('PUT', '/api/web/aggregate-variables/').map(({ body }) => body)).toEqual([
      { id: 10, name: 'Net feed flow', unit: 'm3/h', categoryId: null, tags: [] },
    ]);
    await screen.findByText('Variable Net feed flow updated successfully');
  });

  it('opens the editor of the goal from a variable table link', async () => {
    server.answer('GET', '/api/web/aggregate-variables/30', {
      json: aggregate({
        id: 30,
        name: 'Mean level',
        goal: 'metrical',
        metrical: 'mean',
        variableList: [INPUTS[0], INPUTS[2]],
      }),
    });
    const { router } = await renderApp('/aggregate-variable/edit?id=30&origin=VariableManagement', {
      account: admin,
    });
    await arrivedAt(router, '/aggregate-variable/metrical?id=30&origin=VariableManagement');
    await screen.findByRole('heading', { name: 'Metrical variable: Mean level' });
    expect(screen.getByRole('combobox', { name: 'Metric' })).toBeDisabled();
  });

  it('says when the variable cannot be loaded', async () => {
    server.answer('GET', '/api/web/aggregate-variables/99', apiError(404, 'Aggregate variable not found'));
    await renderApp('/aggregate-variable/gradual?id=99&origin=VariableManagement', { account: admin });
    await screen.findByText('The variable could not be loaded');
    expect(screen.getByText('Aggregate variable not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/variable-management');
  });
});

describe('metrical and gradual forms (spec part 1 §5)', () => {
  it('requires variables, a metric and a name for a metrical variable', async () => {
    await renderApp('/aggregate-variable/metrical', { account: admin });
    await screen.findByRole('heading', { name: 'New metrical variable' });
    save();
    await waitFor(() => expect(messageOf('Variables')).toBe('Required field'));
    expect(messageOf('Metric')).toBe('Required field');
    expect(messageOf('Name')).toBe('Required field');
    expect(server.requests('POST', '/api/web/aggregate-variables/')).toEqual([]);
  });

  it('creates a gradual variable over a gap and returns to the gradual list', async () => {
    server.answer('POST', '/api/web/aggregate-variables/', ({ body }) => ({
      json: aggregate(body as object),
    }));
    const { router } = await renderApp('/aggregate-variable/gradual', { account: admin });
    await screen.findByRole('heading', { name: 'New gradual variable' });
    save();
    await waitFor(() => expect(messageOf('Variable')).toBe('Required field'));
    expect(messageOf('Time gap')).toBe('Required field');
    await chooseVariable('Variable', 'LI-201');
    await choose('Time gap', '10 minutes');
    fillField('Name', 'Level rise');
    save();
    await arrivedAt(router, '/aggregate-variable/gradual/list');
    expect(server.requests('POST', '/api/web/aggregate-variables/')[0].body).toMatchObject({
      goal: 'gradual',
      varId: 3,
      timeGap: 'PT10M',
      name: 'Level rise',
    });
  });
});
