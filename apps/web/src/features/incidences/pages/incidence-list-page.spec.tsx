import type {
  DayEvolutionDto,
  IncidenceStatus,
  IncidenceSummaryV1Dto,
  IncidenceSummaryV2Dto,
  RuleIncidenceDto,
} from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appErrors } from '../../../testing/app-errors';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError, type ReceivedRequest } from '../../../testing/test-api-server';
import './incidence-list-page';

jest.setTimeout(120_000);

const superadmin = { username: 'root', authorities: ['ROLE_SUPERADMIN', 'INCIDENCE', 'EXPLORER'] };
const incidenceUser = { username: 'ana', authorities: ['INCIDENCE', 'EXPLORER'] };
const incidenceOnly = { username: 'eva', authorities: ['INCIDENCE'] };

const V2 = '/api/web/evaluations-incidence/v2';
const V1 = '/api/web/evaluations-incidence';
const FIRST = Date.UTC(2026, 2, 1, 8, 0, 0) / 1000;
const HOUR_MS = 3_600_000;

const days = (activeDays: number): DayEvolutionDto[] =>
  Array.from({ length: 30 }, (_, index) => ({
    date: [2026, 3, index + 1] as [number, number, number],
    ratio: index < activeDays ? 0.5 : 0,
    activations: index < activeDays ? 2 : 0,
    totalEvaluations: 4,
  }));

const summary = (id: number, name: string, gravityPercent: number): IncidenceSummaryV2Dto => ({
  id,
  rule: { id: id + 100, name, isEnabled: true, canEdit: true },
  firstActivationDate: FIRST,
  lastActivationDate: FIRST + 7200,
  gravityPercent,
  totalActivations: 3,
  origin: `${name} origin`,
  status: 'NEW',
  historicStatus: [{ status: 'NEW', date: FIRST, userId: null }],
  evolutionLast30Days: days(3),
  variableIds: [id, id + 1],
  open: false,
});

// The v1 shape of the same summary (spec §3 "Older v1 summary").
const asV1 = (item: IncidenceSummaryV2Dto): IncidenceSummaryV1Dto => ({
  id: item.id,
  name: item.rule.name,
  ruleId: item.rule.id,
  firstActivation: new Date(item.firstActivationDate * 1000).toISOString(),
  lastActivation: new Date(item.lastActivationDate * 1000).toISOString(),
  gravity: item.gravityPercent / 100,
  numberOfRealActivations: item.totalActivations,
  origin: null,
  enabled: item.rule.isEnabled,
  canEdit: item.rule.canEdit,
  status: item.status,
  statusChanges: [],
  dayEvaluations: [],
});

// A small incidence service: summaries with their statuses, filtered by status and paged as asked.
class IncidenceService {
  summaries = [summary(1, 'Drum pressure high', 25), summary(2, 'Gate torque', 12.345)];

  page(query: Record<string, string>) {
    const rows = this.summaries.filter((item) => !query.filterStatus || item.status === query.filterStatus);
    const size = Number(query.pageSize);
    const page = Number(query.page);
    return { rows: rows.slice((page - 1) * size, page * size), total: rows.length, size, page };
  }

  setStatus(id: number, status: IncidenceStatus) {
    const item = this.summaries.find((candidate) => candidate.id === id)!;
    item.status = status;
    item.historicStatus.push({ status, date: item.lastActivationDate, userId: 1 });
  }
}

const labelled = (label: string) => screen.getByLabelText(label);
const rowNames = () =>
  [...document.querySelectorAll('tbody tr.ant-table-row td:first-child')].map((cell) => cell.textContent);
const queries = (server: TestApiServer, path = V2) => server.requests('GET', path).map(({ query }) => query);
const lastQuery = (server: TestApiServer, path = V2) => queries(server, path).at(-1);
const bodies = (requests: ReceivedRequest[]) => requests.map(({ body }) => body);

function lastDropdown(): HTMLElement {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  return dropdowns[dropdowns.length - 1];
}
async function choose(label: string, option: string) {
  fireEvent.mouseDown(labelled(label));
  fireEvent.click(
    await waitFor(() =>
      within(lastDropdown()).getByText(option, { selector: '.ant-select-item-option-content' }),
    ),
  );
}
// The status shown by a row's selector.
const statusOf = (name: string) =>
  labelled(`Status of ${name}`).closest('.ant-select-content')?.getAttribute('title');

