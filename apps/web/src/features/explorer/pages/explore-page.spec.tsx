import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';

jest.setTimeout(60_000);

// Each tile as [title, address].
const tiles = async () =>
  (await screen.findAllByTestId(/^tile-/)).map((tile) => [tile.textContent, tile.getAttribute('href')]);

describe('explorer home and correlation menu', () => {
  it('opens the evolution parameter selection, and the simple correlation for a plain explorer', async () => {
    await renderApp('/explore', { account: { username: 'luis', authorities: ['EXPLORER'] } });
    expect(await tiles()).toEqual([
      ['Evolution', '/explorer-evolution-variables'],
      ['Correlation', '/explorer-correlation-variables'],
    ]);
  });

  it('opens the correlation menu for a benchmark user', async () => {
    await renderApp('/explore', {
      account: { username: 'root', authorities: ['ROLE_SUPERADMIN', 'EXPLORER'] },
    });
    expect(await tiles()).toEqual([
      ['Evolution', '/explorer-evolution-variables'],
      ['Correlation', '/explorer-correlation/menu'],
    ]);
  });

  it('links the menu to simple and multiple correlation', async () => {
    await renderApp('/explorer-correlation/menu', {
      account: { username: 'root', authorities: ['ROLE_PLANTLENS', 'EXPLORER'] },
    });
    expect(await tiles()).toEqual([
      ['Simple correlation', '/explorer-correlation-variables'],
      ['Multiple correlation', '/explorer-multiple-correlation-variables'],
    ]);
  });

  it('shows the menu links only with the Explore feature', async () => {
    await renderApp('/explorer-correlation/menu', {
      account: { username: 'root', authorities: ['ROLE_SUPERADMIN'] },
    });
    await screen.findByRole('heading', { name: 'Correlation' });
    expect(screen.queryAllByTestId(/^tile-/)).toEqual([]);
  });
});
