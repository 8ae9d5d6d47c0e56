import type { CategoryGroupDto, VariableListRowDto, VariablePageDto } from '@plantlens/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';
import './variable-management-page';
import './raw-variable-list-page';

const admin = { username: 'admin', authorities: ['ROLE_ADMIN', 'ROLE_PLANTLENS'] };
const PAGE = '/api/web/variable/page';

const row = (id: number, overrides: Partial<VariableListRowDto> = {}): VariableListRowDto => ({
  id,
  clientReference: `ref_${id}`,
  name: `Variable ${id}`,
  unit: 'bar',
  tags: [],
  aggregate: false,
  categorized: false,
  categoryId: null,
  ...overrides,
});
const ROWS = [
  row(1, { tags: [{ id: 5, name: 'Coker' }] }),
  row(2, { aggregate: true }),
  row(3, { categorized: true, categoryId: 9, name: 'Drum state' }),
];
const GROUPS: CategoryGroupDto[] = [
  {
    id: 9,
    name: 'Drum states',
    owner: 'admin',
    variables: [3],
    ranges: [
      { value: 0, name: 'Idle', color: '#757575' },
      { value: 1, name: 'Filling', color: '#43a047' },
    ],
  },
];

const labelled = (label: string) => screen.getByLabelText(label);
const rowOf = (text: string) => screen.getByText(text, { selector: 'td' }).closest('tr') as HTMLElement;
const pageQueries = (server: TestApiServer) => server.requests('GET', PAGE).map(({ query }) => query);

describe('variable management and raw variable list', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    const page: VariablePageDto = { variables: ROWS, totalPages: 3, currentPage: 1, count: 23 };
    server = new TestApiServer()
      .answer('GET', PAGE, { json: page })
      .answer('GET', '/api/web/category/', { json: GROUPS });
    await server.start();
  });
  afterEach(() => server.stop());

  it('lists every variable with its tags, origin, type and categories, and the way to each editor', async () => {
    await renderApp('/variable-management', { account: admin });
    await screen.findByText('ref_1');
    expect(within(rowOf('ref_1')).getByText('Coker')).toBeInTheDocument();
    expect(within(rowOf('ref_1')).getByText('Raw')).toBeInTheDocument();
    expect(within(rowOf('ref_2')).getByText('Aggregate')).toBeInTheDocument();
    expect(within(rowOf('ref_1')).getByText('Quantitative')).toBeInTheDocument();
    fireEvent.mouseEnter(within(rowOf('ref_3')).getByText('Categorical'));
    expect(await screen.findByText('Categories of Drum states')).toBeInTheDocument();
    expect(screen.getByText('1: Filling')).toBeInTheDocument();
    expect(labelled('Edit Variable 1').closest('a')).toHaveAttribute(
      'href',
      '/raw-variable?id=1&origin=VariableManagement',
    );
    expect(labelled('Edit Variable 2').closest('a')).toHaveAttribute(
      'href',
      '/aggregate-variable/edit?id=2&origin=VariableManagement',
    );
    expect(screen.getByText('Taxonomy').closest('a')).toHaveAttribute('href', '/tags-tree');
    expect(screen.getByText('Categorical variables').closest('a')).toHaveAttribute(
      'href',
      '/categorical-variable/list',
    );
    expect(pageQueries(server)).toEqual([
      { page: '1', filter: '', orderField: 'clientReference', order: 'asc', origin: 'all' },
    ]);
  });

  it('asks the server for each page, sort and filter, back on page 1 for a new sort or filter', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'setImmediate', 'nextTick'] });
    try {
      await renderApp('/variable-management', { account: admin });
      await screen.findByText('ref_1');
      fireEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(pageQueries(server).at(-1)).toMatchObject({ page: '2' }));
      fireEvent.click(screen.getByText('Name', { selector: 'th *' }));
      await waitFor(() =>
        expect(pageQueries(server).at(-1)).toMatchObject({ page: '1', orderField: 'name', order: 'asc' }),
      );
      fireEvent.click(screen.getByText('Name', { selector: 'th *' }));
      await waitFor(() =>
        expect(pageQueries(server).at(-1)).toMatchObject({ orderField: 'name', order: 'desc' }),
      );
      fireEvent.click(screen.getByTitle('3'));
      await waitFor(() => expect(pageQueries(server).at(-1)).toMatchObject({ page: '3' }));
      const asked = pageQueries(server).length;

      fireEvent.change(labelled('Filter by reference, name or unit'), { target: { value: 'dru' } });
      await act(() => jest.advanceTimersByTimeAsync(300));
      fireEvent.change(labelled('Filter by reference, name or unit'), { target: { value: 'drum' } });
      await act(() => jest.advanceTimersByTimeAsync(499));
      expect(pageQueries(server)).toHaveLength(asked);
      await act(() => jest.advanceTimersByTimeAsync(1));
      await waitFor(() =>
        expect(pageQueries(server).at(-1)).toEqual({
          page: '1',
          filter: 'drum',
          orderField: 'name',
          order: 'desc',
          origin: 'all',
        }),
      );
      expect(pageQueries(server)).toHaveLength(asked + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lists raw variables only on the raw variable list, each opening the raw editor from there', async () => {
    await renderApp('/raw-variable/list', { account: admin });
    await screen.findByText('ref_1');
    expect(pageQueries(server)).toEqual([
      { page: '1', filter: '', orderField: 'clientReference', order: 'asc', origin: 'raw' },
    ]);
    expect(screen.queryByText('Origin')).not.toBeInTheDocument();
    expect(labelled('Edit Variable 1').closest('a')).toHaveAttribute(
      'href',
      '/raw-variable?id=1&origin=RawVariableList',
    );
  });

  it('says so when the variables cannot be loaded', async () => {
    server.answer('GET', PAGE, { status: 500, json: { statusCode: 500, message: 'Internal server error' } });
    await renderApp('/variable-management', { account: admin });
    expect(await screen.findByText('The variables could not be loaded')).toBeInTheDocument();
  });
});
