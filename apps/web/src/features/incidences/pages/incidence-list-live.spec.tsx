import type { IncidenceSummaryV2Dto } from '@plantlens/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { accountApi } from '../../../lib/account-api';
import { clearTokens, storeTokens } from '../../../lib/session';
import { renderWithI18n } from '../../../testing/render-with-i18n';
import { apiError, TestApiServer } from '../../../testing/test-api-server';
import { INCIDENCE_LIST_REFRESH_MS } from '../live-refresh';
import { IncidenceListPage } from './incidence-list-page';

const V2 = '/api/web/evaluations-incidence/v2';
const V1 = '/api/web/evaluations-incidence';
const FIRST = Date.UTC(2026, 2, 1, 8, 0, 0) / 1000;

const summary = (id: number, name: string): IncidenceSummaryV2Dto => ({
  id,
  rule: { id: id + 100, name, isEnabled: true, canEdit: true },
  firstActivationDate: FIRST,
  lastActivationDate: FIRST + 60,
  gravityPercent: 50,
  totalActivations: 1,
  origin: null,
  status: 'NEW',
  historicStatus: [{ status: 'NEW', date: FIRST, userId: null }],
  evolutionLast30Days: [],
  variableIds: [id],
  open: true,
});

// The page alone (not the app's shell and routes), signed in as a superadmin (the v2 list), in English.
async function renderPage() {
  clearTokens(localStorage);
  storeTokens(localStorage, { accessToken: 'test-access', refreshToken: 'test-refresh' });
  const store = makeStore();
  await store.dispatch(
    accountApi.util.upsertQueryData('getAccount', undefined, {
      username: 'root',
      authorities: ['ROLE_SUPERADMIN', 'INCIDENCE'],
    }),
  );
  renderWithI18n(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter initialEntries={['/incidence/list']}>
          <IncidenceListPage />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
}

function setTabVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('/incidence/list, live', () => {
  let server: TestApiServer;
  let summaries: IncidenceSummaryV2Dto[];
  const listLoads = () => server.requests('GET', V2).length;

  beforeEach(async () => {
    summaries = [summary(1, 'Drum pressure high')];
    server = new TestApiServer()
      .answer('GET', V2, () => ({
        json: {
          data: summaries,
          pagination: { totalPages: 1, currentPage: 1, totalItems: summaries.length },
        },
      }))
      .answer('GET', '/api/web/rules-incidence', { json: [] })
      .answer('PUT', `${V1}/1/`, { status: 204, text: '' })
      .answer('PUT', `${V1}/resolve-summary/1/`, () => {
        summaries = [];
        return { status: 204, text: '' };
      });
    await server.start();
  });

  afterEach(async () => {
    setTabVisibility('visible');
    await server.stop();
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
      jest.setSystemTime(new Date(2026, 10, 25, 10, 0, 5));
    });
    afterEach(() => jest.useRealTimers());

    it('asks again after the documented interval, shows a new incidence without reload, and the time of the data', async () => {
      await renderPage();
      await screen.findByText('Drum pressure high');
      expect(screen.getByTestId('updated-at')).toHaveTextContent('Updated 10:00:05');

      summaries = [...summaries, summary(2, 'Gate torque')];
      act(() => jest.advanceTimersByTime(INCIDENCE_LIST_REFRESH_MS - 1_000));
      expect(listLoads()).toBe(1);
      act(() => jest.advanceTimersByTime(1_500));
      await waitFor(() => expect(listLoads()).toBe(2));
      expect(await screen.findByText('Gate torque')).toBeInTheDocument();
      // waitFor moves the fake clock on as it waits: the second answer came 15 s or more after the first.
      expect(screen.getByTestId('updated-at')).toHaveTextContent(/^Updated 10:00:[2-5]\d$/);
    });

    it('does not ask while the tab is hidden, and asks at once when it shows again', async () => {
      await renderPage();
      await screen.findByText('Drum pressure high');
      act(() => setTabVisibility('hidden'));
      act(() => jest.advanceTimersByTime(3 * INCIDENCE_LIST_REFRESH_MS));
      // Let a request the page should not send reach the server before counting (a real wait).
      const { setTimeout: realTimeout } = jest.requireActual<typeof import('node:timers')>('node:timers');
      await act(() => new Promise((done) => realTimeout(done, 300)));
      expect(listLoads()).toBe(1);

      act(() => setTabVisibility('visible'));
      await waitFor(() => expect(listLoads()).toBe(2));
    });
  });

  it('asks again on Refresh', async () => {
    await renderPage();
    await screen.findByText('Drum pressure high');
    fireEvent.click(screen.getByText('Refresh'));
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('says when a status changed', async () => {
    await renderPage();
    await screen.findByText('Drum pressure high');
    fireEvent.mouseDown(screen.getByLabelText('Status of Drum pressure high'));
    const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
    fireEvent.click(
      await waitFor(() =>
        within(dropdowns[dropdowns.length - 1]).getByText('Reported', {
          selector: '.ant-select-item-option-content',
        }),
      ),
    );
    expect(await screen.findByText('Drum pressure high: status changed to Reported')).toBeInTheDocument();
    expect(server.requests('PUT', `${V1}/1/`).map(({ body }) => body)).toEqual([{ status: 'REPORTED' }]);
  });

  it('asks before resolving, sends nothing when cancelled, and says when it is resolved', async () => {
    await renderPage();
    await screen.findByText('Drum pressure high');
    const resolve = screen.getByLabelText('Resolve Drum pressure high');

    fireEvent.click(resolve);
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Resolve the incidence of Drum pressure high?');
    expect(dialog).toHaveTextContent('cannot be reopened');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests('PUT', `${V1}/resolve-summary/1/`)).toEqual([]);

    fireEvent.click(resolve);
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Incidence of Drum pressure high resolved')).toBeInTheDocument();
    expect(server.requests('PUT', `${V1}/resolve-summary/1/`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Drum pressure high')).not.toBeInTheDocument());
    // The server cannot reopen a resolved summary: no Undo is offered.
    expect(screen.queryByRole('button', { name: /undo/i })).not.toBeInTheDocument();
  });

  it('says so when resolving is refused', async () => {
    server.answer('PUT', `${V1}/resolve-summary/1/`, apiError(409, 'Conflict'));
    await renderPage();
    await screen.findByText('Drum pressure high');
    fireEvent.click(screen.getByLabelText('Resolve Drum pressure high'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resolve' }));
    expect(
      await screen.findByText('The incidence of Drum pressure high could not be resolved'),
    ).toBeInTheDocument();
  });
});
