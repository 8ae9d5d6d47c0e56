import type { RuleIncidenceDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appErrors } from '../../../testing/app-errors';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
// Loaded with the file rather than on the first visit (antd's table takes seconds to load on a busy box).
import './rule-incidence-list-page';

jest.setTimeout(60_000);

const admin = { username: 'admin', authorities: ['ROLE_ADMIN'] };
const incidenceUser = { username: 'ana', authorities: ['INCIDENCE'] };

const rule = (id: number, name: string, createdAt: string, changes: Partial<RuleIncidenceDto> = {}) =>
  ({
    id,
    name,
    enabled: true,
    operator: '>',
    varOneId: 1,
    varTwoId: null,
    varOneIds: [1],
    constant: 10,
    minDurationSeconds: 0,
    deadband: 0,
    formula: '',
    emails: '',
    createdAt: Date.parse(createdAt) / 1000,
    tags: [],
    owner: 'ana',
    canEdit: true,
    canDelete: true,
    canShare: true,
    ...changes,
  }) satisfies RuleIncidenceDto;

// In the server's order (by name): the table shows them newest first.
const RULES = [
  rule(1, 'Boiler pressure', '2026-01-10T10:00:00Z', { tags: ['boiler'], owner: 'luis' }),
  rule(2, 'Drum temperature', '2026-03-02T10:00:00Z', { enabled: false, canShare: false, canDelete: false }),
  rule(3, 'Gate torque', '2026-02-05T10:00:00Z', { tags: ['valves', 'line 2'], canEdit: false }),
];
const LIST = '/api/web/rules-incidence';

const labelled = (label: string) => screen.getByLabelText(label);
const rowNames = () =>
  [...document.querySelectorAll('tbody tr td:first-child')].map((cell) => cell.textContent);
const rowOf = (name: string) => screen.getByText(name, { selector: 'td, td *' }).closest('tr') as HTMLElement;
const linkOf = (element: HTMLElement) => element.closest('a');

