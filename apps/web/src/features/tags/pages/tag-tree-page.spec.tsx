import type { TagConfirmationDto, TagTreeNodeDto, VariablePageDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, type ReceivedRequest } from '../../../testing/test-api-server';
import './tag-tree-page';
import './tag-assignment-page';

const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };
const TREE_URL = '/api/web/tag/tree';
const TAG_URL = '/api/web/tag/';
const PAGE = '/api/web/variable/page';

// Area (1) ── Coker (2)      System (-1)
const TREE: TagTreeNodeDto[] = [
  { id: 1, name: 'Area', children: [{ id: 2, name: 'Coker', children: [] }] },
  { id: -1, name: 'System', children: [] },
];
const EMPTY_PAGE: VariablePageDto = { variables: [], totalPages: 0, currentPage: 1, count: 0 };
const conflict = (reason: TagConfirmationDto['reason'], tags: TagConfirmationDto['tags']) => ({
  status: 409,
  json: { statusCode: 409, error: 'Conflict', message: 'warning', reason, tags },
});

const labelled = (label: string) => screen.getByLabelText(label);
const modalOf = (text: string) => screen.getAllByText(text)[0]!.closest('.ant-modal') as HTMLElement;
const clickIn = (container: HTMLElement, text: string) =>
  fireEvent.click(within(container).getByText(text).closest('button') as HTMLElement);
const bodies = (requests: ReceivedRequest[]) => requests.map(({ body, query }) => ({ body, query }));

