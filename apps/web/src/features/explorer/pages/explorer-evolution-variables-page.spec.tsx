import type { VariableMinimalDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, type ReceivedRequest } from '../../../testing/test-api-server';

// Ant Design renders slowly in jsdom, the more so on a busy machine; these tests open many selectors.
jest.setTimeout(120_000);

const explorer = { username: 'luis', authorities: ['EXPLORER', 'QUERY'] };

// The plant's variables, as the server's search and minimal calls answer them: at most 30 rows, each
// carrying the number of all matches.
const plant = (count: number): VariableMinimalDto[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    label: `Sensor ${index + 1}`,
    unit: 'bar',
    categoryId: null,
    clientReference: `PT-${index + 1}`,
  }));

let server: TestApiServer;
let searchedAt: number[];
async function startServer(variables: VariableMinimalDto[]) {
  searchedAt = [];
  server = new TestApiServer()
    .answer('GET', '/api/web/variable/minimal/search', ({ query }) => {
      searchedAt.push(Date.now());
      const matches = variables.filter(({ label }) => label.toLowerCase().includes(query.text.toLowerCase()));
      return { json: matches.slice(0, 30).map((variable) => ({ ...variable, totalRows: matches.length })) };
    })
    .answer('GET', '/api/web/variable/minimal', ({ query }) => ({
      json: variables.filter(({ id }) => query.ids.split(',').map(Number).includes(id)),
    }));
  await server.start();
}
afterEach(() => server.stop());

const searches = () => server.requests('GET', '/api/web/variable/minimal/search');
const texts = (requests: ReceivedRequest[]) => requests.map(({ query }) => query.text);

type Router = Awaited<ReturnType<typeof renderApp>>['router'];
// A route's page is fetched on first visit (the chart's chunk holds Highcharts): allow for it.
const arrivedAt = (router: Router, pathname: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 20_000 });

const rows = () => screen.getAllByTestId('variable-row');
const exploreButton = () => screen.getByRole('button', { name: /Explore/ });
const addButton = () => screen.getByRole('button', { name: /Add variable/ });
const removeButton = (index: number) => screen.getByRole('button', { name: `Remove variable ${index}` });

// The dropdown opened last: antd adds each selector's dropdown to the page when first opened, and keeps it.
function lastDropdown(): HTMLElement {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  if (dropdowns.length === 0) throw new Error('no selector is open');
  return dropdowns[dropdowns.length - 1];
}

// Opens the row's selector (for the first time) and clicks the variable with that client reference.
async function choose(row: number, clientReference: string) {
  fireEvent.mouseDown(within(rows()[row - 1]).getByRole('combobox'));
  fireEvent.click(
    await waitFor(() => within(lastDropdown()).getByTestId(`variable-option-${clientReference}`)),
  );
}

