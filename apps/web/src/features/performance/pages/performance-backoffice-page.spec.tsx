import type { PerformanceDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { clearTokens, storeTokens } from '../../../lib/session';
import { renderWithI18n } from '../../../testing/render-with-i18n';
import { apiError, TestApiServer } from '../../../testing/test-api-server';
import { performanceSample } from '../testing/performance-sample';
import { PerformanceBackofficePage } from './performance-backoffice-page';

const newest = performanceSample('2026-11-25T10:00:05.000Z', {
  pointsInPerSecond: 1234.4,
  pointsWrittenPerSecond: 1200,
  consumerLagMessages: 42,
  consumerLagSeconds: 3.5,
  rollupLagSeconds: 65,
  rulesLagSeconds: 0.012,
  latencyP50Seconds: 0.004,
  latencyP95Seconds: 0.25,
  databaseSizeBytes: 2_500_000,
  bytesPerPoint: 61.04,
});

const figures: PerformanceDto = {
  sampleSeconds: 5,
  current: newest,
  consumerGroups: [{ group: 'variables', lagMessages: 42, lagSeconds: 3.5 }],
  history: [performanceSample('2026-11-25T10:00:00.000Z', {}), newest],
  services: [
    { name: 'variables', up: true },
    {
      name: 'rules-engine',
      up: false,
      failure: { kind: 'unreachable', detail: 'connect ECONNREFUSED 10.0.0.7:3000' },
    },
    {
      name: 'identity',
      up: false,
      failure: { kind: 'http-status', status: 401, detail: 'HTTP 401 Unauthorized' },
    },
  ],
};

// The page alone (not the app's shell and routes), signed in, in English.
function renderPage() {
  clearTokens(localStorage);
  storeTokens(localStorage, { accessToken: 'test-access', refreshToken: 'test-refresh' });
  renderWithI18n(
    <Provider store={makeStore()}>
      <AntApp>
        <MemoryRouter>
          <PerformanceBackofficePage />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
}

describe('performance back office', () => {
  let server: TestApiServer;
  afterEach(() => server.stop());

  async function serve(answer: Parameters<TestApiServer['answer']>[2]) {
    server = new TestApiServer().answer('GET', '/api/web/performance', answer);
    await server.start();
  }

  const figureValue = (name: string) =>
    within(screen.getByRole('region', { name })).getByTestId('figure-value').textContent;

  // Cheapest first: antd builds a component's styles at its first render in the file, so the costs spread.
  it('explains a failed load', async () => {
    await serve(apiError(403, 'Forbidden'));
    renderPage();
    expect(await screen.findByText('The figures could not be loaded')).toBeInTheDocument();
  });

  it('says when there is no sample yet', async () => {
    await serve({ json: { ...figures, current: null, history: [], consumerGroups: [] } });
    renderPage();
    expect(
      await screen.findByText('No samples yet: the first figures arrive within a few seconds.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Points in' })).toBeNull();
  });

  it('shows figures no service reports as not reported', async () => {
    const first = performanceSample('2026-11-25T10:00:00.000Z', {});
    await serve({ json: { ...figures, current: first, history: [first], consumerGroups: [] } });
    renderPage();
    await screen.findByRole('region', { name: 'Points in' });
    expect(figureValue('Points in')).toBe('Not reported');
    expect(figureValue('Request latency')).toBe('Not reported');
    expect(screen.queryByText('Lag per consumer group')).toBeNull();
  });

  it('shows the current figures, the charts of the last hour, the lag per group and the services down', async () => {
    await serve({ json: figures });
    renderPage();
    await screen.findByRole('region', { name: 'Points in' });
    expect(figureValue('Points in')).toBe('1,234/s');
    expect(figureValue('Points written')).toBe('1,200/s');
    expect(figureValue('Consumer lag')).toBe('42 msg · 3.5 secs');
    expect(figureValue('Rollup lag')).toBe('65 secs');
    expect(figureValue('Engine lag')).toBe('12 ms');
    expect(figureValue('Request latency')).toBe('4 ms / 250 ms');
    expect(figureValue('Database size')).toBe('2.5 MB');
    expect(figureValue('Bytes per point')).toBe('61');
    expect(screen.getByText('Points received per second from every source')).toBeInTheDocument();
    expect(screen.getByText(/every 5 seconds .* Updated at \d\d:00:05$/)).toBeInTheDocument();

    for (const chart of ['Points per second', 'Lags (seconds)', 'Request latency (seconds)']) {
      expect(screen.getByRole('region', { name: chart }).querySelector('svg')).not.toBeNull();
    }
    const groups = screen.getByText('Lag per consumer group').closest<HTMLElement>('.ant-table-wrapper')!;
    expect(within(groups).getByText('variables').closest('tr')).toHaveTextContent('variables423.5 secs');

    const services = within(screen.getByRole('list', { name: 'Services' })).getAllByRole('listitem');
    expect(services.map((badge) => badge.textContent)).toEqual([
      'variables: available',
      'rules-engine: unavailable',
      'identity: unavailable',
    ]);
    expect(services[1]).toHaveClass('ant-tag-error');
  });

  it("says in the user's language why a service is down, then the gateway's technical detail", async () => {
    await serve({ json: figures });
    renderPage();
    const services = within(await screen.findByRole('list', { name: 'Services' })).getAllByRole('listitem');
    fireEvent.mouseEnter(services[1]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The connection to the service failedconnect ECONNREFUSED 10.0.0.7:3000',
    );
    fireEvent.mouseLeave(services[1]!);
    fireEvent.mouseEnter(services[2]!);
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').at(-1)).toHaveTextContent(
        'The service answered with HTTP status 401HTTP 401 Unauthorized',
      ),
    );
  });
});
