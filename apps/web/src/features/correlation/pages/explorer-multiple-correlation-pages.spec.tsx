import type { CorrelationPairOptionDto, TagTreeNodeDto } from '@plantlens/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { apiError, TestApiServer } from '../../../testing/test-api-server';
import './explorer-multiple-correlation-page';
import './explorer-multiple-correlation-variables-page';

// Ant Design renders slowly in jsdom, the more so on a busy machine.
jest.setTimeout(120_000);

const explorer = { username: 'luis', authorities: ['EXPLORER'] };
const RANGE = 'beginDate=1700000000000&endDate=1700086400000';

// Area (1) ─ Coker (2); Measurement (10) ─ Temperature (11), Pressure (12); a locked system tag (-1).
const TREE: TagTreeNodeDto[] = [
  { id: 1, name: 'Area', children: [{ id: 2, name: 'Coker', children: [] }] },
  {
    id: 10,
    name: 'Measurement',
    children: [
      { id: 11, name: 'Temperature', children: [] },
      { id: 12, name: 'Pressure', children: [] },
    ],
  },
  { id: -1, name: 'System', children: [] },
];
const option = (x: number, y: number): CorrelationPairOptionDto => ({
  id: `${x}-${y}`,
  label: `Sensor ${x} / Sensor ${y}`,
  x,
  y,
});
// Coker against temperatures: 5 pairs; against pressures: 2; anything with the system tag: too many.
const PAIRS: Record<string, CorrelationPairOptionDto[]> = {
  '2|11': [option(1, 2), option(1, 3), option(4, 2), option(4, 3), option(5, 2)],
  '2|12': [option(1, 6), option(4, 6)],
};

let server: TestApiServer;
// No point unless a test says so: the page then needs no Highcharts layout, slow in jsdom.
let pointsPerVariable = 0;
beforeEach(async () => {
  pointsPerVariable = 0;
  server = new TestApiServer()
    .answer('GET', '/api/web/tag/tree', { json: TREE })
    .answer('GET', '/api/web/explorer/multiple-correlation-pairs', ({ query }) =>
      query.tagsX.includes('-1') || query.tagsY.includes('-1')
        ? apiError(400, 'These tags make 2500 pairs, more than 2000: choose narrower tags')
        : { json: PAIRS[`${query.tagsX}|${query.tagsY}`] ?? [] },
    )
    .answer('GET', '/api/web/explorer/correlation-data', ({ query }) => ({
      json: {
        ts: Array.from({ length: pointsPerVariable }, (_, i) => 1_700_000_000_000 + 1000 * i),
        variables: query.variableIds.split(',').map((id) => ({
          metadata: { id: Number(id), label: `Sensor ${id}`, unit: null },
          values: Array.from({ length: pointsPerVariable }, (_, i) => i),
          sampled: false,
        })),
        categorySets: [],
      },
    }));
  await server.start();
});
afterEach(() => server.stop());

type Router = Awaited<ReturnType<typeof renderApp>>['router'];
const params = (router: Router) => new URLSearchParams(router.state.location.search);
const lastDropdown = () => {
  const dropdowns = document.querySelectorAll<HTMLElement>('.ant-select-dropdown');
  return dropdowns[dropdowns.length - 1];
};
const chosen = (label: string) =>
  [
    ...(screen.getByLabelText(label).closest('.ant-select')?.querySelectorAll('.ant-select-selection-item') ??
      []),
  ].map((item) => item.getAttribute('title'));
async function pickTag(label: string, name: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await waitFor(() => within(lastDropdown()).getByTitle(name)));
}
async function pickPair(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Pairs'));
  fireEvent.click(await waitFor(() => within(lastDropdown()).getByTitle(label)));
}
const pairOptionsAsked = () =>
  server.requests('GET', '/api/web/explorer/multiple-correlation-pairs').map(({ query }) => query);

