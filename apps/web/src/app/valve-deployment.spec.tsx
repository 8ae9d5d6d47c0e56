import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../testing/render-app';
import { TestApiServer } from '../testing/test-api-server';
import '../features/valves/pages/ampo-current-status-page';
import '../features/workspace/pages/workspace-page';

jest.setTimeout(60_000);

const menuLinks = () =>
  within(screen.getByRole('menu', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

// Spec part 2 §2: the valve deployment's home, menu and tab title; elsewhere the valve screens are
// ordinary menu entries and workspace tiles.
describe('valve deployment setting', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', '/api/web/ampo/plant-current-status/', {
        json: { dateTime: null, cokeDrumAStatus: { gateStatuses: [], liftStatuses: [], switchStatuses: [] } },
      })
      .answer('GET', '/api/web/ampo/plant-tree/', { json: [] });
    await server.start();
  });

  afterEach(() => server.stop());

  it('starts at the valve current status with its own menu and a fixed tab title', async () => {
    const { router } = await renderApp('/', {
      account: { username: 'ana', authorities: ['AMPOCURRENTSTATUS', 'EXPLORER', 'QUERY'] },
      settings: { site: { valveDeployment: true, productTitle: 'Coker Valves' } },
    });
    await screen.findByTestId('plant-image');
    expect(router.state.location.pathname).toBe('/ampo/current-status');
    expect(menuLinks()).toEqual([
      '/ampo/current-status',
      '/ampo/historic-analysis',
      '/explorer-evolution-variables',
      '/explorer-correlation-variables',
      '/explorer-multiple-correlation-variables',
    ]);
    await waitFor(() => expect(document.title).toBe('Coker Valves'));
  });

  it('otherwise offers the valve screens in the menu and as workspace tiles', async () => {
    const { router } = await renderApp('/', {
      account: { username: 'ana', authorities: ['AMPOCURRENTSTATUS', 'QUERY'] },
    });
    await screen.findByTestId('tile-AmpoCurrentStatus');
    expect(router.state.location.pathname).toBe('/workspace');
    expect(screen.getByTestId('tile-AmpoCurrentStatus')).toHaveTextContent(
      'Current statusAlarm status of the coke-drum valves',
    );
    expect(screen.getByTestId('tile-HistoricAnalysis')).toHaveTextContent('Valve history');
    expect(menuLinks()).toEqual(expect.arrayContaining(['/ampo/current-status', '/ampo/historic-analysis']));
  });
});
