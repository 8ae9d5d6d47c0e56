import type { HistoricAnalysisDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';
import { PLANT_TREE, T0 } from '../fixtures/valve-fixtures';
import './historic-analysis-page';

jest.setTimeout(60_000);

const HISTORIC = '/api/web/ampo/historic-analysis/';
const operator = { username: 'ana', authorities: ['AMPOCURRENTSTATUS', 'INCIDENCE'] };
const DAY_MS = 86_400_000;

const actuation = (offset: number, torque: number) => ({
  actuationPair: [
    { dateTime: T0 + offset, value: torque },
    { dateTime: T0 + offset + 1, value: torque / 2 },
  ],
  openingDegree: [
    { dateTime: T0 + offset, value: 0 },
    { dateTime: T0 + offset + 1, value: 100 },
  ],
});

const ANALYSIS: HistoricAnalysisDto = {
  openings: [actuation(0, 30), actuation(100, 40)],
  closures: [actuation(200, 50)],
};

const seriesCount = () =>
  screen.getByTestId('historic-chart').querySelectorAll('.highcharts-series-group .highcharts-series').length;

describe('/ampo/historic-analysis', () => {
  let server: TestApiServer;

  afterEach(() => server.stop());

  async function open(search: string) {
    server = new TestApiServer()
      .answer('GET', HISTORIC, { json: ANALYSIS })
      .answer('GET', '/api/web/ampo/plant-tree/', { json: PLANT_TREE })
      .answer('GET', '/api/web/ampo/valve-actuations/', { json: 2 })
      .answer('GET', '/api/web/variable/minimal', {
        json: [
          { id: 4, label: 'Lift 3 torque', unit: '%', categoryId: null, clientReference: 'lift02_torque' },
        ],
      })
      .answer('GET', '/api/web/rules-incidence/7', { json: { id: 7, name: 'Lift torque high' } });
    await server.start();
    return renderApp(`/ampo/historic-analysis${search}`, { account: operator });
  }

  it('asks for a valve and loads nothing without one', async () => {
    await open('');
    expect(await screen.findByText('Choose a valve and a range, then press Explore.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Explore/ })).toBeDisabled();
    expect(server.requests('GET', HISTORIC)).toEqual([]);
    // No origin: no back chevron.
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('from the review: loads at once, shows the movement chosen, clears on a change and restores on return', async () => {
    const search = `?asset=gate01&beginDate=${T0}&endDate=${T0 + 3600}&operation=closures&origin=incidenceReview&error=2`;
    await open(search);
    await screen.findByTestId('historic-chart');
    expect(server.requests('GET', HISTORIC).map(({ query }) => query)).toEqual([
      {
        asset: 'gate01',
        initDate: new Date(T0 * 1000).toISOString(),
        endDate: new Date((T0 + 3600) * 1000).toISOString(),
      },
    ]);
    expect(screen.getByTestId('historic-subject')).toHaveTextContent('Sustained high torque');
    expect(screen.getByRole('radio', { name: 'Closures' })).toBeChecked();
    await waitFor(() => expect(seriesCount()).toBe(1));
    fireEvent.click(screen.getByRole('radio', { name: 'Openings' }));
    await waitFor(() => expect(seriesCount()).toBe(2));

    // Breadcrumb and back chevron lead to the review with its query.
    const review = `/ampo/incidence-review?asset=gate01&beginDate=${T0}&endDate=${T0 + 3600}&error=2`;
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', review);
    expect(screen.getByText('Incidence review').closest('a')).toHaveAttribute('href', review);

    // Another valve: the chart and the title go; the same valve again: they return.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Valve' }));
    fireEvent.click(await screen.findByTitle('gate02'));
    expect(await screen.findByText('The selection changed: press Explore to see it.')).toBeInTheDocument();
    expect(screen.queryByTestId('historic-chart')).not.toBeInTheDocument();
    expect(screen.queryByTestId('historic-subject')).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Valve' }));
    fireEvent.click(await screen.findByTitle('gate01'));
    expect(await screen.findByTestId('historic-chart')).toBeInTheDocument();
    expect(screen.getByTestId('historic-subject')).toBeInTheDocument();
  });

  it('from an incident list: the asset from the client reference, 30 days at most, the rule name', async () => {
    const end = (T0 + 3600) * 1000;
    const { router } = await open(
      `?origin=IncidenceList&ruleId=7&variables=4&startDate=${end - 45 * DAY_MS}&endDate=${end}`,
    );
    await screen.findByTestId('historic-chart');
    expect(server.requests('GET', HISTORIC).map(({ query }) => query)).toEqual([
      {
        asset: 'lift02',
        initDate: new Date(end - 30 * DAY_MS).toISOString(),
        endDate: new Date(end).toISOString(),
      },
    ]);
    expect(await screen.findByText('Rule: Lift torque high')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/incidence/list');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Workspace')).toBeInTheDocument();
    expect(within(breadcrumb).getByText('Incidences')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ampo/historic-analysis');
  });
});
