import {
  CATEGORY_COLOURS,
  CategoryMessages,
  type CategoryGroupDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArrivalState } from '../../../components/arrival-alert';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import './categorical-variable-list-page';
import './categorical-variable-page';

// Ant Design forms and tables render slowly in jsdom, the more so on a busy machine: a list page or a
// save and its navigation have taken over 15 s (the setup's wait) on a shared 2-core machine.
jest.setTimeout(300_000);
configure({ asyncUtilTimeout: 60_000 });

const admin = { username: 'ana', authorities: ['ROLE_ADMIN'] };
const VARIABLES: VariableMinimalDto[] = [
  { id: 1, label: 'Pump state', unit: null, categoryId: 7, clientReference: 'pump_state' },
  { id: 2, label: 'Valve mode', unit: null, categoryId: null, clientReference: 'valve_mode' },
  { id: 3, label: 'Drum phase', unit: null, categoryId: 8, clientReference: 'drum_phase' },
];
const GROUPS: CategoryGroupDto[] = [
  {
    id: 7,
    name: 'Pump states',
    owner: 'ana',
    variables: [1],
    ranges: [
      { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
      { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
    ],
  },
  {
    id: 8,
    name: 'Drum phases',
    owner: null,
    variables: [3],
    ranges: [{ value: 1, name: 'Filling', color: '#000000' }],
  },
];

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer()
    .answer('GET', '/api/web/category/', ({ query }) => {
      if (!query.id) return { json: GROUPS };
      const group = GROUPS.find(({ id }) => String(id) === query.id);
      return group ? { json: group } : apiError(404, CategoryMessages.notFound);
    })
    .answer('DELETE', '/api/web/category/', { status: 204 })
    .answer('POST', '/api/web/category/', ({ body }) => ({
      status: 201,
      json: { id: 9, owner: 'ana', ...(body as object) },
    }))
    .answer('PUT', '/api/web/category/', ({ body }) => ({ json: { owner: 'ana', ...(body as object) } }))
    .answer('GET', '/api/web/tag/tree', { json: [] })
    .answer('GET', '/api/web/variable/minimal/search', ({ query }) => {
      const matches = VARIABLES.filter(({ label }) => label.toLowerCase().includes(query.text.toLowerCase()));
      return { json: matches.map((variable) => ({ ...variable, totalRows: matches.length })) };
    })
    .answer('GET', '/api/web/variable/minimal', ({ query }) => ({
      json: VARIABLES.filter(({ id }) => query.ids.split(',').map(Number).includes(id)),
    }));
  await server.start();
});
afterEach(() => server.stop());

