import type { CorrelationColumnsDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { renderApp } from '../../../testing/render-app';
import { apiError, TestApiServer } from '../../../testing/test-api-server';
import './explorer-correlation-page';

// Ant Design and Highcharts render slowly in jsdom, the more so on a busy machine.
jest.setTimeout(120_000);

const explorer = { username: 'luis', authorities: ['EXPLORER', 'QUERY'] };
const DATA = '/api/web/explorer/correlation-data';
const RANGE = 'startDate=1700000000000&endDate=1700086400000';

// Variable n has label "Sensor n" and, at the k-th of five instants, the value n + k (Z, id 9: 0 … 4);
// variable 13 is averaged by the server. Variables from 20 on have no points: their charts show "no points"
// rather than a Highcharts chart, which takes jsdom seconds to lay out (every text asks for its style).
// The compact answer (format=columns), which the page asks.
function correlationData(variableIds: number[]): CorrelationColumnsDto {
  const instants = variableIds.some((id) => id >= 20) ? [] : [0, 1, 2, 3, 4];
  return {
    ts: instants.map((k) => 1_700_000_000_000 + 60_000 * k),
    variables: variableIds.map((id) => ({
      metadata: { id, label: `Sensor ${id}`, unit: id === 9 ? '%' : 'bar' },
      values: instants.map((k) => (id === 9 ? k : id + k)),
      sampled: id === 13,
    })),
    categorySets: [],
  };
}

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer().answer('GET', DATA, ({ query }) =>
    query.variableIds === '7,8'
      ? apiError(400, 'variableIds: broken')
      : { json: correlationData(query.variableIds.split(',').map(Number)) },
  );
  await server.start();
});
afterEach(() => server.stop());

// Highcharts draws slowly in jsdom: a chart may take seconds to appear on a busy machine.
const eventually = (assertion: () => void) => waitFor(assertion, { timeout: 30_000 });

type Router = Awaited<ReturnType<typeof renderApp>>['router'];
const params = (router: Router) => new URLSearchParams(router.state.location.search);
async function open(search: string) {
  const { router } = await renderApp(`/explorer-correlation?${search}`, { account: explorer });
  await screen.findAllByTestId('correlation-chart', {}, { timeout: 20_000 });
  return router;
}
const titles = () =>
  screen
    .getAllByTestId('correlation-chart')
    .map((card) => card.querySelector('.ant-card-head-title')?.textContent);
const menuItem = async (menu: string, item: string) => {
  fireEvent.click(screen.getByRole('button', { name: menu }));
  fireEvent.click(
    await screen.findByText(item, {
      selector: '.ant-dropdown-menu-title-content, .ant-dropdown-menu-title-content *',
    }),
  );
};

const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

