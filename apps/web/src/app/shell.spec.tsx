import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../testing/render-app';

const queryUser = { username: 'ana', authorities: ['QUERY'] };
const explorerUser = { username: 'luis', authorities: ['EXPLORER'] };
const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };

const menuEntries = () =>
  within(screen.getByRole('menu', { name: 'Main menu' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('shell and guards', () => {
  it('sends a signed-out visitor to /login, remembering the requested address', async () => {
    const { router } = await renderApp('/group/list?id=2');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('path')).toBe('/group/list?id=2');
  });

  it('opens the workspace at / with only the tiles and menu entries the features allow', async () => {
    const { router } = await renderApp('/', { account: queryUser });
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workspace');
    expect(screen.getAllByTestId(/^tile-/).map((tile) => tile.dataset.testid)).toEqual(['tile-QueryList']);
    expect(menuEntries()).toEqual(['Workspace', 'Queries', 'Settings', 'Log out']);
  });

  it('sends a user lacking the route feature to /settings', async () => {
    const { router } = await renderApp('/user/list', { account: explorerUser });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(menuEntries()).toEqual([
      'Explorer',
      'Evolution',
      'Correlation',
      'Multiple correlation',
      'Settings',
      'Log out',
    ]);
  });

  it('answers an unknown address, /ampo/… included, with a not-found page leading back to the workspace', async () => {
    const { router } = await renderApp('/ampo/no-such-screen', { account: queryUser });
    expect(
      await screen.findByText('The address /ampo/no-such-screen leads to no page of Plantlens.'),
    ).toBeInTheDocument();
    expect(document.querySelector('.ant-result-title')).toHaveTextContent('Page not found');
    expect(router.state.location.pathname).toBe('/ampo/no-such-screen');
    fireEvent.click(screen.getByText('Back to Workspace'));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workspace');
  });

  it('lists Incidences and Incidence rules in the menu for feature Incidence only', async () => {
    await renderApp('/settings', { account: { username: 'eva', authorities: ['INCIDENCE'] } });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(menuEntries()).toEqual(['Current status', 'Incidences', 'Incidence rules', 'Settings', 'Log out']);
    const menu = screen.getByRole('menu', { name: 'Main menu' });
    expect(within(menu).getByText('Incidences').closest('a')).toHaveAttribute('href', '/incidence/list');
    expect(within(menu).getByText('Incidence rules').closest('a')).toHaveAttribute(
      'href',
      '/rule-incidence/list',
    );
  });

  it('lists users and groups in settings for administrators only', async () => {
    await renderApp('/settings', { account: admin });
    expect(await screen.findByRole('link', { name: /Users/ })).toHaveAttribute('href', '/user/list');
    expect(screen.getByRole('link', { name: /Groups/ })).toHaveAttribute('href', '/group/list');
    expect(screen.getByRole('link', { name: /My profile/ })).toHaveAttribute('href', '/user-profile');
  });

  it('shows a plain user only his profile in settings', async () => {
    await renderApp('/settings', { account: queryUser });
    expect(await screen.findByRole('link', { name: /My profile/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Groups/ })).not.toBeInTheDocument();
  });

  it('shows the breadcrumb trail of the route', async () => {
    await renderApp('/user-profile', { account: queryUser });
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(breadcrumb).toHaveTextContent('My profile');
  });

  it('keeps the explorer behind the Explore feature', async () => {
    const { router } = await renderApp('/explore', { account: queryUser });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('on Escape closes the open language list first, and the side menu at the next Escape', async () => {
    await renderApp('/settings', { account: queryUser });
    await screen.findByRole('heading', { name: 'Settings' });
    const menuToggle = screen.getByLabelText('Show or hide the menu');
    const language = screen.getByLabelText('Language');
    expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseDown(language);
    expect(language).toHaveAttribute('aria-expanded', 'true');

    fireEvent.keyDown(document.body, { key: 'Escape' });

    expect(language).toHaveAttribute('aria-expanded', 'false');
    expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown-hidden')).not.toBeNull());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(menuToggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menuToggle);
    expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('on Escape in an open list, closes only that list', async () => {
    await renderApp('/settings', { account: queryUser });
    await screen.findByRole('heading', { name: 'Settings' });
    const language = screen.getByLabelText('Language');
    fireEvent.mouseDown(language);
    // The list handles the keyboard once its options are drawn.
    await screen.findAllByText('Español');

    fireEvent.keyDown(language, { key: 'Escape', keyCode: 27 });

    await waitFor(() => expect(language).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByLabelText('Show or hide the menu')).toHaveAttribute('aria-expanded', 'true');
  });
});
