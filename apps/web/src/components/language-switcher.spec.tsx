import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../testing/render-app';

const ana = { username: 'ana', authorities: ['QUERY'] };

describe('language switcher (spec part 1 §2)', () => {
  it('is a toggle between Spanish and English when no language list is configured', async () => {
    const { i18n } = await renderApp('/settings', {
      account: ana,
      settings: { site: { languageList: null } },
    });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByTitle('Switch to Español'));

    expect(await screen.findByRole('heading', { name: 'Configuración' })).toBeInTheDocument();
    expect(i18n.language).toBe('es_ES');
    fireEvent.click(screen.getByTitle('Cambiar a English'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('is a dropdown of the configured languages', async () => {
    await renderApp('/settings', { account: ana, settings: { site: { languageList: ['en_GB', 'de_DE'] } } });
    await screen.findByRole('heading', { name: 'Settings' });
    fireEvent.mouseDown(screen.getByLabelText('Language'));

    await waitFor(() =>
      expect(
        screen
          .getAllByRole('option')
          .map((option) => option.getAttribute('aria-label') ?? option.textContent),
      ).toEqual(['English', 'Deutsch']),
    );
  });
});
