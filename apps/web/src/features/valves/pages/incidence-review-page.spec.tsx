import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { PLANT_TREE, REVIEW, T0, referenceCurves } from '../fixtures/valve-fixtures';
import './incidence-review-page';

jest.setTimeout(60_000);

const REVIEW_PATH = '/api/web/ampo/incidence-review/';
const CURVES = '/api/web/ampo/reference-curves/';
const ACTUATIONS = '/api/web/ampo/valve-actuations/';
const operator = { username: 'ana', authorities: ['AMPOCURRENTSTATUS'] };
const administrator = { username: 'root', authorities: ['ROLE_ADMIN'] };

describe('/ampo/incidence-review', () => {
  let server: TestApiServer;

  afterEach(() => server.stop());

  // The administration tests leave the charts out (a failed review): Highcharts is slow in jsdom.
  async function open(search: string, { learned = true, account = operator, charts = true } = {}) {
    server = new TestApiServer()
      .answer('GET', REVIEW_PATH, charts ? { json: REVIEW } : apiError(500, 'left out'))
      .answer('GET', CURVES, ({ query }) => ({ json: referenceCurves(query.asset, learned) }))
      .answer('GET', ACTUATIONS, { json: 5 })
      .answer('GET', '/api/web/ampo/plant-tree/', { json: PLANT_TREE });
    await server.start();
    return renderApp(`/ampo/incidence-review${search}`, { account });
  }

  it('loads nothing and says what to do without asset, beginDate and endDate', async () => {
    await open(`?asset=gate01&beginDate=${T0}`);
    expect(await screen.findByTestId('review-missing-params')).toHaveTextContent(
      'Choose an asset with alarms on the current status screen to review its incidence.',
    );
    expect(server.requests('GET', REVIEW_PATH)).toEqual([]);
  });

  it('reviews the incident: failure, info card, both charts and the link to the historic analysis', async () => {
    await open(`?asset=gate01&beginDate=${T0}&endDate=${T0 + 60}&error=2`);
    await screen.findByTestId('pair-deviation-chart');
    expect(server.requests('GET', REVIEW_PATH).map(({ query }) => query)).toEqual([
      {
        asset: 'gate01',
        initDate: new Date(T0 * 1000).toISOString(),
        endDate: new Date((T0 + 60) * 1000).toISOString(),
      },
    ]);
    expect(screen.getByTestId('review-failure')).toHaveTextContent(/^Sustained high torque · /);
    expect(screen.getByRole('region', { name: 'Pair deviation · Opening' })).toBeInTheDocument();
    expect(screen.getByTestId('signals-chart')).toBeInTheDocument();
    expect(screen.getByTestId('pair-deviation-chart').querySelector('.highcharts-container')).not.toBeNull();
    expect(await screen.findByTestId('valve-info-cycleNumber')).toHaveTextContent('5');
    expect(screen.getByTestId('valve-info-type')).toHaveTextContent('Gate');
    const link = screen.getByRole('button', { name: /Actuation history/ }).closest('a');
    expect(Object.fromEntries(new URL(link?.href ?? '').searchParams)).toEqual({
      asset: 'gate01',
      beginDate: String(T0),
      endDate: String(T0 + 60),
      error: '2',
      operation: 'openings',
      origin: 'incidenceReview',
    });
    expect(screen.getByText('Current status').closest('a')).toHaveAttribute('href', '/ampo/current-status');
  });

  it('says on the chart when the valve has no learned normal curve', async () => {
    await open(`?asset=gate01&beginDate=${T0}&endDate=${T0 + 60}`, { learned: false });
    const chart = await screen.findByTestId('pair-deviation-chart');
    await waitFor(() =>
      expect(chart).toHaveTextContent(
        'This valve has no learned normal curve yet: judged against the limit curve only.',
      ),
    );
  });

  it('shows "XXX" for a valve the plant does not know, and a quiet notice when the data fail', async () => {
    await open(`?asset=tank9&beginDate=${T0}&endDate=${T0 + 60}`);
    server.answer('GET', REVIEW_PATH, apiError(500, 'boom'));
    expect(await screen.findByTestId('review-error')).toHaveTextContent('The valve data could not be loaded');
    await waitFor(() => expect(screen.getByTestId('valve-info-serialNumber')).toHaveTextContent('XXX'));
  });

  it('lets an administrator learn the normal curves of the valve', async () => {
    await open(`?asset=gate01&beginDate=${T0}&endDate=${T0 + 60}`, { account: administrator, charts: false });
    server.answer('POST', '/api/web/ampo/normal-curves/learn/', { status: 204, text: '' });
    const card = await screen.findByTestId('valve-info-card');
    fireEvent.click(await within(card).findByRole('button', { name: 'Learn normal curves' }));
    expect(await screen.findByText('The normal curves of gate01 have been learned')).toBeInTheDocument();
    expect(server.requests('POST', '/api/web/ampo/normal-curves/learn/').map(({ body }) => body)).toEqual([
      { asset: 'gate01' },
    ]);
  });

  it('lets an administrator edit the descriptive fields of the valve', async () => {
    await open(`?asset=gate01&beginDate=${T0}&endDate=${T0 + 60}`, { account: administrator, charts: false });
    server.answer('PUT', '/api/web/ampo/asset/gate01/', { status: 204, text: '' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit valve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Serial number'), { target: { value: ' SN-9 ' } });
    fireEvent.change(within(dialog).getByLabelText('Tag number'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('gate01 has been saved')).toBeInTheDocument();
    expect(server.requests('PUT', '/api/web/ampo/asset/gate01/').map(({ body }) => body)).toEqual([
      { label: 'gate01', serialNumber: 'SN-9', tagNumber: null, lastMaintenance: null },
    ]);
  });

  it('shows operators no administration of the valve', async () => {
    await open(`?asset=gate01&beginDate=${T0}&endDate=${T0 + 60}`, { charts: false });
    await screen.findByTestId('valve-info-type');
    expect(screen.queryByRole('button', { name: 'Edit valve' })).not.toBeInTheDocument();
  });
});