describe('taxonomy', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', TREE_URL, { json: TREE })
      .answer('GET', PAGE, { json: EMPTY_PAGE })
      .answer('PUT', TAG_URL, { json: TREE })
      .answer('DELETE', TAG_URL, { json: TREE });
    await server.start();
  });
  afterEach(() => server.stop());

  const open = async () => {
    await renderApp('/tags-tree', { account: admin });
    await screen.findByText('Area');
  };

  it('adds a comma list under a parent, reporting the names already there, and saves the whole tree', async () => {
    await open();
    fireEvent.change(labelled('Parent tag'), { target: { value: 'Area' } });
    fireEvent.click(await screen.findByText('Area', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(labelled('New tags (comma-separated)'), {
      target: { value: ' Coker, Furnace,, Reactor ,Furnace' },
    });
    fireEvent.click(screen.getByText('Add tags'));

    expect(await screen.findByText('These tags already exist and were skipped: Coker')).toBeInTheDocument();
    await waitFor(() => expect(server.requests('PUT', TAG_URL)).toHaveLength(1));
    expect(bodies(server.requests('PUT', TAG_URL))).toEqual([
      {
        query: { confirm: 'false' },
        body: [
          {
            id: 1,
            name: 'Area',
            children: [
              { id: 2, name: 'Coker', children: [] },
              { name: 'Furnace', children: [] },
              { name: 'Reactor', children: [] },
            ],
          },
          { id: -1, name: 'System', children: [] },
        ],
      },
    ]);
  });

  it('confirms tags becoming categories and saves again with confirm; a cancel reloads the tree', async () => {
    server.answer('PUT', TAG_URL, ({ query }) =>
      query.confirm === 'true'
        ? { json: TREE }
        : conflict('tags-become-categories', [{ id: 2, name: 'Coker', variableCount: 3 }]),
    );
    await open();
    fireEvent.change(labelled('Parent tag'), { target: { value: 'Coker' } });
    fireEvent.click(await screen.findByText('Area / Coker', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(labelled('New tags (comma-separated)'), { target: { value: 'Drum' } });
    fireEvent.click(screen.getByText('Add tags'));
    const question = await screen.findByText(/These tags are in use and would get children: Coker \(3\)/);
    clickIn(question.closest('.ant-modal') as HTMLElement, 'Continue');
    await waitFor(() =>
      expect(server.requests('PUT', TAG_URL).map(({ query }) => query.confirm)).toEqual(['false', 'true']),
    );
    expect(await screen.findByText('Tag tree saved')).toBeInTheDocument();

    const treeLoads = server.requests('GET', TREE_URL).length;
    fireEvent.change(labelled('New tags (comma-separated)'), { target: { value: 'Burner' } });
    fireEvent.click(screen.getByText('Add tags'));
    await waitFor(() => expect(screen.getAllByText(/would get children/)).toHaveLength(1));
    clickIn(modalOf('Tags becoming categories'), 'Cancel');
    await waitFor(() => expect(server.requests('GET', TREE_URL).length).toBeGreaterThan(treeLoads));
    expect(server.requests('PUT', TAG_URL)).toHaveLength(3);
  });

  it('renames inline and deletes after the in-use confirmation', async () => {
    server.answer('DELETE', TAG_URL, ({ query }) =>
      query.confirm === 'true'
        ? { json: TREE }
        : conflict('tags-in-use', [{ id: 1, name: 'Area', variableCount: 4 }]),
    );
    await open();
    fireEvent.click(labelled('Rename Coker'));
    fireEvent.change(labelled('New name of Coker'), { target: { value: ' Delayed coker ' } });
    fireEvent.keyDown(labelled('New name of Coker'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.requests('PUT', TAG_URL)).toHaveLength(1));
    expect((server.requests('PUT', TAG_URL)[0]!.body as TagTreeNodeDto[])[0]!.children[0]!.name).toBe(
      'Delayed coker',
    );

    fireEvent.click(labelled('Delete Area'));
    clickIn(modalOf('Delete the tag Area and the tags under it?'), 'Delete');
    const warning = await screen.findByText(
      /Variables are tagged with these tags or tags under them: Area \(4\)/,
    );
    clickIn(warning.closest('.ant-modal') as HTMLElement, 'Continue');
    await waitFor(() =>
      expect(server.requests('DELETE', TAG_URL).map(({ query }) => query.confirm)).toEqual(['false', 'true']),
    );
    expect(server.requests('DELETE', TAG_URL)[1]!.body).toEqual([TREE[0]]);
    expect(await screen.findByText('Tag Area deleted')).toBeInTheDocument();
  });

  it('locks system tags and lists the variables of the checked tags', async () => {
    await open();
    expect(screen.queryByLabelText('Rename System')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete System')).not.toBeInTheDocument();
    fireEvent.click(
      screen.getByText('Area').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!,
    );
    await waitFor(() =>
      expect(server.requests('GET', PAGE).at(-1)!.query).toMatchObject({ tags: '1', page: '1' }),
    );
    expect(screen.getByText('Assign tags').closest('a')).toHaveAttribute('href', '/tags');
  });

  it('says so when the tree cannot be loaded', async () => {
    server.answer('GET', TREE_URL, {
      status: 500,
      json: { statusCode: 500, message: 'Internal server error' },
    });
    await renderApp('/tags-tree', { account: admin });
    expect(await screen.findByText('The tag tree could not be loaded')).toBeInTheDocument();
  });
});

describe('tag assignment', () => {
  let server: TestApiServer;
  const page: VariablePageDto = {
    variables: [1, 2, 3].map((id) => ({
      id,
      clientReference: `ref_${id}`,
      name: `Variable ${id}`,
      unit: null,
      tags: [],
      aggregate: false,
      categorized: false,
      categoryId: null,
    })),
    totalPages: 1,
    currentPage: 1,
    count: 3,
  };

  beforeEach(async () => {
    server = new TestApiServer()
      .answer('GET', TREE_URL, { json: TREE })
      .answer('GET', PAGE, { json: page })
      .answer('PUT', '/api/web/tag/add/', { json: { changed: 2 } })
      .answer('PUT', '/api/web/tag/remove/', { json: { changed: 1 } });
    await server.start();
  });
  afterEach(() => server.stop());

  it('adds and removes the chosen tags on the checked variables, with a counter and select-all of the page', async () => {
    await renderApp('/tags', { account: admin });
    await screen.findByText('ref_1');
    expect(screen.getByText('Add').closest('button')).toBeDisabled();
    fireEvent.click(labelled('Select Variable 1'));
    fireEvent.click(labelled('Select Variable 3'));
    expect(screen.getByText('2 variables selected')).toBeInTheDocument();

    fireEvent.mouseDown(labelled('Tags to add or remove'));
    fireEvent.click(await screen.findByText('Coker', { selector: '.ant-select-tree-title' }));
    expect(screen.queryByText('System', { selector: '.ant-select-tree-title' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Add').closest('button')!);
    await waitFor(() =>
      expect(server.requests('PUT', '/api/web/tag/add/').map(({ body }) => body)).toEqual([
        { variableIds: [1, 3], tagIds: [2] },
      ]),
    );
    expect(await screen.findByText('Tags added (2 new links)')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByText('3 variables selected')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Remove').closest('button')!);
    await waitFor(() =>
      expect(server.requests('PUT', '/api/web/tag/remove/').map(({ body }) => body)).toEqual([
        { variableIds: [1, 3, 2], tagIds: [2] },
      ]),
    );
  });
});
