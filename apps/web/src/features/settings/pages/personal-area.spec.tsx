import type { AccountProfileDto } from '@plantlens/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError, type Reply } from '../../../testing/test-api-server';

const ana: AccountProfileDto = {
  id: 7,
  username: 'ana',
  email: 'ana@plant.example',
  admin: false,
  superAdmin: false,
  groups: [
    { id: 2, name: 'operators', permissions: ['explorer', 'query'] },
    { id: 3, name: 'viewers', permissions: [] },
  ],
  authorities: ['EXPLORER', 'QUERY'],
};

// The card titled so (the breadcrumb also says "My profile").
const card = (title: string) =>
  waitFor(() => {
    const found = screen.getAllByText(title).map((text) => text.closest<HTMLElement>('.ant-card'));
    const titled = found.find((element) => element !== null);
    if (!titled) throw new Error(`no card titled ${title}`);
    return titled;
  });

describe('personal area: My profile, Roles and permissions', () => {
  let server: TestApiServer;

  async function start(profile: Reply) {
    server = new TestApiServer().answer('GET', '/api/web/account/profile', profile);
    await server.start();
  }

  afterEach(() => server.stop());

  it('shows who the user is and what his groups grant him, read-only', async () => {
    await start({ json: ana });
    await renderApp('/user-profile', { account: { username: 'ana', authorities: ana.authorities } });

    const profile = await card('My profile');
    expect(within(profile).getByText('ana')).toBeInTheDocument();
    expect(within(profile).getByText('ana@plant.example')).toBeInTheDocument();
    expect(within(profile).getByText('operators')).toBeInTheDocument();
    expect(within(profile).getByText('viewers')).toBeInTheDocument();
    expect(within(profile).getByText('Administrator').nextElementSibling).toHaveTextContent('No');

    const roles = await card('Roles and permissions');
    expect(within(roles).getByText('operators').nextElementSibling).toHaveTextContent('ExplorerQueries');
    expect(within(roles).getByText('viewers').nextElementSibling).toHaveTextContent('No permissions');
    expect(
      within(within(roles).getByRole('list', { name: 'Areas you may use' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Explorer: evolution and correlation', 'Saved queries', 'Workspace']);
    expect(within(roles).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Update password · ana')).toBeInTheDocument();
  });

  it('names the super administrator and a user in no group', async () => {
    await start({
      json: {
        ...ana,
        username: 'admin',
        email: null,
        admin: true,
        superAdmin: true,
        groups: [],
        authorities: ['ROLE_ADMIN', 'ROLE_PLANTLENS', 'ROLE_SUPERADMIN'],
      },
    });
    await renderApp('/user-profile', { account: { username: 'admin', authorities: ['ROLE_SUPERADMIN'] } });

    const profile = await card('My profile');
    expect(within(profile).getByText('Administrator').nextElementSibling).toHaveTextContent(
      'Yes, super administrator',
    );
    expect(within(profile).getByText('No e-mail')).toBeInTheDocument();
    expect(within(profile).getByText('In no group')).toBeInTheDocument();
    const roles = await card('Roles and permissions');
    expect(within(roles).getByRole('list', { name: 'Areas you may use' })).toHaveTextContent(
      'Super administration: CSV upload, performance, cache',
    );
  });

  it('says when the profile could not be loaded and keeps the password form', async () => {
    await start(apiError(500, 'Identity is down'));
    await renderApp('/user-profile', { account: { username: 'ana', authorities: [] } });
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Identity is down')).toBeInTheDocument();
    expect(screen.getByText('Update password · ana')).toBeInTheDocument();
  });
});
