import type {
  AccountDto,
  CurrentStatusAssetDto,
  IncidenceSummaryV1Dto,
  SitePlanDto,
} from '@plantlens/contracts';
import { SITE_PLAN_MAX_BYTES } from '@plantlens/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { fieldMessage, fillField } from '../../../testing/form-fields';
import { renderComponent } from '../../../testing/render-component';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { FIT_MAX_ZOOM, FIT_PADDING_PX, INITIAL_ZOOM, type LngLatBounds } from '../map-markers';
import { AssetPopup } from './asset-popup';
import { MapControls, type MapCamera } from './map-controls';
import { SitePlanModal } from './site-plan-modal';

jest.setTimeout(30_000);

const SUMMARIES = '/api/web/evaluations-incidence';
const PLAN = '/api/web/current-status-incidence/site-plan';
const operator: AccountDto = { username: 'ana', authorities: ['INCIDENCE'] } as AccountDto;

const renderWith = (ui: ReactElement, account: AccountDto = operator) =>
  renderComponent(ui, { path: '/incidence-current-status', account });

const drum: CurrentStatusAssetDto = {
  id: 2,
  name: 'coke_drum_a',
  label: 'Coke drum A',
  parentId: 1,
  lat: 41.1197,
  lng: 1.1928,
  count: 2,
};

const summary = (
  id: number,
  name: string,
  status: IncidenceSummaryV1Dto['status'],
): IncidenceSummaryV1Dto => ({
  id,
  name,
  ruleId: id * 10,
  firstActivation: '2026-11-20T10:00:00.000Z',
  lastActivation: '2026-11-25T10:00:00.000Z',
  gravity: 0.5,
  numberOfRealActivations: 4,
  origin: null,
  enabled: true,
  canEdit: true,
  status,
  statusChanges: [],
  dayEvaluations: [],
});

