import type { RuleIncidenceDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appErrors } from '../../../testing/app-errors';
import { fillField, itemMessage } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { minimalVariable, storedRule as storedRuleFixture } from '../fixtures';
import './rule-incidence-batch-page';
import './rule-incidence-single-page';

// Ant Design renders slowly in jsdom, the more so on a busy machine; these tests fill whole forms.
jest.setTimeout(120_000);

const incidenceUser = { username: 'ana', authorities: ['INCIDENCE', 'EXPLORER'] };

const VARIABLES = [
  minimalVariable(1, 'Drum pressure', 'drum01_pressure'),
  minimalVariable(2, 'Drum temperature', 'drum01_temperature'),
  // A variable without a name goes by its client reference.
  minimalVariable(3, '', 'gate01_torque'),
];

const RULES = '/api/web/rules-incidence';
const SEARCH = '/api/web/variable/minimal/search';

const storedRule = storedRuleFixture();

// The dropdown opened last: antd adds each selector's dropdown to the page when first opened, and keeps it.
function lastDropdown(): HTMLElement {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  return dropdowns[dropdowns.length - 1];
}

async function chooseVariable(label: string, clientReference: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(
    await waitFor(() => within(lastDropdown()).getByTestId(`variable-option-${clientReference}`)),
  );
}

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await waitFor(() => within(lastDropdown()).getByText(option)));
}

const save = () => fireEvent.click(screen.getByText('Save'));
const posted = (server: TestApiServer) => server.requests('POST', RULES).map(({ body }) => body);

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer()
    .answer('GET', RULES, { json: [storedRule] })
    .answer('GET', SEARCH, ({ query }) => {
      const matches = VARIABLES.filter(({ label, clientReference }) =>
        `${label} ${clientReference}`.toLowerCase().includes(query.text.toLowerCase()),
      );
      return { json: matches.map((match) => ({ ...match, totalRows: matches.length })) };
    })
    .answer('GET', '/api/web/variable/minimal', ({ query }) => ({
      json: VARIABLES.filter(({ id }) => query.ids.split(',').includes(String(id))),
    }))
    .answer('POST', RULES, ({ body }) => ({
      status: 201,
      json: (body as { name: string }[]).map((item, index) => ({
        ...storedRule,
        id: 100 + index,
        name: item.name,
      })),
    }));
  await server.start();
});
afterEach(() => server.stop());

