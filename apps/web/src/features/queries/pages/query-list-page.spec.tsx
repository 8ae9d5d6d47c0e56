import type { QueryDto } from '@plantlens/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer } from '../../../testing/test-api-server';
// The pages (and antd's table and form) load with the file rather than on the first visit, which on a
// busy machine would take most of the first test's time.
import './query-list-page';
import './query-page';

const ana = { username: 'ana', authorities: ['EXPLORER', 'QUERY'] };
const queryOnly = { username: 'ana', authorities: ['QUERY'] };
const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };

// In the server's order: favourites first, then by name.
const QUERIES: QueryDto[] = [
  {
    id: 1,
    name: 'Boiler',
    owner: 'ana',
    star: true,
    mine: true,
    order: 0,
    relativePath: '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000',
    tags: ['boiler', 'line 2'],
    canShare: true,
    canEdit: true,
    canDelete: true,
  },
  {
    id: 2,
    name: 'Alpha pairs',
    owner: 'luis',
    star: false,
    mine: false,
    order: 1,
    relativePath: '/explorer-correlation?pair1=1,2&z=3&zType=intensity',
    tags: [],
    canShare: false,
    canEdit: true,
    canDelete: false,
  },
  {
    id: 3,
    name: 'Zeta',
    owner: 'marta',
    star: false,
    mine: false,
    order: 2,
    relativePath: '/explorer-multiple-correlation?pairsSelected=1&beginDate=1&endDate=2',
    tags: [],
    canShare: false,
    canEdit: false,
    canDelete: false,
  },
];
const NAMES = QUERIES.map(({ name }) => name);

const LIST = '/api/web/query/';

// Queries by text and label only: they compute no style. (jsdom recomputes every stylesheet antd injects
// after each change of the page, which makes role-and-name queries take seconds each on a full page.)
const labelled = (label: string) => screen.getByLabelText(label);
const linkOf = (element: HTMLElement) => element.closest('a');
const nameLink = (name: string) => screen.getByText(name, { selector: 'tbody a' });
const rowOf = (name: string) => nameLink(name).closest('tr') as HTMLElement;
const isEnabled = (label: string) => !labelled(label).hasAttribute('disabled');
const breadcrumbLink = (text: string) =>
  linkOf(within(labelled('Breadcrumb')).getByText(text, { selector: 'a' }));
// The query names down the table (each opens its explorer view).
const rowNames = () =>
  [...document.querySelectorAll('tbody a[href^="/explorer-"]')].map((link) => link.textContent);
const clickButton = (text: string, container: HTMLElement = document.body) =>
  fireEvent.click(within(container).getByText(text).closest('button') as HTMLElement);

