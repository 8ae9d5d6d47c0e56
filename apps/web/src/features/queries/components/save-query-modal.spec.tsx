import type { QueryDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderComponent } from '../../../testing/render-component';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { SaveQueryModal, canSaveQueries, savedQueryPath } from './save-query-modal';

const LIST = '/api/web/query/';
const VIEW =
  '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000&origin=QueryList&queryName=Boilers&optGrid=true';

// The modal on an explorer address, as the explorer's settings menu opens it.
async function renderModal(path: string) {
  const closed: (QueryDto | undefined)[] = [];
  await renderComponent(<SaveQueryModal open onClose={(saved) => closed.push(saved)} />, { path });
  await screen.findByText('Save as query');
  return closed;
}

const dialog = () => screen.getByText('Save as query').closest('.ant-modal') as HTMLElement;
const save = () => fireEvent.click(within(dialog()).getByText('Save').closest('button') as HTMLElement);

describe('SaveQueryModal', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer().answer('POST', LIST, ({ body }) => ({
      status: 201,
      json: { id: 7, owner: 'ana', mine: true, order: 0, tags: [], ...(body as object) },
    }));
    await server.start();
  });

  afterEach(() => server.stop());

  it('saves the view on screen under the name of the query it was opened from, with its dates', async () => {
    const closed = await renderModal(VIEW);
    expect(screen.getByLabelText('Query name')).toHaveValue('Boilers');
    save();

    expect(await screen.findByText('Query Boilers created successfully')).toBeInTheDocument();
    expect(server.requests('POST', LIST).map(({ body }) => body)).toEqual([
      {
        name: 'Boilers',
        relativePath:
          '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000&optGrid=true',
        star: false,
      },
    ]);
    expect(closed).toEqual([expect.objectContaining({ id: 7, name: 'Boilers' })]);
  });

  it('saves without dates when asked to', async () => {
    await renderModal('/explorer-evolution?variables=3&startDate=1&endDate=2');
    fireEvent.change(screen.getByLabelText('Query name'), { target: { value: 'Pumps, any day' } });
    fireEvent.click(screen.getByLabelText('Save with dates'));
    save();
    await screen.findByText('Query Pumps, any day created successfully');
    expect(server.requests('POST', LIST).map(({ body }) => body)).toEqual([
      { name: 'Pumps, any day', relativePath: '/explorer-evolution?variables=3', star: false },
    ]);
  });

  it('requires a name', async () => {
    const closed = await renderModal('/explorer-evolution?variables=3');
    save();
    expect(await screen.findByText('You should enter a query name')).toBeInTheDocument();
    expect(server.requests('POST', LIST)).toEqual([]);
    expect(closed).toEqual([]);
  });

  it('offers nothing to save before a query was made', async () => {
    await renderModal('/explorer-evolution');
    expect(screen.getByText('Nothing has been explored yet: press Explore first')).toBeInTheDocument();
    expect(within(dialog()).getByText('Save').closest('button')).toBeDisabled();
  });

  it('says so when the server refuses, and stays open', async () => {
    server.answer('POST', LIST, apiError(503, 'The identity service is not reachable'));
    const closed = await renderModal('/explorer-correlation?pair1=1,2');
    fireEvent.change(screen.getByLabelText('Query name'), { target: { value: 'Pairs' } });
    save();
    expect(await screen.findByText('An error occurred creating the query Pairs')).toBeInTheDocument();
    await waitFor(() => expect(server.requests('POST', LIST)).toHaveLength(1));
    expect(closed).toEqual([]);
  });
});

describe('saving queries', () => {
  it('is for holders of the Query feature', () => {
    expect(canSaveQueries(['QUERY'])).toBe(true);
    expect(canSaveQueries(['ROLE_ADMIN'])).toBe(true);
    expect(canSaveQueries(['EXPLORER'])).toBe(false);
  });

  it('keeps the multiple correlation without its begin and end dates when saved without dates', () => {
    expect(
      savedQueryPath('/explorer-multiple-correlation?pairsSelected=1&beginDate=1&endDate=2', false),
    ).toBe('/explorer-multiple-correlation?pairsSelected=1');
    expect(savedQueryPath('/explorer-evolution?startDate=1&endDate=2', false)).toBeUndefined();
    expect(savedQueryPath('/explorer-evolution?startDate=1&endDate=2', true)).toBe(
      '/explorer-evolution?startDate=1&endDate=2',
    );
  });
});
