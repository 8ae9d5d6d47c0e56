import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';
import { PLANT_TREE, STATUS_WITH_ALARMS, STATUS_WITHOUT_ALARMS, T0 } from '../fixtures/valve-fixtures';
import { VALVE_ZOOM_STORAGE_KEY } from '../zoom-slice';
import './ampo-current-status-page';
import './incidence-review-page';

jest.setTimeout(60_000);

const STATUS = '/api/web/ampo/plant-current-status/';
const TREE = '/api/web/ampo/plant-tree/';
const operator = { username: 'ana', authorities: ['AMPOCURRENTSTATUS'] };

describe('/ampo/current-status', () => {
  let server: TestApiServer;

  afterEach(async () => {
    await server.stop();
    localStorage.removeItem(VALVE_ZOOM_STORAGE_KEY);
  });

  async function open(status = STATUS_WITH_ALARMS) {
    server = new TestApiServer()
      .answer('GET', STATUS, { json: status })
      .answer('GET', TREE, { json: PLANT_TREE });
    await server.start();
    return renderApp('/ampo/current-status', { account: operator });
  }

  it('shows the plant in its alarm variant with the total, and the last update', async () => {
    await open();
    const plant = await screen.findByTestId('plant-image');
    expect(plant).toHaveAttribute('data-variant', 'alarm');
    expect(within(screen.getByTestId('alarm-counter-total')).getByText('3')).toBeInTheDocument();
    // The per-type counters belong to the coke-drum zoom.
    expect(screen.queryByTestId('alarm-counter-Gate')).not.toBeInTheDocument();
    expect(screen.getByTestId('last-update')).toHaveTextContent(/^Last update: 2 March 2026/);
  });

  it('shows the normal plant and "-" without alarms or data', async () => {
    await open(STATUS_WITHOUT_ALARMS);
    expect(await screen.findByTestId('plant-image')).toHaveAttribute('data-variant', 'normal');
    expect(screen.getByTestId('last-update')).toHaveTextContent('Last update: -');
  });

  it('zooms to the coke drum, remembers it across visits, and goes back up', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Zoom to Coke Drum A' }));
    await screen.findByTestId('coke-drum-image');
    expect(localStorage.getItem(VALVE_ZOOM_STORAGE_KEY)).toBe('cokeDrum');
    expect(within(screen.getByTestId('alarm-counter-Gate')).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByTestId('alarm-counter-Plug')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('alarm-counter-Switchplug')).getByText('0')).toBeInTheDocument();
    cleanup();
    await server.stop();

    // A new visit (new store) starts in the coke-drum zoom.
    await open();
    await screen.findByTestId('coke-drum-image');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the plant' }));
    await screen.findByTestId('plant-image');
    expect(localStorage.getItem(VALVE_ZOOM_STORAGE_KEY)).toBe('plant');
  });

  it('marks valves with alarms red and hides the overlay of the others; the tree colours the counts', async () => {
    localStorage.setItem(VALVE_ZOOM_STORAGE_KEY, 'cokeDrum');
    await open();
    await screen.findByTestId('valve-overlay-gate01');
    expect(screen.getByTestId('valve-overlay-lift01')).toBeInTheDocument();
    for (const quiet of ['gate02', 'lift02', 'lift05', 'switch01']) {
      expect(screen.queryByTestId(`valve-overlay-${quiet}`)).not.toBeInTheDocument();
    }
    const gate01 = await screen.findByTestId('status-node-gate01');
    expect(within(gate01).getByTitle('2 alarms')).toHaveAttribute('data-alarm', 'true');
    expect(within(screen.getByTestId('status-node-gate02')).getByTitle('0 alarms')).toHaveAttribute(
      'data-alarm',
      'false',
    );
    expect(within(screen.getByTestId('status-node-cokeDrumA')).getByText('3')).toBeInTheDocument();
  });

  it('lists every error of an asset on hover, the first in bold', async () => {
    localStorage.setItem(VALVE_ZOOM_STORAGE_KEY, 'cokeDrum');
    await open();
    fireEvent.mouseEnter(await screen.findByTestId('status-node-gate01'));
    const errors = await screen.findByTestId('asset-errors');
    const [first, second] = Array.from(errors.children) as HTMLElement[];
    expect(first).toHaveTextContent(
      /^Sustained high torque \d\d\/03\/2026 \d\d:00:00 – \d\d\/03\/2026 \d\d:01:00$/,
    );
    expect(first).toHaveStyle({ fontWeight: '700' });
    expect(second).toHaveTextContent(/^Low steam pressure /);
    expect(second).toHaveStyle({ fontWeight: '400' });
  });

  it('lists the errors of a valve on hover of its overlay too', async () => {
    localStorage.setItem(VALVE_ZOOM_STORAGE_KEY, 'cokeDrum');
    await open();
    fireEvent.mouseEnter(await screen.findByTestId('valve-overlay-lift01'));
    expect(await screen.findByTestId('asset-errors')).toHaveTextContent(/^High torque when unseating /);
  });

  it('opens the review of the first error of an asset with alarms, from the tree or the drawing', async () => {
    localStorage.setItem(VALVE_ZOOM_STORAGE_KEY, 'cokeDrum');
    const { router } = await open();
    fireEvent.click(await screen.findByTestId('status-node-gate01'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ampo/incidence-review'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      asset: 'gate01',
      beginDate: String(T0),
      endDate: String(T0 + 60),
      error: '2',
    });
    await act(() => router.navigate('/ampo/current-status'));
    // An asset without alarms opens nothing.
    fireEvent.click(await screen.findByTestId('status-node-gate02'));
    fireEvent.click(screen.getByTestId('valve-overlay-lift01'));
    await waitFor(() => expect(router.state.location.search).toContain('asset=lift01'));
  });

  it('refreshes the status every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await open();
      // The next poll is timed from the answer.
      await screen.findByTestId('plant-image');
      act(() => jest.advanceTimersByTime(29_000));
      expect(server.requests('GET', STATUS)).toHaveLength(1);
      act(() => jest.advanceTimersByTime(1_500));
      await waitFor(() => expect(server.requests('GET', STATUS)).toHaveLength(2));
    } finally {
      jest.useRealTimers();
    }
  });
});
