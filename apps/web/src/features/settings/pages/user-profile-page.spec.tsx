import { SessionStorageKeys, UserMessages } from '@plantlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';

describe('password change', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer().answer(
      'PUT',
      '/api/web/user/password',
      apiError(403, UserMessages.oldPasswordWrong),
    );
    await server.start();
  });

  afterEach(() => server.stop());

  // Ana fills the form with this current password and the new password better2, and saves.
  async function changePassword(currentPassword: string) {
    const rendered = await renderApp('/user-profile', {
      account: { username: 'ana', authorities: ['QUERY'] },
    });
    await screen.findByText('Update password · ana');
    fillField('Current password', currentPassword);
    fillField('New password', 'better2');
    fillField('Repeat new password', 'better2');
    fireEvent.click(screen.getByText('Save'));
    return rendered;
  }

  it('keeps the token pair the server answers, so the session goes on after the old one is revoked', async () => {
    server.answer('PUT', '/api/web/user/password', {
      json: { accessToken: 'after-change-access', refreshToken: 'after-change-refresh' },
    });
    const { router } = await changePassword('before1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(localStorage.getItem(SessionStorageKeys.accessToken)).toBe('after-change-access');
    expect(localStorage.getItem(SessionStorageKeys.refreshToken)).toBe('after-change-refresh');
  });

  it('marks the current password wrong on a 403 and alerts that the update failed', async () => {
    const { router } = await changePassword('guess1');

    await screen.findByText('An error occurred updating the password');
    await waitFor(() => expect(fieldMessage('Current password')).toBe('The current password is wrong'));
    expect(router.state.location.pathname).toBe('/user-profile');
    expect(server.requests('PUT', '/api/web/user/password').map(({ body }) => body)).toEqual([
      { oldPassword: 'guess1', newPassword: 'better2', username: 'ana' },
    ]);
  });
});