describe('current-status map pieces', () => {
  let server: TestApiServer;

  afterEach(() => server?.stop());

  describe('AssetPopup', () => {
    it("lists the asset's open incidences by its label, each a link to them, and all of them", async () => {
      server = new TestApiServer().answer('GET', SUMMARIES, {
        json: {
          data: [summary(5, 'Drum A overpressure', 'NEW'), summary(6, 'Gate 01 high torque', 'REVISION')],
          totalPages: 1,
          currentPage: 1,
          count: 2,
        },
      });
      await server.start();
      await renderWith(<AssetPopup asset={drum} />);
      const popup = await screen.findByTestId('asset-popup');
      expect(within(popup).getByText('Coke drum A')).toBeInTheDocument();
      expect(within(popup).getByText('2 open incidences')).toBeInTheDocument();
      const list = await within(popup).findByLabelText('Open incidences of Coke drum A');
      expect(within(list).getByText('Drum A overpressure').closest('a')).toHaveAttribute(
        'href',
        '/incidence/list?origin=CurrentStatusIncidence&assets=2&filter=Drum+A+overpressure',
      );
      expect(within(list).getByText('Under review')).toBeInTheDocument();
      expect(within(popup).getByText('Incidences of Coke drum A').closest('a')).toHaveAttribute(
        'href',
        '/incidence/list?origin=CurrentStatusIncidence&assets=2',
      );
      // Narrowed to the asset (and its descendants) on the server.
      expect(server.requests('GET', SUMMARIES).map(({ query }) => query.filterAssets)).toEqual(['2']);
    });

    it('says when the asset has no open incidence, or when they cannot be loaded', async () => {
      server = new TestApiServer().answer('GET', SUMMARIES, {
        json: { data: [], totalPages: 0, currentPage: 1, count: 0 },
      });
      await server.start();
      await renderWith(<AssetPopup asset={{ ...drum, label: null, count: 0 }} />);
      const popup = await screen.findByTestId('asset-popup');
      expect(within(popup).getByText('coke_drum_a')).toBeInTheDocument();
      expect(await within(popup).findByText('No open incidences')).toBeInTheDocument();
      server.stop();
      cleanup();

      server = new TestApiServer().answer('GET', SUMMARIES, apiError(500, 'down'));
      await server.start();
      await renderWith(<AssetPopup asset={drum} />);
      expect(await screen.findByText('The incidences could not be loaded')).toBeInTheDocument();
    });
  });

  describe('MapControls', () => {
    // The camera of a map that jsdom cannot draw (no WebGL): what the buttons ask of it.
    function recordingCamera() {
      const calls: unknown[][] = [];
      const camera: MapCamera = {
        zoomIn: () => calls.push(['zoomIn']),
        zoomOut: () => calls.push(['zoomOut']),
        fitBounds: (bounds, options) => calls.push(['fitBounds', bounds, options]),
        jumpTo: (options) => calls.push(['jumpTo', options]),
      };
      return { camera, calls };
    }

    it('zooms in and out, and resets the view to the markers and the plan', async () => {
      server = new TestApiServer();
      await server.start();
      const { camera, calls } = recordingCamera();
      const bounds: LngLatBounds = [1.18, 41.115, 1.2, 41.125];
      await renderWith(<MapControls camera={camera} bounds={bounds} />);
      fireEvent.click(await screen.findByLabelText('Zoom in'));
      fireEvent.click(screen.getByLabelText('Zoom out'));
      fireEvent.click(screen.getByLabelText('Reset view'));
      expect(calls).toEqual([
        ['zoomIn'],
        ['zoomOut'],
        ['fitBounds', bounds, { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM, duration: undefined }],
      ]);
    });

    it('resets to the opening view when nothing is placed', async () => {
      server = new TestApiServer();
      await server.start();
      const { camera, calls } = recordingCamera();
      await renderWith(<MapControls camera={camera} bounds={null} />);
      fireEvent.click(await screen.findByLabelText('Reset view'));
      expect(calls).toEqual([['jumpTo', { center: [0, 0], zoom: INITIAL_ZOOM }]]);
    });
  });

  describe('SitePlanModal', () => {
    const admin: AccountDto = { username: 'root', authorities: ['INCIDENCE', 'ROLE_ADMIN'] } as AccountDto;
    const png = (extra = 0) =>
      new File(
        [
          new Uint8Array([
            0x89,
            0x50,
            0x4e,
            0x47,
            0x0d,
            0x0a,
            0x1a,
            0x0a,
            ...new Array<number>(extra).fill(0),
          ]),
        ],
        'plan.png',
        {
          type: 'image/png',
        },
      );
    const stored: SitePlanDto = {
      contentType: 'image/png',
      bytes: 2048,
      version: 'abc',
      corners: { topLeftLat: 41.125, topLeftLng: 1.18, bottomRightLat: 41.115, bottomRightLng: 1.2 },
      updatedAt: '2026-11-25T10:00:00.000Z',
    };
    const choose = (file: File) =>
      fireEvent.change(screen.getByLabelText('Image (PNG or JPEG)'), { target: { files: [file] } });
    const save = () => fireEvent.click(screen.getByText('Save').closest('button') as HTMLElement);

    async function openModal(plan: SitePlanDto | null, currentView: LngLatBounds | null = null) {
      const closed: boolean[] = [];
      await renderWith(
        <SitePlanModal plan={plan} currentView={currentView} onClose={() => closed.push(true)} />,
        admin,
      );
      await screen.findByText('Corners');
      return closed;
    }

    it('asks for an image and four corners, the top-left north-west of the bottom-right', async () => {
      server = new TestApiServer();
      await server.start();
      await openModal(null);
      save();
      await waitFor(() =>
        expect(fieldMessage('Image (PNG or JPEG)')).toMatch(/^Choose a PNG or JPEG image /),
      );
      expect(fieldMessage('Top-left latitude (°)')).toBe('Mandatory field');

      fillField('Top-left latitude (°)', '41.1');
      fillField('Top-left longitude (°)', '1.2');
      fillField('Bottom-right latitude (°)', '41.2');
      fillField('Bottom-right longitude (°)', '1.1');
      await waitFor(() =>
        expect(fieldMessage('Bottom-right longitude (°)')).toBe(
          'The top-left corner must be north and west of the bottom-right one',
        ),
      );
      expect(server.requests('PUT', `${PLAN}/image`)).toEqual([]);
    });

    it('refuses a file that is not a PNG or JPEG by its bytes, or one over the limit', async () => {
      server = new TestApiServer();
      await server.start();
      await openModal(null);
      choose(new File(['GIF89a'], 'plan.png', { type: 'image/png' }));
      await waitFor(() =>
        expect(fieldMessage('Image (PNG or JPEG)')).toMatch(/^The file is not a PNG or JPEG image /),
      );
      const huge = png();
      Object.defineProperty(huge, 'size', { value: SITE_PLAN_MAX_BYTES + 1 });
      choose(huge);
      await waitFor(() =>
        expect(fieldMessage('Image (PNG or JPEG)')).toMatch(/^The image is larger than 10 MB /),
      );
    });

    it('uploads the image with the corners taken from the current view', async () => {
      server = new TestApiServer().answer('PUT', `${PLAN}/image`, { json: stored });
      await server.start();
      const closed = await openModal(null, [1.180000123, 41.115, 1.2, 41.125]);
      choose(png(24));
      fireEvent.click(screen.getByText('Use the current view'));
      expect(screen.getByLabelText('Top-left longitude (°)')).toHaveValue('1.18');
      save();
      await waitFor(() => expect(closed).toEqual([true]));
      const [request] = server.requests('PUT', `${PLAN}/image`);
      expect(request.query).toEqual({
        topLeftLat: '41.125',
        topLeftLng: '1.18',
        bottomRightLat: '41.115',
        bottomRightLng: '1.2',
      });
      expect(request.headers['content-type']).toBe('image/png');
    });

    it("moves a stored plan without a new image, and shows the server's refusal", async () => {
      server = new TestApiServer().answer(
        'PUT',
        `${PLAN}/corners`,
        apiError(404, 'No site plan has been uploaded'),
      );
      await server.start();
      await openModal(stored);
      expect(screen.getByText(/the current one \(2 kB\) is kept/)).toBeInTheDocument();
      fillField('Bottom-right longitude (°)', '1.21');
      save();
      expect(await screen.findByText('No site plan has been uploaded')).toBeInTheDocument();
      expect(server.requests('PUT', `${PLAN}/corners`).map(({ body }) => body)).toEqual([
        { ...stored.corners, bottomRightLng: 1.21 },
      ]);
    });
  });
});