describe('/rule-incidence (single rule)', () => {
  it('says "Mandatory field" under every empty required field and sends nothing', async () => {
    await renderApp('/rule-incidence', { account: incidenceUser });
    await screen.findByText('Add rule', { selector: 'h4' });
    save();
    await waitFor(() => expect(itemMessage('Variable')).toBe('Mandatory field'));
    expect(itemMessage('Operator')).toBe('Mandatory field');
    expect(itemMessage('Constant')).toBe('Mandatory field');
    expect(itemMessage('Name')).toBe('Mandatory field');
    expect(posted(server)).toEqual([]);
  });

  it('checks each e-mail of the comma-separated list, and clears them when notifying is unticked', async () => {
    await renderApp('/rule-incidence', { account: incidenceUser });
    await screen.findByText('Add rule', { selector: 'h4' });
    expect(screen.queryByLabelText('E-mail addresses')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Notify events by e-mail'));
    await screen.findByLabelText('E-mail addresses');
    fillField('E-mail addresses', 'ana@plant.es, luis@plant');
    save();
    await waitFor(() =>
      expect(itemMessage('E-mail addresses')).toBe('Enter valid email addresses separated by commas'),
    );

    fireEvent.click(screen.getByText('Notify events by e-mail'));
    await waitFor(() => expect(screen.queryByLabelText('E-mail addresses')).not.toBeInTheDocument());
    fireEvent.click(screen.getByText('Notify events by e-mail'));
    expect(await screen.findByLabelText('E-mail addresses')).toHaveValue('');
  });

  it('creates a rule against a constant and returns to the list saying so', async () => {
    const { router } = await renderApp('/rule-incidence', { account: incidenceUser });
    await screen.findByText('Add rule', { selector: 'h4' });
    await chooseVariable('Variable', 'drum01_temperature');
    await chooseOption('Operator', '>= greater than or equal to');
    fireEvent.change(screen.getByLabelText('Constant'), { target: { value: '480' } });
    fillField('Name', '  Drum overheat ');
    fireEvent.click(screen.getByText('Notify events by e-mail'));
    await screen.findByLabelText('E-mail addresses');
    fillField('E-mail addresses', ' ana@plant.es ,luis@plant.com');
    save();

    expect(await screen.findByText('Rule Drum overheat created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rule-incidence/list'));
    expect(posted(server)).toEqual([
      [
        {
          name: 'Drum overheat',
          enabled: true,
          emails: 'ana@plant.es,luis@plant.com',
          tags: [],
          operator: '>=',
          varOneId: 2,
          constant: 480,
          minDurationSeconds: 0,
          deadband: 0,
        },
      ],
    ]);
  });

  it('compares with a second variable, which is then required and may not be the first', async () => {
    await renderApp('/rule-incidence', { account: incidenceUser });
    await screen.findByText('Add rule', { selector: 'h4' });
    await chooseVariable('Variable', 'drum01_pressure');
    await chooseOption('Operator', '<> different from');
    fireEvent.click(screen.getByText('Another variable'));
    fillField('Name', 'Pressure vs temperature');
    fireEvent.click(screen.getByLabelText('Enabled'));
    save();
    await waitFor(() => expect(itemMessage('Second variable')).toBe('Mandatory field'));

    fireEvent.mouseDown(screen.getByLabelText('Second variable'));
    const taken = await waitFor(() => within(lastDropdown()).getByTestId('variable-option-drum01_pressure'));
    expect(taken.closest('.ant-select-item')).toHaveClass('ant-select-item-option-disabled');
    fireEvent.click(within(lastDropdown()).getByTestId('variable-option-gate01_torque'));
    save();

    await screen.findByText('Rule Pressure vs temperature created successfully');
    expect(posted(server)).toEqual([
      [expect.objectContaining({ varOneId: 1, varTwoId: 3, operator: '<>', enabled: false, emails: '' })],
    ]);
    expect((posted(server)[0] as object[])[0]).not.toHaveProperty('constant');
  });

  it('says so when the server refuses the rule, and stays on the form', async () => {
    server.answer('POST', RULES, apiError(400, 'Unknown variables'));
    const { router } = await renderApp('/rule-incidence', { account: incidenceUser });
    await screen.findByText('Add rule', { selector: 'h4' });
    await chooseVariable('Variable', 'drum01_pressure');
    await chooseOption('Operator', '< less than');
    fireEvent.change(screen.getByLabelText('Constant'), { target: { value: '3' } });
    fillField('Name', 'Low pressure');
    save();
    expect(await screen.findByText('An error occurred creating the rule')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rule-incidence');
  });

  it('edits only name, enabled and e-mails of an existing rule, whose condition is locked', async () => {
    server
      .answer('GET', `${RULES}/7`, { json: storedRule })
      .answer('PUT', RULES, ({ body }) => ({ json: { ...storedRule, ...(body as object) } }));
    const { router } = await renderApp('/rule-incidence?id=7', { account: incidenceUser });
    await screen.findByText('Edit rule', { selector: 'h4' });
    expect(screen.getByLabelText('Variable')).toBeDisabled();
    expect(screen.getByLabelText('Operator')).toBeDisabled();
    expect(screen.getByLabelText('Constant')).toBeDisabled();
    expect(screen.getByLabelText('Constant')).toHaveValue('480');
    expect(screen.getByLabelText('Variable').closest('.ant-select-content')).toHaveAttribute(
      'title',
      'Drum temperature',
    );
    expect(screen.getByLabelText('E-mail addresses')).toHaveValue('ana@plant.es');

    fillField('Name', 'Drum overheat (A)');
    fireEvent.click(screen.getByLabelText('Enabled'));
    fillField('E-mail addresses', 'luis@plant.com');
    save();

    expect(await screen.findByText('Rule Drum overheat (A) updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rule-incidence/list'));
    expect(server.requests('PUT', RULES).map(({ body }) => body)).toEqual([
      { id: 7, name: 'Drum overheat (A)', enabled: false, emails: 'luis@plant.com', tags: ['drum'] },
    ]);
  });

  it('edits a valve failure source: its settings only, no condition, no variable asked for', async () => {
    const source: RuleIncidenceDto = {
      ...storedRule,
      id: 9,
      name: 'gate01 · 101 low steam pressure',
      operator: '=',
      varOneId: 0,
      varOneIds: [],
      constant: 101,
      minDurationSeconds: 0,
      deadband: 0,
      emails: '',
      tags: [],
      owner: null,
      source: { asset: 'gate01', errorCode: 101 },
    };
    server
      .answer('GET', `${RULES}/9`, { json: source })
      .answer('PUT', RULES, ({ body }) => ({ json: { ...source, ...(body as object) } }));
    const errors = jest.spyOn(console, 'error');
    try {
      const { router } = await renderApp('/rule-incidence?id=9', { account: incidenceUser });
      await screen.findByText('Edit rule', { selector: 'h4' });
      expect(screen.getByText('gate01 · Low steam pressure')).toBeInTheDocument();
      expect(screen.getByText('Valve failure')).toBeInTheDocument();
      for (const field of ['Variable', 'Operator', 'Constant', 'Minimum duration (s)', 'Deadband']) {
        expect(screen.queryByLabelText(field)).not.toBeInTheDocument();
      }

      fillField('Name', 'Gate 1 steam');
      fireEvent.click(screen.getByText('Notify events by e-mail'));
      await screen.findByLabelText('E-mail addresses');
      fillField('E-mail addresses', 'luis@plant.com');
      save();

      expect(await screen.findByText('Rule Gate 1 steam updated successfully')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/rule-incidence/list'));
      expect(server.requests('PUT', RULES).map(({ body }) => body)).toEqual([
        { id: 9, name: 'Gate 1 steam', enabled: true, emails: 'luis@plant.com', tags: [] },
      ]);
      expect(server.received.filter(({ path }) => path.startsWith('/api/web/variable'))).toEqual([]);
      expect(appErrors(errors)).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('says so when an update fails', async () => {
    server
      .answer('GET', `${RULES}/7`, { json: storedRule })
      .answer('PUT', RULES, apiError(403, 'You may not edit this rule'));
    await renderApp('/rule-incidence?id=7', { account: incidenceUser });
    await screen.findByText('Edit rule', { selector: 'h4' });
    save();
    expect(await screen.findByText('An error occurred updating the rule')).toBeInTheDocument();
  });
});

describe('/rule-incidence-batch', () => {
  it('requires at least one variable', async () => {
    await renderApp('/rule-incidence-batch', { account: incidenceUser });
    await screen.findByText('Add rules in batch', { selector: 'h4' });
    save();
    await waitFor(() => expect(itemMessage('Variables')).toBe('Mandatory field'));
    expect(posted(server)).toEqual([]);
  });

  it('creates one rule per variable, named <name>_<variable name or client reference>, and counts them', async () => {
    const { router } = await renderApp('/rule-incidence-batch', { account: incidenceUser });
    await screen.findByText('Add rules in batch', { selector: 'h4' });
    fireEvent.click(screen.getByText('Choose variables'));
    const modal = (await screen.findByText('Multiple selection')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(await within(modal).findByTestId('variable-option-drum01_pressure'));
    fireEvent.click(within(modal).getByTestId('variable-option-gate01_torque'));
    fireEvent.click(within(modal).getByText('Accept'));
    await waitFor(() => expect(screen.queryByText('Multiple selection')).not.toBeInTheDocument());

    await chooseOption('Operator', '> greater than');
    fireEvent.change(screen.getByLabelText('Constant'), { target: { value: '90' } });
    fillField('Name', 'High');
    await waitFor(() =>
      expect(screen.getAllByTestId('batch-rule-name').map((item) => item.textContent)).toEqual([
        'High_Drum pressure',
        'High_gate01_torque',
      ]),
    );
    save();

    expect(await screen.findByText('2 rules created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rule-incidence/list'));
    const [rules] = posted(server) as {
      name: string;
      varOneId: number;
      operator: string;
      constant: number;
    }[][];
    expect(
      rules.map(({ name, varOneId, operator, constant }) => ({ name, varOneId, operator, constant })),
    ).toEqual([
      { name: 'High_Drum pressure', varOneId: 1, operator: '>', constant: 90 },
      { name: 'High_gate01_torque', varOneId: 3, operator: '>', constant: 90 },
    ]);
  });
});
