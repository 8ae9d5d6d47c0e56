import type { AssetStatusDto, PlantCurrentStatusDto } from '@plantlens/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError, type Reply } from '../../../testing/test-api-server';

const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };
const querier = { username: 'ana', authorities: ['QUERY'] };

const gate = (name: string, errors: number): AssetStatusDto => ({
  assetName: name,
  assetErrors: Array.from({ length: errors }, () => ({
    beginDate: 1_700_000_000,
    endDate: 1_700_000_060,
    errorCode: 1,
  })),
});
const plantStatus: PlantCurrentStatusDto = {
  dateTime: 1_700_000_060,
  cokeDrumAStatus: {
    gateStatuses: [gate('Gate 01', 2), gate('Gate 02', 0)],
    liftStatuses: [gate('Lift plug', 1)],
    switchStatuses: [gate('Switch', 0)],
  },
};

const figure = (route: string) => screen.getByTestId(`figure-${route}`);

describe('workspace tiles', () => {
  let server: TestApiServer;
  let releaseQueries: (reply: Reply) => void;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', '/api/web/evaluations-incidence/v2', {
        json: { data: [], pagination: { totalPages: 3, currentPage: 1, totalItems: 3 } },
      })
      .answer('GET', '/api/web/rules-incidence', { json: [{ id: 1 }, { id: 2 }] })
      .answer('GET', '/api/web/variable/page', {
        json: { variables: [], totalPages: 124, currentPage: 1, count: 1234 },
      })
      .answer('GET', '/api/web/ampo/plant-current-status/', { json: plantStatus })
      // Held until the test releases it, to see the figure loading.
      .answer('GET', '/api/web/query/', () => new Promise<Reply>((release) => (releaseQueries = release)));
    await server.start();
  });

  afterEach(() => server.stop());

  it('gives each tile an icon, a line on what it is for, and its live figure once loaded', async () => {
    await renderApp('/workspace', { account: admin });
    await waitFor(() => expect(figure('IncidenceList')).toHaveTextContent('3 open incidences'));
    await waitFor(() => expect(figure('RuleIncidenceList')).toHaveTextContent('2 rules'));
    await waitFor(() => expect(figure('VariableManagement')).toHaveTextContent('1234 variables'));
    await waitFor(() => expect(figure('AmpoCurrentStatus')).toHaveTextContent('2 valves in alarm'));
    expect(figure('QueryList').querySelector('.ant-skeleton')).not.toBeNull();
    releaseQueries({ json: [{ id: 9, name: 'Boiler' }] });
    await waitFor(() => expect(figure('QueryList')).toHaveTextContent('1 saved query'));

    const incidences = screen.getByTestId('tile-IncidenceList');
    expect(within(incidences).getByRole('img', { name: 'warning' })).toBeInTheDocument();
    expect(incidences).toHaveTextContent('Incidences to review, manage and resolve');
    expect(screen.getByTestId('tile-EventList')).toHaveTextContent(
      'Events the rules raised, with their e-mails',
    );
    expect(screen.queryByTestId('figure-EventList')).not.toBeInTheDocument();
    expect(server.requests('GET', '/api/web/evaluations-incidence/v2').map(({ query }) => query)).toEqual([
      { page: '1', pageSize: '1' },
    ]);
  });

  it('shows the figures in Spanish', async () => {
    const { i18n } = await renderApp('/workspace', { account: admin });
    await waitFor(() => expect(figure('AmpoCurrentStatus')).toHaveTextContent('2 valves in alarm'));
    await waitFor(() => expect(figure('IncidenceList')).toHaveTextContent('3 open incidences'));
    await act(() => i18n.changeLanguage('es_ES'));
    expect(figure('IncidenceList')).toHaveTextContent('3 incidencias abiertas');
    expect(figure('AmpoCurrentStatus')).toHaveTextContent('2 válvulas en alarma');
    expect(screen.getByTestId('tile-VariableManagement')).toHaveTextContent(
      'Todas las variables con su unidad, etiquetas y tipo',
    );
  });

  it('marks a figure that could not be read, and keeps the tile', async () => {
    server.answer('GET', '/api/web/evaluations-incidence/v2', apiError(500, 'down'));
    await renderApp('/workspace', { account: admin });
    await waitFor(() =>
      expect(within(figure('IncidenceList')).getByLabelText('Figure not available')).toHaveTextContent('—'),
    );
    expect(screen.getByTestId('tile-IncidenceList')).toHaveAttribute('href', '/incidence/list');
  });

  it('asks only the figures of the tiles the user sees', async () => {
    await renderApp('/workspace', { account: querier });
    await waitFor(() => expect(server.requests('GET', '/api/web/query/')).toHaveLength(1));
    releaseQueries({ json: [] });
    await waitFor(() => expect(figure('QueryList')).toHaveTextContent('0 saved queries'));
    expect(screen.getAllByTestId(/^tile-/)).toHaveLength(1);
    expect(server.received.filter(({ method }) => method === 'GET').map(({ path }) => path)).toEqual([
      '/api/web/query/',
    ]);
  });
});
