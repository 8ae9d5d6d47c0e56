import type { CategoryGroupDto, RawVariableDto, TagTreeNodeDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import './raw-variable-page';

jest.setTimeout(60_000);

const editor = { username: 'ana', authorities: ['ROLE_ADMIN', 'ROLE_PLANTLENS'] };
const VARIABLE: RawVariableDto = {
  id: 5,
  name: 'Pump state',
  unit: null,
  clientReference: 'pump_state',
  tags: [{ id: 11, name: 'Pumps' }],
  categoryId: 3,
};
const GROUPS: CategoryGroupDto[] = [
  {
    id: 3,
    name: 'On/off',
    owner: 'ana',
    variables: [5],
    ranges: [{ value: 1, name: 'On', color: '#000000' }],
  },
];
const TREE: TagTreeNodeDto[] = [
  { id: 10, name: 'Area', children: [{ id: 11, name: 'Pumps', children: [] }] },
];

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer()
    .answer('GET', '/api/web/raw-variables/', ({ query }) =>
      query.id === '5' ? { json: VARIABLE } : apiError(404, 'Raw variable not found'),
    )
    .answer('PUT', '/api/web/raw-variables/', ({ body }) => ({ json: { ...VARIABLE, ...(body as object) } }))
    .answer('GET', '/api/web/category/', { json: GROUPS })
    .answer('GET', '/api/web/tag/tree', { json: TREE });
  await server.start();
});
afterEach(() => server.stop());

const open = async (search: string) => {
  const rendered = await renderApp(`/raw-variable${search}`, { account: editor });
  await screen.findByText('Raw variable: Pump state');
  return rendered.router;
};

describe('/raw-variable (spec part 1 §2, §5)', () => {
  it('shows the client reference read-only, the category and tags, and links to tags and categories', async () => {
    await open('?id=5');
    expect(screen.getByLabelText('Client reference')).toHaveValue('pump_state');
    expect(screen.getByLabelText('Client reference')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Pump state');
    await waitFor(() => expect(screen.getByText('On/off')).toBeInTheDocument());
    expect(screen.getByText('Pumps')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Manage tags/ })).toHaveAttribute('href', '/tags');
    expect(screen.getByRole('link', { name: /Manage categorical variables/ })).toHaveAttribute(
      'href',
      '/categorical-variable/list',
    );
  });

  it('requires a name and sends nothing without one', async () => {
    await open('?id=5');
    fillField('Name', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldMessage('Name')).toBe('Required field'));
    expect(server.requests('PUT', '/api/web/raw-variables/')).toEqual([]);
  });

  it('saves name, unit, category and tags, and returns to the origin with the success alert', async () => {
    const router = await open('?id=5&origin=VariableTagTree');
    expect(screen.getByText('Taxonomy')).toBeInTheDocument();
    fillField('Name', ' Main pump state ');
    fillField('Unit', 'state');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tags-tree'));
    expect(server.requests('PUT', '/api/web/raw-variables/').map(({ body }) => body)).toEqual([
      { id: 5, name: 'Main pump state', unit: 'state', categoryId: 3, tags: [11] },
    ]);
    // The taxonomy shows the alert the editor handed it.
    await screen.findByText('Variable Main pump state updated successfully');
  });

  it('cancels back to the raw variable list by default, and says when saving fails', async () => {
    server.answer('PUT', '/api/web/raw-variables/', apiError(400, 'name: The variable needs a name'));
    const router = await open('?id=5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('An error occurred updating the variable Pump state');
    expect(router.state.location.pathname).toBe('/raw-variable');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/raw-variable/list'));
  });

  it('says when the variable cannot be loaded', async () => {
    await renderApp('/raw-variable?id=6&origin=VariableManagement', { account: editor });
    await screen.findByText('The variable could not be loaded');
    expect(screen.getByText('Raw variable not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/variable-management');
  });
});