describe('/rule-incidence/list', () => {
  let server: TestApiServer;
  let stored: RuleIncidenceDto[];

  beforeEach(async () => {
    stored = RULES.map((item) => ({ ...item }));
    server = new TestApiServer()
      .answer('GET', LIST, ({ query }) => {
        const tags = query.tags?.split(',') ?? [];
        return {
          json: stored.filter((item) => tags.length === 0 || item.tags.some((tag) => tags.includes(tag))),
        };
      })
      .answer('DELETE', LIST, ({ query }) => {
        stored = stored.filter(({ id }) => String(id) !== query.id);
        return { status: 204, text: '' };
      })
      .answer('GET', '/api/web/rules-incidence/owner/1', { text: 'Luis García' });
    await server.start();
  });

  afterEach(() => server.stop());

  it('shows the rules newest first: enabled, long creation date, tags, and the way to add one', async () => {
    await renderApp('/rule-incidence/list', { account: admin });
    await screen.findByText('Boiler pressure', { selector: 'td' });
    expect(rowNames()).toEqual(['Drum temperature', 'Gate torque', 'Boiler pressure']);
    expect(within(rowOf('Drum temperature')).getByText('No')).toBeInTheDocument();
    expect(within(rowOf('Gate torque')).getByText('Yes')).toBeInTheDocument();
    expect(within(rowOf('Gate torque')).getByText('5 February 2026')).toBeInTheDocument();
    expect(within(rowOf('Gate torque')).getByText('line 2')).toBeInTheDocument();
    expect(linkOf(labelled('Add rule'))).toHaveAttribute('href', '/rule-incidence/add');
    expect(labelled('Back')).toHaveAttribute('href', '/workspace');
  });

  it("enables each row's share, edit and delete icons by its rights", async () => {
    await renderApp('/rule-incidence/list', { account: admin });
    await screen.findByText('Boiler pressure', { selector: 'td' });
    const names = ['Boiler pressure', 'Drum temperature', 'Gate torque'];
    const enabled = (label: string) => !labelled(label).hasAttribute('disabled');
    expect(names.map((name) => enabled(`Share ${name}`))).toEqual([true, false, true]);
    expect(names.map((name) => enabled(`Edit ${name}`))).toEqual([true, true, false]);
    expect(names.map((name) => enabled(`Delete ${name}`))).toEqual([true, false, true]);
    expect(linkOf(labelled('Share Boiler pressure'))).toHaveAttribute('href', '/incidence/1/permission/list');
    expect(linkOf(labelled('Edit Drum temperature'))).toHaveAttribute('href', '/rule-incidence?id=2');
  });

  it('shows a valve failure source with its asset and failure, edits only its settings, and asks nothing of it', async () => {
    stored.push(
      rule(9, 'gate01 · 2 sustained high torque', '2026-04-01T10:00:00Z', {
        operator: '=',
        varOneId: 0,
        varOneIds: [],
        constant: 2,
        owner: null,
        canShare: false,
        source: { asset: 'gate01', errorCode: 2 },
      }),
    );
    const errors = jest.spyOn(console, 'error');
    try {
      await renderApp('/rule-incidence/list', { account: admin });
      await screen.findByText('gate01 · 2 sustained high torque', { selector: 'td *' });
      const source = rowOf('gate01 · 2 sustained high torque');
      expect(within(source).getByText('Valve failure')).toBeInTheDocument();
      expect(within(source).getByText('gate01 · Sustained high torque')).toBeInTheDocument();
      expect(within(rowOf('Boiler pressure')).queryByText('Valve failure')).not.toBeInTheDocument();
      // No owner to look up; edit and delete as any rule's.
      expect(screen.queryByLabelText('Owner of gate01 · 2 sustained high torque')).not.toBeInTheDocument();
      expect(linkOf(labelled('Edit gate01 · 2 sustained high torque'))).toHaveAttribute(
        'href',
        '/rule-incidence?id=9',
      );
      expect(labelled('Delete gate01 · 2 sustained high torque')).toBeEnabled();
      expect(
        server.received.filter(({ path }) => path.includes('/variable') || path.includes('/owner/')),
      ).toEqual([]);
      expect(appErrors(errors)).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('greys sharing for a user who may not open the permissions screen', async () => {
    await renderApp('/rule-incidence/list', { account: incidenceUser });
    await screen.findByText('Boiler pressure', { selector: 'td' });
    expect(labelled('Share Boiler pressure')).toBeDisabled();
  });

  it('asks the server for the tags of the address, and changes them with the tag filter', async () => {
    const { router } = await renderApp('/rule-incidence/list?tags=valves', { account: admin });
    await screen.findByText('Gate torque', { selector: 'td' });
    expect(rowNames()).toEqual(['Gate torque']);
    expect(server.requests('GET', LIST).map(({ query }) => query)).toContainEqual({ tags: 'valves' });

    fireEvent.mouseDown(
      within(labelled('Filter by tags').closest('.ant-select') as HTMLElement).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByText('boiler', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tags=valves,boiler'));
    await waitFor(() => expect(rowNames()).toEqual(['Gate torque', 'Boiler pressure']));
    expect(server.requests('GET', LIST).map(({ query }) => query)).toContainEqual({ tags: 'valves,boiler' });
  });

  it('loads the owner into the tooltip only when the icon is hovered', async () => {
    await renderApp('/rule-incidence/list', { account: admin });
    await screen.findByText('Boiler pressure', { selector: 'td' });
    expect(server.requests('GET', '/api/web/rules-incidence/owner/1')).toEqual([]);
    fireEvent.mouseEnter(labelled('Owner of Boiler pressure'));
    // The tooltip opens after antd's delay and only then asks the server: slow on a busy machine.
    expect(await screen.findByText('Luis García', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(server.requests('GET', '/api/web/rules-incidence/owner/1')).toHaveLength(1);
  });

  it('keeps the owner tooltip loading, and only logs, when the owner cannot be loaded', async () => {
    server.answer('GET', '/api/web/rules-incidence/owner/1', apiError(500, 'Internal server error'));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await renderApp('/rule-incidence/list', { account: admin });
      await screen.findByText('Boiler pressure', { selector: 'td' });
      fireEvent.mouseEnter(labelled('Owner of Boiler pressure'));
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith('The owner of rule 1 could not be loaded', expect.anything()),
      );
      expect(screen.getByText('Loading…', { selector: '.ant-tooltip *' })).toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });

  it('deletes after a confirmation naming the rule, and says so', async () => {
    await renderApp('/rule-incidence/list', { account: admin });
    await screen.findByText('Boiler pressure', { selector: 'td' });
    fireEvent.click(labelled('Delete Boiler pressure'));
    const [question] = await screen.findAllByText('Delete the rule Boiler pressure?');
    fireEvent.click(within(question.closest('.ant-modal') as HTMLElement).getByText('Delete'));

    expect(await screen.findByText('Rule Boiler pressure deleted')).toBeInTheDocument();
    expect(server.requests('DELETE', LIST).map(({ query }) => query)).toEqual([{ id: '1' }]);
    await waitFor(() => expect(rowNames()).toEqual(['Drum temperature', 'Gate torque']));
  });

  it('says so when the delete fails', async () => {
    server.answer(
      'DELETE',
      LIST,
      apiError(403, 'Only the owner of the rule or an administrator may delete it'),
    );
    await renderApp('/rule-incidence/list', { account: admin });
    await screen.findByText('Boiler pressure', { selector: 'td' });
    fireEvent.click(labelled('Delete Boiler pressure'));
    const [question] = await screen.findAllByText('Delete the rule Boiler pressure?');
    fireEvent.click(within(question.closest('.ant-modal') as HTMLElement).getByText('Delete'));
    expect(
      await screen.findByText('An error occurred deleting the rule Boiler pressure'),
    ).toBeInTheDocument();
  });

  it('shows an empty list with only a console warning when the incidence module is not deployed', async () => {
    server.answer('GET', LIST, apiError(404, 'Not found'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await renderApp('/rule-incidence/list', { account: admin });
      await waitFor(() => expect(warn).toHaveBeenCalledWith('Module incidences not available'));
      expect(await screen.findByText('No results')).toBeInTheDocument();
      expect(screen.queryByText('The rules could not be loaded')).not.toBeInTheDocument();
    } finally {
      warn.mockRestore();
    }
  });
});