describe('/incidence/list', () => {
  let server: TestApiServer;
  let service: IncidenceService;

  beforeEach(async () => {
    service = new IncidenceService();
    server = new TestApiServer()
      .answer('GET', V2, ({ query }) => {
        const { rows, total, size, page } = service.page(query);
        return {
          json: {
            data: rows,
            pagination: {
              totalPages: Math.max(1, Math.ceil(total / size)),
              currentPage: page,
              totalItems: total,
            },
          },
        };
      })
      .answer('GET', V1, ({ query }) => {
        const { rows, total, size, page } = service.page(query);
        return {
          json: {
            data: rows.map(asV1),
            totalPages: Math.ceil(total / size),
            currentPage: page,
            count: total,
          },
        };
      })
      .answer('GET', '/api/web/rules-incidence', {
        json: [{ tags: ['boiler', 'valves'] } as Partial<RuleIncidenceDto>],
      });
    for (const id of [1, 2]) {
      server
        .answer('PUT', `${V1}/${id}/`, ({ body }) => {
          service.setStatus(id, (body as { status: IncidenceStatus }).status);
          return { status: 204, text: '' };
        })
        .answer('PUT', `${V1}/resolve-summary/${id}/`, () => {
          service.summaries = service.summaries.filter((item) => item.id !== id);
          return { status: 204, text: '' };
        });
    }
    await server.start();
  });

  afterEach(() => server.stop());

  it('shows the open summaries of v2 to a superadmin, most grave first, with the legend and 30-day strips', async () => {
    await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Drum pressure high', { selector: 'td a' });
    expect(queries(server)).toEqual([{ page: '1', pageSize: '10', sortField: 'gravity', sortOrder: 'desc' }]);
    expect(rowNames()).toEqual(['Drum pressure high', 'Gate torque']);
    expect(screen.getByText('25.00%')).toBeInTheDocument();
    expect(screen.getByText('12.35%')).toBeInTheDocument();
    const legend = labelled('Severity legend');
    expect(within(legend).getByText('0.00%')).toBeInTheDocument();
    expect(within(legend).getByText('100.00%')).toBeInTheDocument();
    expect(within(labelled('Last 30 days of Gate torque')).getAllByTestId('evolution-day')).toHaveLength(30);
    expect(
      within(labelled('Last 30 days of Gate torque')).getAllByTestId('evolution-day')[0],
    ).toHaveAttribute('title', '2026-03-01: 2 activations in 4 evaluations');
    expect(screen.getByText('Drum pressure high origin')).toBeInTheDocument();
    expect(labelled('Back')).toHaveAttribute('href', '/workspace');
    expect(screen.getByText('Incidence history').closest('a')).toHaveAttribute(
      'href',
      '/incidence-historic/list',
    );
  });

  it("opens the evolution explorer on the rule's variables over the incidence from its name", async () => {
    await renderApp('/incidence/list', { account: superadmin });
    const link = await screen.findByText('Gate torque', { selector: 'td a' });
    const start = FIRST * 1000 - HOUR_MS;
    const end = (FIRST + 7200) * 1000 + HOUR_MS;
    expect(link).toHaveAttribute(
      'href',
      `/explorer-evolution?variables=2,3&startDate=${start}&endDate=${end}&origin=IncidenceList&ruleId=102`,
    );
  });

  it('filters by status, tags and activations in 30 days, in the address and in the request', async () => {
    const { router } = await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Drum pressure high', { selector: 'td a' });

    await choose('Filter by status', 'Under review');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ filterStatus: 'REVISION', page: '1' }));
    await waitFor(() => expect(rowNames()).toEqual([]));

    await choose('Filter by tags', 'boiler');
    await waitFor(() =>
      expect(lastQuery(server)).toMatchObject({ filterStatus: 'REVISION', filterTags: 'boiler' }),
    );

    fireEvent.click(screen.getByText('Activations in 30 days'));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ lastActivationFiltered: 'true' }));
    expect(router.state.location.search).toBe('?status=REVISION&tags=boiler&last30Days=true');
  });

  it('sorts and pages on the server', async () => {
    service.summaries = Array.from({ length: 12 }, (_, index) =>
      summary(index + 1, `Rule ${index + 1}`, 50 - index),
    );
    const { router } = await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Rule 1', { selector: 'td a' });
    expect(rowNames()).toHaveLength(10);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ page: '2' }));
    await waitFor(() => expect(rowNames()).toEqual(['Rule 11', 'Rule 12']));

    fireEvent.click(document.querySelector('th[aria-label="Rule"]') as HTMLElement);
    await waitFor(() =>
      expect(lastQuery(server)).toMatchObject({ page: '1', sortField: 'name', sortOrder: 'asc' }),
    );
    expect(router.state.location.search).toBe('?sortField=name&sortOrder=asc');
  });

  it('moves an incidence through REVISION and REPORTED with its selector, then resolves it (SOLVED)', async () => {
    await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    expect(statusOf('Gate torque')).toBe('New');

    await choose('Status of Gate torque', 'Under review');
    await waitFor(() => expect(statusOf('Gate torque')).toBe('Under review'));
    await waitFor(() => expect(labelled('Status of Gate torque')).toBeEnabled());

    // The status it already has sends nothing.
    await choose('Status of Gate torque', 'Under review');
    await choose('Status of Gate torque', 'Reported');
    await waitFor(() => expect(statusOf('Gate torque')).toBe('Reported'));
    expect(bodies(server.requests('PUT', `${V1}/2/`))).toEqual([
      { status: 'REVISION' },
      { status: 'REPORTED' },
    ]);
    expect(service.summaries[1].historicStatus.map(({ status }) => status)).toEqual([
      'NEW',
      'REVISION',
      'REPORTED',
    ]);
    const listLoads = queries(server).length;

    fireEvent.click(labelled('Resolve Gate torque'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(rowNames()).toEqual(['Drum pressure high']));
    expect(server.requests('PUT', `${V1}/resolve-summary/2/`)).toHaveLength(1);
    expect(queries(server).length).toBe(listLoads + 1);
  });

  it('says so when a status change is refused', async () => {
    server.answer('PUT', `${V1}/2/`, apiError(403, 'You may not handle the incidences of this rule'));
    await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    await choose('Status of Gate torque', 'Dismissed');
    expect(await screen.findByText('The status of Gate torque could not be changed')).toBeInTheDocument();
    expect(statusOf('Gate torque')).toBe('New');
  });

  it('greys the status, Resolve and the switch of a summary the user may only read', async () => {
    service.summaries[1].rule.canEdit = false;
    await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    expect(labelled('Status of Gate torque')).toBeDisabled();
    expect(labelled('Resolve Gate torque')).toBeDisabled();
    expect(labelled('Rule Gate torque enabled')).toBeDisabled();
    expect(labelled('Status of Drum pressure high')).toBeEnabled();
    expect(labelled('Resolve Drum pressure high')).toBeEnabled();
    expect(labelled('Rule Drum pressure high enabled')).toBeEnabled();
  });

  it('switches the rule of a summary off at once, then tells the server', async () => {
    let answer: () => void = () => undefined;
    server.answer(
      'PUT',
      `${V1}/manage-summary/102/`,
      () => new Promise((done) => (answer = () => done({ status: 204, text: '' }))),
    );
    await renderApp('/incidence/list', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    fireEvent.click(labelled('Rule Gate torque enabled'));
    await waitFor(() =>
      expect(labelled('Rule Gate torque enabled')).toHaveAttribute('aria-checked', 'false'),
    );
    await waitFor(() => expect(server.requests('PUT', `${V1}/manage-summary/102/`)).toHaveLength(1));
    expect(bodies(server.requests('PUT', `${V1}/manage-summary/102/`))).toEqual([{ enabled: false }]);
    answer();
  });

  it('gives other incidence users the v1 list, whose rule names ask the server for the variables', async () => {
    server.answer('GET', '/api/web/rules-incidence/variable-ids/101', { json: [1, 2] });
    const { router } = await renderApp('/incidence/list', { account: incidenceUser });
    await screen.findByText('Drum pressure high', { selector: 'td a' });
    expect(queries(server, V1)).toEqual([
      { page: '1', pageSize: '10', sortField: 'gravity', sortOrder: 'desc' },
    ]);
    expect(server.requests('GET', V2)).toEqual([]);
    expect(screen.getByText('25.00%')).toBeInTheDocument();
    expect(screen.queryByText('Origin')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('Drum pressure high', { selector: 'td a' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-evolution'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      variables: '1,2',
      startDate: String(FIRST * 1000 - HOUR_MS),
      endDate: String((FIRST + 7200) * 1000 + HOUR_MS),
      origin: 'IncidenceList',
      ruleId: '101',
    });
  });

  it('shows rule names as plain text to a user who may not open the explorer', async () => {
    await renderApp('/incidence/list', { account: incidenceOnly });
    await screen.findByText('Gate torque', { selector: 'td span' });
    expect(screen.queryByText('Gate torque', { selector: 'td a' })).not.toBeInTheDocument();
  });

  describe('a valve failure source', () => {
    const NAME = 'gate01 · 2 sustained high torque';
    const valveHistoric = `/ampo/historic-analysis?origin=IncidenceList&asset=gate01&error=2&startDate=${
      FIRST * 1000 - HOUR_MS
    }&endDate=${(FIRST + 7200) * 1000 + HOUR_MS}&ruleId=103`;
    let errors: jest.SpyInstance;

    // Its summary names no variables; the rule list says it is a source.
    beforeEach(() => {
      service.summaries.push({ ...summary(3, NAME, 100), variableIds: [] });
      server.answer('GET', '/api/web/rules-incidence', {
        json: [
          { id: 101, tags: ['boiler'], source: null },
          { id: 103, tags: ['valves'], source: { asset: 'gate01', errorCode: 2 } },
        ] as Partial<RuleIncidenceDto>[],
      });
      errors = jest.spyOn(console, 'error');
    });

    afterEach(() => errors.mockRestore());

    // Nothing about variables is asked for a source, and nothing goes wrong.
    const expectNoVariableRequest = () => {
      expect(server.received.filter(({ path }) => path.includes('variable'))).toEqual([]);
      expect(appErrors(errors)).toEqual([]);
    };

    it('opens in valve monitoring: the historic analysis of its asset over the incidence', async () => {
      await renderApp('/incidence/list', {
        account: { ...superadmin, authorities: [...superadmin.authorities, 'AMPOCURRENTSTATUS'] },
      });
      const link = await screen.findByText(NAME, { selector: 'td a' });
      expect(link).toHaveAttribute('href', valveHistoric);
      expect(link).toHaveAttribute('title', `Open ${NAME} in valve monitoring`);
      const row = link.closest('tr') as HTMLElement;
      expect(within(row).getByText('Valve failure')).toBeInTheDocument();
      // The rules keep their explorer link.
      expect(screen.getByText('Gate torque', { selector: 'td a' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/explorer-evolution\?variables=2,3&/),
      );
      expectNoVariableRequest();
    });

    it('gives v1 users the same link, without asking the server for its variables', async () => {
      await renderApp('/incidence/list', {
        account: { ...incidenceUser, authorities: [...incidenceUser.authorities, 'AMPOCURRENTSTATUS'] },
      });
      expect(await screen.findByText(NAME, { selector: 'td a' })).toHaveAttribute('href', valveHistoric);
      expectNoVariableRequest();
    });

    it('shows its name as plain text, tagged, to a user without valve monitoring', async () => {
      await renderApp('/incidence/list', { account: superadmin });
      await screen.findByText('Gate torque', { selector: 'td a' });
      const name = screen.getByText(NAME, { selector: 'td *' });
      expect(name.closest('a')).toBeNull();
      expect(within(name.closest('tr') as HTMLElement).getByText('Valve failure')).toBeInTheDocument();
      expectNoVariableRequest();
    });
  });

  it('opened from the map: narrowed to the asset, and Back returns to the map', async () => {
    await renderApp('/incidence/list?origin=CurrentStatusIncidence&assets=4', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    expect(lastQuery(server)).toMatchObject({ filterAssets: '4' });
    expect(labelled('Back')).toHaveAttribute('href', '/incidence-current-status');
  });
});
