import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';

const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };

describe('group form', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', '/api/web/group/', {
        json: [
          { id: 1, name: 'root', parentId: null },
          { id: 2, name: 'operators', parentId: 1 },
        ],
      })
      .answer('POST', '/api/web/group/', apiError(409, 'Group already exists'))
      .answer('PUT', '/api/web/group/', apiError(409, 'Group already exists'));
    await server.start();
  });

  afterEach(() => server.stop());

  const rename = (name: string) => {
    fillField('Name', name);
    fireEvent.click(screen.getByText('Save'));
  };

  it('shows a 409 answer to a new group as an existing name', async () => {
    await renderApp('/group', { account: admin });
    await screen.findByText('New group');
    rename(' operators ');

    await screen.findByText('An error occurred creating the group operators');
    await waitFor(() => expect(fieldMessage('Name')).toBe('Group already exists'));
    expect(server.requests('POST', '/api/web/group/').map(({ body }) => body)).toEqual([
      { name: 'operators' },
    ]);
  });

  it('shows a 409 answer to a renamed group as an existing name', async () => {
    await renderApp('/group?id=2', { account: admin });
    await screen.findByText('Edit group operators');
    rename('root');

    await screen.findByText('An error occurred updating the group root');
    await waitFor(() => expect(fieldMessage('Name')).toBe('Group already exists'));
    expect(server.requests('PUT', '/api/web/group/').map(({ body }) => body)).toEqual([
      { id: 2, name: 'root', parentId: 1 },
    ]);
  });
});