describe('/explorer-multiple-correlation-variables', () => {
  const open = async (search = '') => {
    const { router } = await renderApp(`/explorer-multiple-correlation-variables${search}`, {
      account: explorer,
    });
    await screen.findByLabelText('X tags');
    return router;
  };

  it('makes the pair options from the X and Y tags and keeps the 4 newest pairs', async () => {
    const router = await open();
    expect(screen.getByText('Choose X and Y tags first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore' })).toBeDisabled();
    await pickTag('X tags', 'Coker');
    await pickTag('Y tags', 'Temperature');
    expect(params(router).get('filterTagsX')).toBe('2');
    expect(params(router).get('filterTagsY')).toBe('11');
    await waitFor(() => expect(pairOptionsAsked()).toEqual([{ tagsX: '2', tagsY: '11' }]));
    for (const label of [
      'Sensor 1 / Sensor 2',
      'Sensor 1 / Sensor 3',
      'Sensor 4 / Sensor 2',
      'Sensor 4 / Sensor 3',
    ])
      await pickPair(label);
    expect(params(router).get('pairsSelected')).toBe('1-2,1-3,4-2,4-3');
    await pickPair('Sensor 5 / Sensor 2');
    // A fifth pair replaces the oldest.
    expect(params(router).get('pairsSelected')).toBe('1-3,4-2,4-3,5-2');
    expect(screen.getByRole('button', { name: 'Explore' })).toBeEnabled();
  });

  it('drops the pairs new tags no longer offer, and every pair when a filter is emptied', async () => {
    const router = await open(`?filterTagsX=2&filterTagsY=11&pairsSelected=1-2,1-6,4-6&${RANGE}`);
    // The options of Coker × Temperature hold 1-2 only.
    await waitFor(() => expect(params(router).get('pairsSelected')).toBe('1-2'));
    expect(chosen('Pairs')).toEqual(['Sensor 1 / Sensor 2']);
    fireEvent.mouseDown(screen.getByLabelText('Y tags'));
    fireEvent.click(await waitFor(() => within(lastDropdown()).getByTitle('Temperature')));
    expect(params(router).get('filterTagsY')).toBeNull();
    expect(params(router).get('pairsSelected')).toBeNull();
  });

  it('shows why the tags make no usable pairs', async () => {
    await open('?filterTagsX=-1&filterTagsY=11');
    expect(
      await screen.findByText('These tags make 2500 pairs, more than 2000: choose narrower tags'),
    ).toBeInTheDocument();
  });

  it('Cancel clears the filters and the pairs; Explore opens the charts with the whole selection', async () => {
    const search = `?filterTagsX=2&filterTagsY=12&pairsSelected=1-6&${RANGE}`;
    let router = await open(search);
    await screen.findByTitle('Sensor 1 / Sensor 6');
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-multiple-correlation'), {
      timeout: 20_000,
    });
    expect(router.state.location.search).toBe(search);

    cleanup();
    router = await open(search);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.search).toBe(`?${RANGE}`);
  });
});

describe('/explorer-multiple-correlation', () => {
  const open = async (search: string) => {
    const { router } = await renderApp(`/explorer-multiple-correlation?${search}`, { account: explorer });
    await screen.findByText('Multiple correlation', { selector: 'h4' });
    return router;
  };

  it('draws one chart per pair and swaps the axes by swapping the tag filters and the pairs', async () => {
    const router = await open(`filterTagsX=2&filterTagsY=11&pairsSelected=1-2,4-3&${RANGE}`);
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('correlation-chart')
          .map((card) => card.querySelector('.ant-card-head-title')?.textContent),
      ).toEqual(['Sensor 1 against Sensor 2', 'Sensor 4 against Sensor 3']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    fireEvent.click(await screen.findByText('Swap axes'));
    expect(router.state.location.search).toBe(`?filterTagsX=11&filterTagsY=2&pairsSelected=2-1,3-4&${RANGE}`);
  });

  it('says the points are too many to plot past the limit', async () => {
    pointsPerVariable = 100_001;
    await open(`filterTagsX=2&filterTagsY=11&pairsSelected=1-2,1-3,4-2&${RANGE}`);
    expect(
      await screen.findByText(
        'Number of selected points too high. It is not possible to plot.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/300,003 points are selected and at most 300,000 can be drawn/),
    ).toBeInTheDocument();
    expect(document.querySelector('.highcharts-container')).toBeNull();
  });

  it('goes back to the parameter selection with the view', async () => {
    await open(`filterTagsX=2&filterTagsY=11&pairsSelected=1-2&${RANGE}&optGrid=true`);
    expect(screen.getByLabelText('Back')).toHaveAttribute(
      'href',
      `/explorer-multiple-correlation-variables?filterTagsX=2&filterTagsY=11&pairsSelected=1-2&${RANGE}&optGrid=true`,
    );
  });
});
