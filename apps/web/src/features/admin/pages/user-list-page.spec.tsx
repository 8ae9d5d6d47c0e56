import type { UserDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';

const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };

const ana: UserDto = {
  id: 7,
  name: 'ana',
  email: 'ana@plant.example',
  admin: false,
  enabled: true,
  superAdmin: false,
  groupIds: [],
};

describe('user list', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', '/api/web/user/', { json: [ana] })
      .answer('DELETE', '/api/auth/azuread/user/', { json: { ...ana, enabled: false } });
    await server.start();
  });

  afterEach(() => server.stop());

  // The dialog showing the text (antd repeats a confirmation's title for screen readers).
  const findDialog = async (text: string) =>
    (await screen.findAllByText(text))[0].closest<HTMLElement>('[role="dialog"]')!;
  const permissionButton = () => screen.queryByLabelText('Permissions of ana');

  it('has no custom permission icon unless the deployment configures one', async () => {
    await renderApp('/user/list', { account: admin });
    await screen.findByText('ana');
    expect(permissionButton()).not.toBeInTheDocument();
  });

  it('links each user to the configured permission route with the configured icon', async () => {
    await renderApp('/user/list', {
      account: admin,
      settings: { auth: { customUserPermission: { route: 'UserProfile', icon: 'safety' } } },
    });
    await screen.findByText('ana');
    expect(permissionButton()?.closest('a')).toHaveAttribute('href', '/user-profile?id=7');
    expect(within(permissionButton()!).getByRole('img', { name: 'safety' })).toBeInTheDocument();
  });

  it('draws the custom permission link with the permission key when no icon is chosen', async () => {
    await renderApp('/user/list', {
      account: admin,
      settings: { auth: { customUserPermission: { route: 'UserProfile' } } },
    });
    await screen.findByText('ana');
    expect(within(permissionButton()!).getByRole('img', { name: 'key' })).toBeInTheDocument();
  });

  it('hides the custom permission icon when its route needs a feature the admin lacks', async () => {
    await renderApp('/user/list', {
      account: admin,
      settings: { auth: { customUserPermission: { route: 'CacheManagement' } } },
    });
    await screen.findByText('ana');
    expect(permissionButton()).not.toBeInTheDocument();
  });

  it('with directory sign-in, names users by e-mail and deletes them through /api/auth/azuread/user/', async () => {
    await renderApp('/user/list', { account: admin, settings: { auth: { directorySignIn: true } } });
    await screen.findByText('ana@plant.example');
    fireEvent.click(screen.getByLabelText('Delete ana@plant.example'));
    fireEvent.click(within(await findDialog('Delete the user ana@plant.example?')).getByText('Delete'));

    await screen.findByText('User ana@plant.example deleted successfully');
    expect(server.requests('DELETE', '/api/auth/azuread/user/').map(({ query }) => query)).toEqual([
      { id: '7' },
    ]);
    expect(server.requests('DELETE', '/api/web/user/')).toHaveLength(0);
  });

  it('enables a disabled user, the only row offering it, through /api/web/user/enable', async () => {
    const luis: UserDto = { ...ana, id: 8, name: 'luis', email: null, enabled: false };
    server
      .answer('GET', '/api/web/user/', { json: [ana, luis] })
      .answer('PUT', '/api/web/user/enable', { json: { ...luis, enabled: true } });
    await renderApp('/user/list', { account: admin });
    await screen.findByText('luis');
    expect(screen.queryByLabelText('Enable ana')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Edit luis')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Enable luis'));
    fireEvent.click(within(await findDialog('Enable the user luis?')).getByText('Enable'));

    await screen.findByText('User luis enabled successfully');
    expect(server.requests('PUT', '/api/web/user/enable').map(({ query }) => query)).toEqual([{ id: '8' }]);
  });

  it('leaves the side menu open when Escape cancels a dialog', async () => {
    await renderApp('/user/list', { account: admin });
    await screen.findByText('ana');
    fireEvent.click(screen.getByLabelText('Delete ana'));
    fireEvent.keyDown(await findDialog('Delete the user ana?'), { key: 'Escape' });

    await waitFor(() => expect(screen.queryAllByText('Delete the user ana?')).toEqual([]));
    expect(screen.getByLabelText('Show or hide the menu')).toHaveAttribute('aria-expanded', 'true');
    expect(server.received.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });
});