describe('/explorer-evolution-variables', () => {
  it('starts with one empty row: Explore, Add and Remove disabled', async () => {
    await startServer(plant(3));
    await renderApp('/explorer-evolution-variables', { account: explorer });
    expect(await screen.findByRole('heading', { name: 'Parameter selection' })).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(exploreButton()).toBeDisabled();
    expect(addButton()).toBeDisabled();
    expect(removeButton(1)).toBeDisabled();
  });

  it('enables Explore and Add once every row has a variable, Remove once there are two rows', async () => {
    await startServer(plant(3));
    await renderApp('/explorer-evolution-variables', { account: explorer });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    await choose(1, 'PT-2');
    expect(exploreButton()).toBeEnabled();
    fireEvent.click(addButton());
    expect(rows()).toHaveLength(2);
    expect(exploreButton()).toBeDisabled();
    expect(addButton()).toBeDisabled();
    expect(removeButton(1)).toBeEnabled();
    fireEvent.click(removeButton(2));
    expect(rows()).toHaveLength(1);
    expect(exploreButton()).toBeEnabled();
  });

  it('lists at most 30 variables and says how many more match', async () => {
    await startServer(plant(45));
    await renderApp('/explorer-evolution-variables', { account: explorer });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    fireEvent.mouseDown(within(rows()[0]).getByRole('combobox'));
    expect(await screen.findByText('and 15 more')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^variable-option-/)).toHaveLength(30);
  });

  it('searches 300 ms after typing stops, for the last text only', async () => {
    await startServer(plant(12));
    await renderApp('/explorer-evolution-variables', { account: explorer });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    await waitFor(() => expect(texts(searches())).toEqual(['']));
    const combobox = within(rows()[0]).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'sens' } });
    const typed = Date.now();
    fireEvent.change(combobox, { target: { value: 'sensor 1' } });
    // Sensor 1 and Sensor 10 to 12.
    await waitFor(() => expect(within(lastDropdown()).getAllByTestId(/^variable-option-/)).toHaveLength(4));
    expect(texts(searches())).toEqual(['', 'sensor 1']);
    expect(searchedAt[1] - typed).toBeGreaterThanOrEqual(300);
  });

  it('opens the chart with the variables, the resolved preset range and the carried opt* parameters', async () => {
    const before = Date.now();
    await startServer(plant(3));
    const { router } = await renderApp('/explorer-evolution-variables?optGrid=true&origin=QueryList', {
      account: explorer,
    });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    await choose(1, 'PT-3');
    fireEvent.click(addButton());
    await choose(2, 'PT-1');
    fireEvent.click(exploreButton());
    await arrivedAt(router, '/explorer-evolution');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('variables')).toBe('3,1');
    expect(params.get('optGrid')).toBe('true');
    expect(params.get('origin')).toBeNull();
    // Today: from midnight until now.
    const midnight = new Date(before).setHours(0, 0, 0, 0);
    expect(Number(params.get('startDate'))).toBe(midnight);
    expect(Number(params.get('endDate'))).toBeGreaterThanOrEqual(before);
  });

  it('restores the rows and dates of the address, and Cancel resets to one empty row', async () => {
    await startServer(plant(3));
    const { router } = await renderApp(
      '/explorer-evolution-variables?variables=3,1&startDate=1000&endDate=2000000',
      { account: explorer },
    );
    await screen.findByRole('heading', { name: 'Parameter selection' });
    expect(rows().map((row) => row.textContent)).toEqual(['1Sensor 3', '2Sensor 1']);
    expect(server.requests('GET', '/api/web/variable/minimal').map(({ query }) => query.ids)).toEqual([
      '3,1',
    ]);
    expect(screen.getByRole('combobox', { name: 'Range' }).closest('.ant-select')).toHaveTextContent(
      'Custom',
    );
    fireEvent.click(exploreButton());
    await arrivedAt(router, '/explorer-evolution');
    expect(router.state.location.search).toBe('?variables=3,1&startDate=1000&endDate=2000000');
    router.navigate(-1);
    await screen.findByRole('heading', { name: 'Parameter selection' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(1);
    expect(exploreButton()).toBeDisabled();
  });

  it('puts the variables ticked in the multiple-selection modal into the rows', async () => {
    await startServer(plant(3));
    await renderApp('/explorer-evolution-variables', { account: explorer });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    fireEvent.click(screen.getByRole('button', { name: 'Multiple selection' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(await within(modal).findByTestId('variable-option-PT-3'));
    fireEvent.click(within(modal).getByTestId('variable-option-PT-1'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(rows().map((row) => row.textContent)).toEqual(['1Sensor 3', '2Sensor 1']));
    expect(exploreButton()).toBeEnabled();
  });

  it('leaves the rows as they were when the modal is cancelled', async () => {
    await startServer(plant(3));
    await renderApp('/explorer-evolution-variables', { account: explorer });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    fireEvent.click(screen.getByRole('button', { name: 'Multiple selection' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(await within(modal).findByTestId('variable-option-PT-2'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(1);
    expect(exploreButton()).toBeDisabled();
  });

  it('opens the evolution queries from the Queries button', async () => {
    await startServer(plant(3));
    const { router } = await renderApp('/explorer-evolution-variables', { account: explorer });
    fireEvent.click(await screen.findByRole('button', { name: /Queries/ }));
    await arrivedAt(router, '/query/list');
    expect(router.state.location.search).toBe('?filter=explorer-evolution&origin=ExplorerEvolutionVariables');
  });

  it('offers Queries only with the Query feature', async () => {
    await startServer(plant(3));
    await renderApp('/explorer-evolution-variables', {
      account: { username: 'eva', authorities: ['EXPLORER'] },
    });
    await screen.findByRole('heading', { name: 'Parameter selection' });
    expect(screen.queryByRole('button', { name: /Queries/ })).not.toBeInTheDocument();
  });
});