describe('query list', () => {
  let server: TestApiServer;
  let stored: QueryDto[];

  beforeEach(async () => {
    stored = QUERIES.map((query) => ({ ...query }));
    server = new TestApiServer()
      .answer('GET', LIST, () => ({ json: stored }))
      .answer('PUT', LIST, ({ body }) => {
        const changes = body as Pick<QueryDto, 'id' | 'name' | 'star'>;
        const query = stored.find(({ id }) => id === changes.id)!;
        Object.assign(query, { name: changes.name, star: changes.star });
        return { json: query };
      })
      .answer('DELETE', LIST, ({ query }) => {
        stored = stored.filter(({ id }) => String(id) !== query.id);
        return { status: 204, text: '' };
      });
    await server.start();
  });

  afterEach(() => server.stop());

  it("shows the queries in the server's order with owner, tags and the way to the explorer", async () => {
    await renderApp('/query/list', { account: ana });
    await screen.findByText('Boiler', { selector: 'tbody a' });

    expect(screen.getByText('Queries', { selector: 'h3' })).toBeInTheDocument();
    expect(rowNames()).toEqual(NAMES);
    expect(within(rowOf('Boiler')).getByText('line 2')).toBeInTheDocument();
    expect(within(rowOf('Zeta')).getByText('marta')).toBeInTheDocument();
    expect(linkOf(screen.getByText('New query'))).toHaveAttribute('href', '/explore');
    expect(breadcrumbLink('Workspace')).toHaveAttribute('href', '/workspace');
    expect(labelled('Back')).toHaveAttribute('href', '/workspace');
    expect(server.requests('GET', LIST).map(({ query }) => query)).toEqual([{}]);
  });

  it("enables each row's icons by its rights; the star only for the owner", async () => {
    await renderApp('/query/list', { account: admin });
    await screen.findByText('Boiler', { selector: 'tbody a' });

    expect(NAMES.map((name) => isEnabled(`Favourite: ${name}`))).toEqual([true, false, false]);
    expect(NAMES.map((name) => isEnabled(`Share ${name}`))).toEqual([true, false, false]);
    expect(NAMES.map((name) => isEnabled(`Edit ${name}`))).toEqual([true, true, false]);
    expect(NAMES.map((name) => isEnabled(`Delete ${name}`))).toEqual([true, false, false]);
    expect(linkOf(labelled('Share Boiler'))).toHaveAttribute('href', '/query/1/permission/list');
    expect(linkOf(labelled('Edit Alpha pairs'))).toHaveAttribute('href', '/query?id=2');
  });

  it('greys sharing for a user who may not open the permissions screen, and hides adding without Explore', async () => {
    await renderApp('/query/list', { account: queryOnly });
    await screen.findByText('Boiler', { selector: 'tbody a' });
    expect(labelled('Share Boiler')).toBeDisabled();
    expect(screen.queryByText('New query')).not.toBeInTheDocument();
  });

  it('narrows the list to one explorer kind, with its title, breadcrumb, way back and links', async () => {
    await renderApp('/query/list?filter=explorer-correlation&origin=ExplorerCorrelationVariables', {
      account: ana,
    });
    await screen.findByText('Alpha pairs', { selector: 'tbody a' });
    expect(screen.getByText('Correlation queries', { selector: 'h3' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Alpha pairs']);
    expect(breadcrumbLink('Explorer')).toHaveAttribute('href', '/explore');
    expect(breadcrumbLink('Simple correlation')).toHaveAttribute('href', '/explorer-correlation-variables');
    expect(labelled('Back')).toHaveAttribute('href', '/explorer-correlation-variables');
    expect(nameLink('Alpha pairs')).toHaveAttribute(
      'href',
      '/explorer-correlation?pair1=1,2&z=3&zType=intensity&filter=explorer-correlation&origin=QueryList&queryName=Alpha+pairs',
    );
    expect(linkOf(labelled('Edit Alpha pairs'))).toHaveAttribute(
      'href',
      '/query?id=2&origin=ExplorerCorrelationVariables&filter=explorer-correlation',
    );
  });

  it('goes back to the origin screen when not narrowed, and asks the server for the tags', async () => {
    await renderApp('/query/list?origin=Settings&tags=boiler,%20line%202', { account: ana });
    await screen.findByText('Boiler', { selector: 'tbody a' });
    expect(labelled('Back')).toHaveAttribute('href', '/settings');
    expect(nameLink('Boiler')).toHaveAttribute(
      'href',
      '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000&origin=QueryList&queryName=Boiler',
    );
    expect(server.requests('GET', LIST).map(({ query }) => query)).toEqual([{ tags: 'boiler,line 2' }]);
  });

  it('toggles the star of an own query and reloads the list, whose order may change', async () => {
    await renderApp('/query/list', { account: ana });
    await screen.findByText('Boiler', { selector: 'tbody a' });
    const star = labelled('Favourite: Boiler');
    expect(star).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(star);
    // The star turns at once; the server hears of it meanwhile.
    await waitFor(() => expect(labelled('Favourite: Boiler')).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() =>
      expect(server.requests('PUT', LIST).map(({ body }) => body)).toEqual([
        { id: 1, name: 'Boiler', star: false },
      ]),
    );
    await waitFor(() => expect(server.requests('GET', LIST)).toHaveLength(2));
  });

  it('deletes after confirmation and says so', async () => {
    await renderApp('/query/list', { account: ana });
    await screen.findByText('Boiler', { selector: 'tbody a' });
    fireEvent.click(labelled('Delete Boiler'));
    const [question] = await screen.findAllByText('Delete the query Boiler?');
    clickButton('Delete', question.closest('.ant-modal') as HTMLElement);

    expect(await screen.findByText('Query Boiler deleted successfully')).toBeInTheDocument();
    expect(server.requests('DELETE', LIST).map(({ query }) => query)).toEqual([{ id: '1' }]);
    await waitFor(() => expect(rowNames()).toEqual(['Alpha pairs', 'Zeta']));
  });

  it('shows the error of a failed delete', async () => {
    server.answer('DELETE', LIST, { status: 403, json: { statusCode: 403, message: 'no' } });
    await renderApp('/query/list', { account: ana });
    await screen.findByText('Boiler', { selector: 'tbody a' });
    fireEvent.click(labelled('Delete Boiler'));
    const [question] = await screen.findAllByText('Delete the query Boiler?');
    clickButton('Delete', question.closest('.ant-modal') as HTMLElement);
    expect(await screen.findByText('An error occurred deleting the query Boiler')).toBeInTheDocument();
  });

  it('serves the list from the client cache when coming back within 60 s', async () => {
    const { router } = await renderApp('/query/list', { account: ana });
    await screen.findByText('Boiler', { selector: 'tbody a' });
    await act(() => router.navigate('/settings'));
    await screen.findByText('My profile');
    await act(() => router.navigate('/query/list'));
    await screen.findByText('Boiler', { selector: 'tbody a' });
    expect(server.requests('GET', LIST)).toHaveLength(1);
  });
});

describe('query edit screen', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', LIST, { json: QUERIES })
      .answer('PUT', LIST, ({ body }) => ({ json: { ...QUERIES[1], ...(body as object) } }));
    await server.start();
  });

  afterEach(() => server.stop());

  it('renames a shared query, whose star only its owner may change, and returns to its list with an alert', async () => {
    const { router } = await renderApp('/query?id=2&filter=explorer-correlation', { account: ana });
    await screen.findByText('Edit query Alpha pairs');
    expect(labelled('Favourite (listed first)')).toBeDisabled();
    expect(labelled('Back')).toHaveAttribute('href', '/query/list?filter=explorer-correlation');
    expect(breadcrumbLink('Simple correlation')).toHaveAttribute('href', '/explorer-correlation-variables');

    fireEvent.change(labelled('Name'), { target: { value: '  Beta pairs ' } });
    clickButton('Save');

    expect(await screen.findByText('Query Beta pairs updated successfully')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/query/list?filter=explorer-correlation',
    );
    expect(server.requests('PUT', LIST).map(({ body }) => body)).toEqual([
      { id: 2, name: 'Beta pairs', star: false },
    ]);
  });

  it('lets the owner star his query and requires a name', async () => {
    await renderApp('/query?id=1', { account: ana });
    await screen.findByText('Edit query Boiler');
    expect(labelled('Favourite (listed first)')).toBeEnabled();
    fireEvent.change(labelled('Name'), { target: { value: '   ' } });
    clickButton('Save');
    expect(await screen.findByText('You should enter a query name')).toBeInTheDocument();
    expect(server.requests('PUT', LIST)).toEqual([]);
  });

  it('says so for a query the user cannot see', async () => {
    await renderApp('/query?id=99', { account: ana });
    expect(await screen.findByText('The query does not exist or is not shared with you')).toBeInTheDocument();
  });
});
