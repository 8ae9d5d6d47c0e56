import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import './current-status-incidence-page';

jest.setTimeout(60_000);

const ASSETS = '/api/web/current-status-incidence';
const LAYOUT = '/api/web/current-status-incidence/assets';
const SITE_PLAN = '/api/web/current-status-incidence/site-plan';
const incidenceUser = { username: 'ana', authorities: ['INCIDENCE'] };
const administrator = { username: 'root', authorities: ['INCIDENCE', 'ROLE_ADMIN'] };

const asset = (
  id: number,
  name: string,
  parentId: number | null,
  count: number | null,
  position: [lat: number, lng: number] | null = [40 + id, -3],
): CurrentStatusAssetDto => ({
  id,
  name,
  label: null,
  parentId,
  lat: position?.[0] ?? null,
  lng: position?.[1] ?? null,
  count,
});

const PLANT = [
  asset(1, 'Refinery', null, 2),
  asset(2, 'Coke drum A', 1, 2),
  asset(3, 'gate01', 2, 2),
  asset(4, 'gate02', 2, 0, null),
  asset(5, 'Tank farm', null, null),
];

const node = (name: string) => screen.getByTestId(`asset-${name}`);

describe('/incidence-current-status', () => {
  let server: TestApiServer;

  afterEach(() => server.stop());

  async function open(assets: CurrentStatusAssetDto[], account = incidenceUser) {
    server = new TestApiServer()
      .answer('GET', ASSETS, { json: assets })
      .answer('GET', SITE_PLAN, { json: { plan: null } });
    await server.start();
    return renderApp('/incidence-current-status', { account });
  }

  it('shows the asset tree with the open incidences of each asset, "?" where not available', async () => {
    await open(PLANT);
    await screen.findByTestId('asset-gate01');
    expect(within(node('gate01')).getByText('2')).toBeInTheDocument();
    expect(within(node('gate02')).getByText('0')).toBeInTheDocument();
    expect(within(node('Tank farm')).getByText('?')).toBeInTheDocument();
    expect(within(node('gate01')).getByTitle('2 open incidences')).toBeInTheDocument();
    expect(within(node('Tank farm')).getByTitle('Incidences not available')).toBeInTheDocument();
    // jsdom has no WebGL: the map says so, the tree works on.
    expect(
      screen.getByText(
        'The map needs WebGL 2, which this browser does not offer. The asset tree shows the same counts.',
      ),
    ).toBeInTheDocument();
    // The page's own link keeps where the list was opened from (the side menu's plain one is there too).
    expect(
      screen.getAllByRole('link', { name: /Incidences$/ }).map((link) => link.getAttribute('href')),
    ).toContain('/incidence/list?origin=CurrentStatusIncidence');
  });

  it('opens the incidences of the chosen asset, and says when it has no position on the map', async () => {
    const { router } = await open(PLANT);
    fireEvent.click(await screen.findByTestId('asset-gate01'));
    await waitFor(() =>
      expect(screen.getByText('Incidences of gate01').closest('a')).toHaveAttribute(
        'href',
        '/incidence/list?origin=CurrentStatusIncidence&assets=3',
      ),
    );
    fireEvent.click(node('gate02'));
    expect(await screen.findByText('gate02 has no position on the map')).toBeInTheDocument();
    // Placing assets is for administrators.
    expect(screen.queryByText('Place gate02')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('Incidences of gate02'));
    await waitFor(() => expect(router.state.location.search).toBe('?origin=CurrentStatusIncidence&assets=4'));
  });

  it('lets an administrator place an asset: parent and both coordinates, or neither', async () => {
    await open(PLANT, administrator);
    let placed = false;
    server
      .answer('PUT', LAYOUT, () => {
        placed = true;
        return { status: 204, text: '' };
      })
      .answer('GET', ASSETS, () => ({
        json: placed ? PLANT.map((a) => (a.id === 4 ? { ...a, lat: 41.5, lng: -3.25 } : a)) : PLANT,
      }));
    fireEvent.click(await screen.findByTestId('asset-gate02'));
    fireEvent.click(await screen.findByText('Place gate02'));
    await screen.findByText('Place gate02 on the map');
    // The current parent is proposed.
    expect(screen.getByTitle('Coke drum A')).toBeInTheDocument();

    fillField('Latitude (°)', '41.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldMessage('Longitude (°)')).toBe('Give both coordinates, or neither for no position'),
    );
    expect(server.requests('PUT', LAYOUT)).toEqual([]);

    fillField('Longitude (°)', '-3.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('gate02 has been placed')).toBeInTheDocument();
    expect(server.requests('PUT', LAYOUT).map(({ body }) => body)).toEqual([
      { assets: [{ name: 'gate02', parent: 'Coke drum A', lat: 41.5, lng: -3.25 }] },
    ]);
    // The map's assets reload with the placed one.
    await waitFor(() => expect(server.requests('GET', ASSETS).length).toBeGreaterThan(1));
  });

  it("shows the server's reason when a placement is refused", async () => {
    await open(PLANT, administrator);
    server.answer('PUT', LAYOUT, apiError(400, 'The layout makes an asset its own ancestor'));
    fireEvent.click(await screen.findByTestId('asset-gate01'));
    fireEvent.click(await screen.findByText('Place gate01'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The layout makes an asset its own ancestor')).toBeInTheDocument();
    expect(screen.getByText('gate01 could not be placed')).toBeInTheDocument();
  });

  it('folds the asset tree away and back', async () => {
    await open(PLANT);
    await screen.findByTestId('asset-gate01');
    const toggle = screen.getByLabelText('Show or hide the asset tree');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(screen.queryByTestId('asset-gate01')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(await screen.findByTestId('asset-gate01')).toBeInTheDocument();
  });

  it('shows each asset by its label, not its key, in the tree and in what the page says of it', async () => {
    await open([
      { ...asset(1, 'refinery', null, 2), label: 'Refinery' },
      { ...asset(2, 'coke_drum_a', 1, 2), label: 'Coke drum A' },
      asset(3, 'gate01', 2, 2),
    ]);
    const drum = await screen.findByTestId('asset-coke_drum_a');
    expect(within(drum).getByText('Coke drum A')).toBeInTheDocument();
    expect(screen.queryByText('coke_drum_a')).not.toBeInTheDocument();
    // Without a label, the key.
    expect(within(node('gate01')).getByText('gate01')).toBeInTheDocument();
    fireEvent.click(drum);
    expect(await screen.findByText('Incidences of Coke drum A')).toBeInTheDocument();
  });

  it('invites an administrator to upload a site plan while there is none, and no one else', async () => {
    await open(PLANT, administrator);
    const hint = await screen.findByText(
      'No site plan yet: upload one so that the markers stand on the plant.',
    );
    fireEvent.click(within(hint.closest('.ant-alert') as HTMLElement).getByText('Upload a site plan'));
    expect(await screen.findByLabelText('Image (PNG or JPEG)')).toBeInTheDocument();
    server.stop();
    cleanup();

    await open(PLANT);
    await screen.findByTestId('asset-gate01');
    await waitFor(() => expect(server.requests('GET', SITE_PLAN)).toHaveLength(1));
    expect(screen.queryByText('Upload a site plan')).not.toBeInTheDocument();
  });

  it('says when no asset has rules yet', async () => {
    await open([]);
    expect(await screen.findByText('No asset has incidence rules yet.')).toBeInTheDocument();
  });
});