describe('/explorer-correlation', () => {
  it('goes to the parameter selection, keeping the address, when no pair is complete', async () => {
    const { router } = await renderApp(`/explorer-correlation?pair1=1,&${RANGE}`, { account: explorer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-correlation-variables'), {
      timeout: 20_000,
    });
    expect(router.state.location.search).toBe(`?pair1=1,&${RANGE}`);
  });

  it('asks for each pair with Z over the dates and draws one chart per pair with the meter', async () => {
    await open(`pair1=1,2&pair2=3,4&z=9&zType=intensity&${RANGE}`);
    await eventually(() =>
      expect(titles()).toEqual(['Sensor 1 against Sensor 2', 'Sensor 3 against Sensor 4']),
    );
    expect(server.requests('GET', DATA).map(({ query }) => query)).toEqual([
      { variableIds: '1,2,9', startDate: '1700000000000', endDate: '1700086400000', format: 'columns' },
      { variableIds: '3,4,9', startDate: '1700000000000', endDate: '1700086400000', format: 'columns' },
    ]);
    const meter = screen.getByRole('group', { name: 'Colour scale of Sensor 9' });
    // Z spans 0 to 4: under 9, so two decimals.
    expect(
      within(meter)
        .getAllByTestId('meter-level')
        .map((level) => level.textContent),
    ).toEqual(['0.00', '0.50', '1.00', '1.50', '2.00', '2.50', '3.00', '3.50', '4.00']);
    await eventually(() => expect(document.querySelectorAll('.highcharts-container')).toHaveLength(2));
  });

  it('shows no meter without intensity, the error of a failing pair, and the averaged pairs', async () => {
    await open(`pair1=13,2&pair2=7,8&${RANGE}`);
    expect(await screen.findByText('The data of this pair could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('variableIds: broken')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Colour scale/ })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Averaged pairs')).toBeInTheDocument();
  });

  it('writes each option to the address as a new history entry', async () => {
    const router = await open(`pair1=21,22&pair2=23,24&z=9&zType=intensity&${RANGE}`);
    await menuItem('Options', 'Grid');
    expect(params(router).get('optGrid')).toBe('true');
    await menuItem('Options', 'Swap axes');
    expect([params(router).get('pair1'), params(router).get('pair2')]).toEqual(['22,21', '24,23']);
    await eventually(() =>
      expect(titles()).toEqual(['Sensor 22 against Sensor 21', 'Sensor 24 against Sensor 23']),
    );
    await menuItem('Options', 'Divergent colours');
    expect(params(router).get('optMeter')).toBe('divergent');
    await act(() => router.navigate(-1));
    expect(params(router).get('optMeter')).toBeNull();
    expect(params(router).get('pair1')).toBe('22,21');
  });

  it('validates the fixed ranges, saves them in the address and resets them', async () => {
    const router = await open(`pair1=21,22&z=9&zType=intensity&${RANGE}`);
    await menuItem('Options', 'Fixed ranges…');
    const dialog = await screen.findByRole('dialog');
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Minimum of X axis', '10');
    type('Maximum of X axis', '5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The minimum must be less than the maximum')).toBeInTheDocument();
    expect(within(dialog).getByText('The maximum must be greater than the minimum')).toBeInTheDocument();
    expect(params(router).get('optRangeX')).toBeNull();

    type('Maximum of X axis', '50');
    type('Minimum of Colour scale (Z)', '-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(params(router).get('optRangeX')).toBe('10,50'));
    expect(params(router).get('optRangeY')).toBeNull();
    expect(params(router).get('optRangeZ')).toBe('-1,');

    await menuItem('Options', 'Fixed ranges…');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(params(router).get('optRangeX')).toBeNull());
    expect(params(router).get('optRangeZ')).toBeNull();
  });

  it('copies the address only once the view has loaded; Explore on the same dates asks again', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    server.answer('GET', DATA, async ({ query }) => {
      await held;
      return { json: correlationData(query.variableIds.split(',').map(Number)) };
    });
    await open(`pair1=20,21&${RANGE}`);
    await menuItem('Chart settings', 'Copy URL');
    expect(await screen.findByText('Nothing has been explored yet: press Explore first')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No points in the selected range.')).toBeInTheDocument();
    expect(server.requests('GET', DATA)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Explore/ }));
    await waitFor(() => expect(server.requests('GET', DATA)).toHaveLength(2));
  });

  it('opens the evolution of every variable of the view over the same dates', async () => {
    const router = await open(`pair1=21,22&pair2=22,23&z=9&zType=intensity&${RANGE}`);
    await menuItem('Options', 'Evolution');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-evolution'));
    expect(router.state.location.search).toBe(`?variables=21,22,23,9&${RANGE}`);
  });

  it('goes back to the parameter selection with the view, or to the query list it came from', async () => {
    await open(`pair1=21,22&optGrid=true&${RANGE}`);
    expect(screen.getByLabelText('Back')).toHaveAttribute(
      'href',
      `/explorer-correlation-variables?pair1=21,22&optGrid=true&${RANGE}`,
    );
    const breadcrumb = screen.getByLabelText('Breadcrumb');
    expect(within(breadcrumb).getByText('Simple correlation').closest('a')).toHaveAttribute(
      'href',
      '/explorer-correlation-variables',
    );
  });

  it('from a saved query: its name, the way back to the list and the workspace breadcrumb', async () => {
    await open(`pair1=21,22&${RANGE}&filter=explorer-correlation&origin=QueryList&queryName=Boiler`);
    expect(screen.getByText('Query: Boiler')).toBeInTheDocument();
    expect(screen.getByLabelText('Back')).toHaveAttribute('href', '/query/list?filter=explorer-correlation');
    const breadcrumb = screen.getByLabelText('Breadcrumb');
    expect(within(breadcrumb).getByText('Queries').closest('a')).toHaveAttribute('href', '/query/list');
    expect(within(breadcrumb).getByText('Workspace').closest('a')).toHaveAttribute('href', '/workspace');
  });

  describe('download', () => {
    let saved: Blob[];
    const createObjectURL = URL.createObjectURL;
    beforeEach(() => {
      saved = [];
      // jsdom has no object URLs; the browser's would hand the file to the download.
      URL.createObjectURL = (blob: Blob) => {
        saved.push(blob);
        return 'blob:test';
      };
      URL.revokeObjectURL = () => undefined;
    });
    afterEach(() => {
      URL.createObjectURL = createObjectURL;
    });

    it('asks which pair, requires a choice, and saves that pair with its Z as CSV', async () => {
      await open(`pair1=1,2&pair2=3,4&z=9&zType=intensity&${RANGE}`);
      await eventually(() => expect(document.querySelectorAll('.highcharts-container')).toHaveLength(2));
      await menuItem('Chart settings', 'Download CSV');
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
      expect(await within(dialog).findByText('Choose a pair')).toBeInTheDocument();
      fireEvent.click(within(dialog).getByLabelText('Sensor 3 against Sensor 4'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      // Read as bytes and decoded keeping the byte-order mark the file starts with.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(saved[0]));
      const dateTime = (seconds: number) => {
        const date = new Date(seconds * 1000);
        const two = (value: number) => String(value).padStart(2, '0');
        return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
      };
      expect(text).toBe(
        '\uFEFFtimestamp;datetime;Sensor 3;Sensor 4;Sensor 9\r\n' +
          [0, 1, 2, 3, 4]
            .map(
              (k) =>
                `${1_700_000_000 + 60 * k};${dateTime(1_700_000_000 + 60 * k)};${3 + k};${4 + k};${k}\r\n`,
            )
            .join(''),
      );
    });
  });
});
