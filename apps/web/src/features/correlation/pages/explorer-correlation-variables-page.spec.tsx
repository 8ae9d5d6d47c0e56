import type { VariableMinimalDto } from '@plantlens/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';
// The page (and antd's selectors) load with the file rather than on the first visit.
import './explorer-correlation-variables-page';

// Ant Design renders slowly in jsdom, the more so on a busy machine; these tests open many selectors.
jest.setTimeout(120_000);

const explorer = { username: 'luis', authorities: ['EXPLORER', 'QUERY'] };
const VARIABLES: VariableMinimalDto[] = Array.from({ length: 40 }, (_, index) => ({
  id: index + 1,
  label: `Sensor ${index + 1}`,
  unit: index % 2 ? 'bar' : '°C',
  categoryId: null,
  clientReference: `PT-${index + 1}`,
}));

// The server's search (at most 30 matches, each carrying the number of all) and lookup by ids.
let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer()
    .answer('GET', '/api/web/variable/minimal/search', ({ query }) => {
      const matches = VARIABLES.filter(({ label }) => label.toLowerCase().includes(query.text.toLowerCase()));
      return { json: matches.slice(0, 30).map((variable) => ({ ...variable, totalRows: matches.length })) };
    })
    .answer('GET', '/api/web/variable/minimal', ({ query }) => ({
      json: VARIABLES.filter(({ id }) => query.ids.split(',').map(Number).includes(id)),
    }));
  await server.start();
});
afterEach(() => server.stop());

type Router = Awaited<ReturnType<typeof renderApp>>['router'];
const params = (router: Router) => new URLSearchParams(router.state.location.search);
const open = async (search = '') => {
  const rendered = await renderApp(`/explorer-correlation-variables${search}`, { account: explorer });
  await screen.findByText('Correlation: parameter selection');
  await screen.findAllByLabelText(/^X of pair/);
  return rendered.router;
};

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const rows = () => screen.getAllByTestId(/^pair-row-/);
// The dropdown opened last: antd adds each selector's dropdown to the page when first opened, and keeps it.
const lastDropdown = () => {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  return dropdowns[dropdowns.length - 1];
};
// What a selector shows as chosen.
const chosen = (label: string) => screen.getByLabelText(label).closest('.ant-select')?.textContent;
async function choose(label: string, clientReference: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(
    await waitFor(() => within(lastDropdown()).getByTestId(`variable-option-${clientReference}`)),
  );
}

