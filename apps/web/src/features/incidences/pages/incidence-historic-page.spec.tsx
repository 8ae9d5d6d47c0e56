import type { HistoricIncidenceRowDto, PagedListDto, RuleIncidenceDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';
import './incidence-historic-page';

jest.setTimeout(120_000);

const CLOSED = '/api/web/evaluations-incidence/closed-summaries';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const superadmin = { username: 'root', authorities: ['ROLE_SUPERADMIN', 'INCIDENCE', 'EXPLORER'] };
const incidenceUser = { username: 'ana', authorities: ['INCIDENCE', 'EXPLORER'] };

const closed: HistoricIncidenceRowDto = {
  id: 5,
  name: 'Gate torque',
  ruleId: 12,
  numberOfRealActivations: 4,
  origin: 'Gate torque (gate01_torque) > 90',
  firstActivation: '2026-03-01T08:00:00.000Z',
  lastActivation: '2026-03-01T10:00:00.000Z',
  statusChanges: [
    { status: 'NEW', offsetDateTime: '2026-03-01T08:00:00.000Z', userId: null },
    { status: 'SOLVED', offsetDateTime: '2026-03-02T09:30:00.000Z', userId: 1 },
  ],
  variableIds: [8, 9],
};

describe('/incidence-historic/list', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', CLOSED, ({ query }) => ({
        json: {
          data: query.filterTags === 'nothing' ? [] : [closed],
          totalPages: 1,
          currentPage: 1,
          count: 1,
        } satisfies PagedListDto<HistoricIncidenceRowDto>,
      }))
      .answer('GET', '/api/web/rules-incidence', {
        json: [{ tags: ['nothing', 'valves'] } as RuleIncidenceDto],
      });
    await server.start();
  });

  afterEach(() => server.stop());

  it('asks for the closed incidences of the last 7 days until now, and opens one in the explorer', async () => {
    const before = Date.now();
    await renderApp('/incidence-historic/list', { account: superadmin });
    const link = await screen.findByText('Gate torque', { selector: 'td a' });
    const [query] = server.requests('GET', CLOSED).map((request) => request.query);
    expect(query).toMatchObject({ page: '1', pageSize: '10' });
    expect(Date.parse(query.endDate) - Date.parse(query.beginDate)).toBe(7 * DAY_MS);
    expect(Date.parse(query.endDate)).toBeGreaterThanOrEqual(before);
    expect(query).not.toHaveProperty('filterTags');

    const start = Date.parse(closed.firstActivation) - HOUR_MS;
    const end = Date.parse(closed.lastActivation) + HOUR_MS;
    expect(link).toHaveAttribute(
      'href',
      `/explorer-evolution?variables=8,9&startDate=${start}&endDate=${end}&origin=IncidenceHistoric`,
    );
    expect(
      screen.getByText(dayjs('2026-03-02T09:30:00.000Z').format('DD/MM/YYYY HH:mm:ss')),
    ).toBeInTheDocument();
    expect(screen.getByText('Gate torque (gate01_torque) > 90')).toBeInTheDocument();
    expect(screen.getByLabelText('Back')).toHaveAttribute('href', '/incidence/list');
  });

  it("opens a valve failure source's closed incidence in the valve historic analysis of its asset", async () => {
    server
      .answer('GET', CLOSED, {
        json: {
          data: [{ ...closed, name: 'gate01 · 4 high torque when running', ruleId: 13, variableIds: [] }],
          totalPages: 1,
          currentPage: 1,
          count: 1,
        } satisfies PagedListDto<HistoricIncidenceRowDto>,
      })
      .answer('GET', '/api/web/rules-incidence', {
        json: [{ id: 13, tags: [], source: { asset: 'gate01', errorCode: 4 } } as Partial<RuleIncidenceDto>],
      });
    await renderApp('/incidence-historic/list', {
      account: { ...incidenceUser, authorities: [...incidenceUser.authorities, 'AMPOCURRENTSTATUS'] },
    });
    const link = await screen.findByText('gate01 · 4 high torque when running', { selector: 'td a' });
    const start = Date.parse(closed.firstActivation) - HOUR_MS;
    const end = Date.parse(closed.lastActivation) + HOUR_MS;
    expect(link).toHaveAttribute(
      'href',
      `/ampo/historic-analysis?origin=IncidenceHistoric&asset=gate01&error=4&startDate=${start}&endDate=${end}`,
    );
    expect(within(link.closest('tr') as HTMLElement).getByText('Valve failure')).toBeInTheDocument();
    expect(server.received.filter(({ path }) => path.includes('variable'))).toEqual([]);
  });

  it('hides the Origin column from users outside the superadmin, product and INCIDENCEORIGEN groups', async () => {
    await renderApp('/incidence-historic/list', { account: incidenceUser });
    await screen.findByText('Gate torque', { selector: 'td a' });
    expect(screen.queryByText('Origin')).not.toBeInTheDocument();
  });

  it('filters by rule tags', async () => {
    await renderApp('/incidence-historic/list', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    fireEvent.mouseDown(screen.getByLabelText('Filter by tags'));
    const options = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
    fireEvent.click(
      await waitFor(() =>
        within(options[options.length - 1]).getByText('nothing', {
          selector: '.ant-select-item-option-content',
        }),
      ),
    );
    await waitFor(() =>
      expect(server.requests('GET', CLOSED).at(-1)?.query).toMatchObject({
        filterTags: 'nothing',
        page: '1',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByText('Gate torque', { selector: 'td a' })).not.toBeInTheDocument(),
    );
  });

  it('offers no future day in the From and To pickers', async () => {
    await renderApp('/incidence-historic/list', { account: superadmin });
    await screen.findByText('Gate torque', { selector: 'td a' });
    fireEvent.mouseDown(screen.getByLabelText('To'));
    fireEvent.click(screen.getByLabelText('To'));
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    const today = dayjs().format('YYYY-MM-DD');
    const cell = (date: string) => screen.getAllByTitle(date).find((element) => element.tagName === 'TD');
    await waitFor(() => expect(cell(today)).toBeDefined());
    expect(cell(today)).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell(tomorrow)).toHaveClass('ant-picker-cell-disabled');
  });
});