const lastDropdown = () => {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  return dropdowns[dropdowns.length - 1];
};
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('/categorical-variable/list', () => {
  it('lists name and owner, with the add icon for administrators', async () => {
    await renderApp('/categorical-variable/list', { account: admin });
    await screen.findByText('Pump states');
    expect(screen.getByText('Drum phases')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add categorical group/ })).toHaveAttribute(
      'href',
      '/categorical-variable',
    );
    expect(screen.getByRole('button', { name: 'Edit Pump states' }).closest('a')).toHaveAttribute(
      'href',
      '/categorical-variable?id=7',
    );
  });

  it('deletes a group after confirmation and says so', async () => {
    await renderApp('/categorical-variable/list', { account: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Pump states' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the categorical group Pump states\?/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Categorical group Pump states deleted successfully');
    expect(server.requests('DELETE', '/api/web/category/').map(({ query }) => query)).toEqual([{ id: '7' }]);
  });

  it('says when deleting fails', async () => {
    server.answer('DELETE', '/api/web/category/', apiError(404, CategoryMessages.notFound));
    await renderApp('/categorical-variable/list', { account: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Drum phases' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('An error occurred deleting the categorical group Drum phases');
  });

  it('says when the list cannot be loaded', async () => {
    server.answer('GET', '/api/web/category/', apiError(500, 'boom'));
    await renderApp('/categorical-variable/list', { account: admin });
    await screen.findByText('The categorical groups could not be loaded');
  });
});

describe('/categorical-variable form (spec part 1 §5)', () => {
  it('names every missing field and sends nothing', async () => {
    await renderApp('/categorical-variable', { account: admin });
    await screen.findByText('New categorical group');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(fieldMessage('Name')).toBe('You should enter a group name'));
    expect(screen.getByText('Choose at least one variable')).toBeInTheDocument();
    expect(fieldMessage('Value · Category 1')).toBe('The value must be a number');
    expect(fieldMessage('Name · Category 1')).toBe('The category name must not be empty');
    expect(server.requests('POST', '/api/web/category/')).toEqual([]);
  });

  it('adds a category only when none is empty and keeps at least one', async () => {
    await renderApp('/categorical-variable', { account: admin });
    await screen.findByText('New categorical group');
    expect(button(/Add category/)).toBeDisabled();
    expect(button('Remove category 1')).toBeDisabled();
    fillField('Value · Category 1', '0');
    expect(button(/Add category/)).toBeDisabled();
    fillField('Name · Category 1', 'Off');
    await waitFor(() => expect(button(/Add category/)).toBeEnabled());
    fireEvent.click(button(/Add category/));
    await screen.findByLabelText('Value · Category 2');
    await waitFor(() => expect(button(/Add category/)).toBeDisabled());
    expect(button('Remove category 1')).toBeEnabled();
    fireEvent.click(button('Remove category 2'));
    await waitFor(() => expect(screen.queryByLabelText('Value · Category 2')).toBeNull());
    expect(button('Remove category 1')).toBeDisabled();
  });

  it('creates a group of a chosen variable with coloured categories and returns with the alert', async () => {
    const { router } = await renderApp('/categorical-variable', { account: admin });
    // The alert the form hands the list (the list shows it for 2 s, then takes it out of the history).
    const handed: unknown[] = [];
    router.subscribe((state) => handed.push((state.location.state as ArrivalState | null)?.successAlert));
    await screen.findByText('New categorical group');
    fireEvent.mouseDown(screen.getByLabelText('Variables'));
    fireEvent.click(await waitFor(() => within(lastDropdown()).getByTestId('variable-option-valve_mode')));
    fillField('Value · Category 1', '2');
    fillField('Name · Category 1', 'Auto');
    fireEvent.mouseDown(screen.getByLabelText('Colour · Category 1'));
    fireEvent.click(await waitFor(() => within(lastDropdown()).getByText('Cyan')));
    fillField('Name', ' Valve modes ');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categorical-variable/list'));
    expect(handed).toContain('Categorical group Valve modes created successfully');
    expect(server.requests('POST', '/api/web/category/').map(({ body }) => body)).toEqual([
      {
        name: 'Valve modes',
        variables: [2],
        ranges: [{ value: 2, name: 'Auto', color: CATEGORY_COLOURS.cyan }],
      },
    ]);
  });

  it('refuses a variable of another group before sending', async () => {
    await renderApp('/categorical-variable?id=7', { account: admin });
    await screen.findByText('Categorical group: Pump states');
    fireEvent.mouseDown(screen.getByLabelText('Variables'));
    fireEvent.click(await waitFor(() => within(lastDropdown()).getByTestId('variable-option-drum_phase')));
    fireEvent.click(button('Save'));
    await screen.findByText(
      'These variables already belong to another categorical group: Drum phase (Drum phases)',
    );
    expect(server.requests('PUT', '/api/web/category/')).toEqual([]);
  });

  it('updates a group and shows a taken name under the name field', async () => {
    server.answer('PUT', '/api/web/category/', apiError(409, CategoryMessages.nameTaken));
    await renderApp('/categorical-variable?id=7', { account: admin });
    await screen.findByText('Categorical group: Pump states');
    expect(screen.getByLabelText('Name · Category 2')).toHaveValue('On');
    fillField('Name', 'Drum phases');
    fireEvent.click(button('Save'));
    await screen.findByText('An error occurred updating the categorical group Drum phases');
    await waitFor(() =>
      expect(fieldMessage('Name')).toBe('A categorical group with this name already exists'),
    );
    expect(server.requests('PUT', '/api/web/category/').map(({ body }) => body)).toEqual([
      {
        id: 7,
        name: 'Drum phases',
        variables: [1],
        ranges: [
          { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
          { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
        ],
      },
    ]);
  });
});