describe('/explorer-correlation-variables', () => {
  it('starts with one empty pair, today as range: Explore, Add and Remove disabled', async () => {
    const router = await open();
    expect(rows()).toHaveLength(1);
    expect(button('Explore')).toBeDisabled();
    expect(button(/Add pair/)).toBeDisabled();
    expect(button('Remove pair 1')).toBeDisabled();
    expect(params(router).get('pair1')).toBeNull();
  });

  it('keeps every choice in the address: pairs, Z and dates survive a reload', async () => {
    const router = await open();
    await choose('X of pair 1', 'PT-3');
    await choose('Y of pair 1', 'PT-4');
    expect(params(router).get('pair1')).toBe('3,4');
    // Today: from midnight to now.
    const start = Number(params(router).get('startDate'));
    expect(new Date(start).getHours()).toBe(0);
    expect(Number(params(router).get('endDate'))).toBeGreaterThan(start);

    fireEvent.click(screen.getByLabelText('Intensity'));
    await choose('Z variable', 'PT-7');
    expect(params(router).get('zType')).toBe('intensity');
    expect(params(router).get('z')).toBe('7');

    // A reload: a new app on the same address.
    const search = router.state.location.search;
    cleanup();
    const reloaded = await open(search);
    expect(reloaded.state.location.search).toBe(search);
    expect(chosen('X of pair 1')).toBe('Sensor 3');
    expect(chosen('Y of pair 1')).toBe('Sensor 4');
    expect(chosen('Z variable')).toBe('Sensor 7');
    // The address's variables were looked up at once; the picked ones cost no lookup.
    expect(server.requests('GET', '/api/web/variable/minimal').map(({ query }) => query.ids)).toEqual([
      '3,4,7',
    ]);
    expect(screen.getByLabelText('Intensity')).toBeChecked();
  });

  it('enables Add once every pair is complete, up to 4 pairs; Remove from two pairs on', async () => {
    const router = await open('?pair1=1,2&pair2=3,4&pair3=5,');
    expect(rows()).toHaveLength(3);
    expect(button(/Add pair/)).toBeDisabled();
    expect(button('Explore')).toBeDisabled();
    await choose('Y of pair 3', 'PT-6');
    expect(button('Explore')).toBeEnabled();
    fireEvent.click(button(/Add pair/));
    expect(rows()).toHaveLength(4);
    expect(params(router).get('pair4')).toBe(',');
    await choose('X of pair 4', 'PT-7');
    await choose('Y of pair 4', 'PT-8');
    // Four pairs: no more.
    expect(button(/Add pair/)).toBeDisabled();
    fireEvent.click(button('Remove pair 2'));
    expect([...params(router)].filter(([name]) => name.startsWith('pair'))).toEqual([
      ['pair1', '1,2'],
      ['pair2', '5,6'],
      ['pair3', '7,8'],
    ]);
  });

  it('lists at most 30 variables with how many more, and never offers a pair its own partner', async () => {
    await open('?pair1=1,2');
    fireEvent.mouseDown(screen.getByLabelText('X of pair 1'));
    expect(await within(lastDropdown()).findByText('and 10 more')).toBeInTheDocument();
    // The chosen X, then the first 30 matches.
    expect(within(lastDropdown()).getAllByTestId(/^variable-option-/)).toHaveLength(30);
    const partner = within(lastDropdown()).getByTestId('variable-option-PT-2').closest('.ant-select-item');
    expect(partner).toHaveClass('ant-select-item-option-disabled');
  });

  it('swaps one pair and clears the Z variable when the Z mode changes', async () => {
    const router = await open('?pair1=1,2&pair2=3,4&z=9&zType=intensity');
    fireEvent.click(button('Swap X and Y of pair 2'));
    expect(params(router).get('pair1')).toBe('1,2');
    expect(params(router).get('pair2')).toBe('4,3');
    expect(button('Explore')).toBeEnabled();
    fireEvent.click(screen.getByLabelText('Global category'));
    expect(params(router).get('zType')).toBe('globalCategory');
    expect(params(router).get('z')).toBeNull();
    // A Z mode needs its variable.
    expect(button('Explore')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('None'));
    expect(params(router).get('zType')).toBeNull();
    expect(button('Explore')).toBeEnabled();
  });

  it('opens the charts with the pairs, Z, dates and every opt* parameter', async () => {
    const router = await open(
      '?pair1=1,2&pair2=5,6&z=9&zType=category&startDate=1700000000000&endDate=1700086400000&optGrid=true&optFuture=x',
    );
    fireEvent.click(button('Explore'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-correlation'), {
      timeout: 20_000,
    });
    expect(router.state.location.search).toBe(
      '?pair1=1,2&pair2=5,6&z=9&zType=category&startDate=1700000000000&endDate=1700086400000&optGrid=true&optFuture=x',
    );
  });

  it('Cancel leaves one empty pair and no Z, keeping the dates', async () => {
    const router = await open('?pair1=1,2&pair2=3,4&z=9&zType=intensity&startDate=1000&endDate=2000');
    fireEvent.click(button('Cancel'));
    expect(rows()).toHaveLength(1);
    expect(router.state.location.search).toBe('?pair1=,&startDate=1000&endDate=2000');
  });

  it('offers the queries of the correlation explorer', async () => {
    await open();
    expect(screen.getByText('Queries', { selector: 'button span' }).closest('a')).toHaveAttribute(
      'href',
      '/query/list?filter=explorer-correlation&origin=ExplorerCorrelationVariables',
    );
    // Without the AggregateVariable feature, no way to a new aggregate variable.
    expect(screen.queryByText('Add aggregate variable')).not.toBeInTheDocument();
  });
});
