import type { AggregateDependenciesDto, AggregateVariableDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError } from '../../../testing/test-api-server';
import { aggregate } from '../fixtures';
import './aggregate-variable-list-page';

jest.setTimeout(60_000);

const admin = { username: 'ana', authorities: ['ROLE_ADMIN'] };
const aggregator = { username: 'luis', authorities: ['AGGREGATEVAR'] };

const OPERATED: AggregateVariableDto[] = [
  aggregate({ id: 10, name: 'Net flow', createdAt: Date.UTC(2026, 2, 5) / 1000 }),
  aggregate({
    id: 11,
    name: 'Double flow',
    owner: 'pedro',
    createdAt: Date.UTC(2026, 0, 7) / 1000,
    canEdit: false,
    canDelete: false,
    canShare: false,
  }),
  aggregate({ id: 12, name: 'Flow ratio', createdAt: Date.UTC(2026, 1, 1) / 1000, canShare: false }),
];

let server: TestApiServer;
beforeEach(async () => {
  server = new TestApiServer().answer('GET', '/api/web/aggregate-variables/', ({ query }) => ({
    json: query.goal === 'operated' ? OPERATED : [],
  }));
  await server.start();
});
afterEach(() => server.stop());

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const findDialog = async (text: string) =>
  (await screen.findAllByText(text))[0].closest<HTMLElement>('[role="dialog"]')!;

describe('operated variable list (spec part 1 §2)', () => {
  it('lists newest first with owner and long creation date, and sorts by name on demand', async () => {
    await renderApp('/aggregate-variable/operated/list', { account: admin });
    await screen.findByText('Net flow');
    expect(rowNames()).toEqual(['Net flow', 'Flow ratio', 'Double flow']);
    expect(within(rowOf('Net flow')).getByText('5 March 2026')).toBeInTheDocument();
    expect(within(rowOf('Double flow')).getByText('pedro')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Owner/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Double flow', 'Flow ratio', 'Net flow']));
    expect(server.requests('GET', '/api/web/aggregate-variables/')[0].query).toEqual({ goal: 'operated' });
  });

  it('enables share, edit and delete by the row rights, and links them', async () => {
    await renderApp('/aggregate-variable/operated/list', { account: admin });
    await screen.findByText('Net flow');
    expect(screen.getByLabelText('Share Net flow').closest('a')).toHaveAttribute(
      'href',
      '/variable/10/permission/list',
    );
    expect(screen.getByLabelText('Edit Net flow').closest('a')).toHaveAttribute(
      'href',
      '/aggregate-variable/operated?id=10&origin=AggregateOperatedVariableList',
    );
    expect(screen.getByLabelText('Delete Net flow')).toBeEnabled();
    expect(screen.getByLabelText('Share Double flow')).toBeDisabled();
    expect(screen.getByLabelText('Edit Double flow')).toBeDisabled();
    expect(screen.getByLabelText('Delete Double flow')).toBeDisabled();
    expect(screen.getByLabelText('Share Flow ratio')).toBeDisabled();
    expect(screen.getByLabelText('Edit Flow ratio')).toBeEnabled();
    expect(screen.getByRole('link', { name: /Add/ })).toHaveAttribute(
      'href',
      '/aggregate-variable/operated?origin=AggregateOperatedVariableList',
    );
  });

  it('greys sharing for a user who may not open the permissions screen', async () => {
    await renderApp('/aggregate-variable/operated/list', { account: aggregator });
    await screen.findByText('Net flow');
    expect(screen.getByLabelText('Share Net flow')).toBeDisabled();
    expect(screen.getByLabelText('Edit Net flow')).toBeEnabled();
  });

  it('deletes after a confirmation naming the variable', async () => {
    server.answer('DELETE', '/api/web/aggregate-variables/', { status: 204 });
    await renderApp('/aggregate-variable/operated/list', { account: admin });
    await screen.findByText('Net flow');
    fireEvent.click(screen.getByLabelText('Delete Net flow'));
    const dialog = await findDialog('Delete the variable Net flow?');
    expect(server.requests('DELETE', '/api/web/aggregate-variables/')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Variable Net flow deleted successfully');
    expect(server.requests('DELETE', '/api/web/aggregate-variables/').map(({ query }) => query)).toEqual([
      { id: '10' },
    ]);
  });

  it('lists the dependent variables and rules when the delete is refused with 409', async () => {
    const dependencies: AggregateDependenciesDto = {
      statusCode: 409,
      error: 'Conflict',
      message: 'The variable could not be deleted because it has the following dependencies:',
      variables: [{ id: 20, name: 'Net flow squared' }],
      rules: [{ id: 4, name: 'High net flow' }],
    };
    server.answer('DELETE', '/api/web/aggregate-variables/', { status: 409, json: dependencies });
    await renderApp('/aggregate-variable/operated/list', { account: admin });
    await screen.findByText('Net flow');
    fireEvent.click(screen.getByLabelText('Delete Net flow'));
    fireEvent.click(
      within(await findDialog('Delete the variable Net flow?')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await findDialog(
      'The variable could not be deleted because it has the following dependencies:',
    );
    expect(
      within(within(dialog).getByTestId('dependent-variables')).getByText('Net flow squared'),
    ).toBeInTheDocument();
    expect(
      within(within(dialog).getByTestId('dependent-rules')).getByText('High net flow'),
    ).toBeInTheDocument();
    expect(screen.queryByText('An error occurred deleting the variable Net flow')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByText('Net flow squared')).not.toBeInTheDocument());
  });

  it('says when a delete fails otherwise', async () => {
    server.answer('DELETE', '/api/web/aggregate-variables/', apiError(500, 'boom'));
    await renderApp('/aggregate-variable/operated/list', { account: admin });
    await screen.findByText('Net flow');
    fireEvent.click(screen.getByLabelText('Delete Net flow'));
    fireEvent.click(
      within(await findDialog('Delete the variable Net flow?')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('An error occurred deleting the variable Net flow');
  });

  it('shows the success alert handed by the previous screen for 2 s', async () => {
    const { router } = await renderApp('/workspace', { account: admin });
    await router.navigate('/aggregate-variable/operated/list', {
      state: { successAlert: 'Variable Net flow created successfully' },
    });
    await screen.findByText('Variable Net flow created successfully');
    await waitFor(() => expect(screen.queryByText('Variable Net flow created successfully')).toBeNull(), {
      timeout: 4000,
    });
  });
});

describe('back-fill progress on the list rows', () => {
  it('shows the percentage while running, the error when failed, and polls only until all finish', async () => {
    let answers = 0;
    server.answer('GET', '/api/web/aggregate-variables/', () => {
      answers += 1;
      const running = answers === 1;
      return {
        json: [
          aggregate({
            id: 30,
            name: 'Mean level',
            goal: 'metrical',
            historic: true,
            backfill: running
              ? { state: 'running', percent: 42.7, fromMs: 0, toMs: 1, error: null }
              : { state: 'done', percent: 100, fromMs: 0, toMs: 1, error: null },
          }),
          aggregate({
            id: 31,
            name: 'Level spread',
            goal: 'metrical',
            historic: true,
            backfill: { state: 'failed', percent: 10, fromMs: 0, toMs: 1, error: 'input 3 was deleted' },
          }),
        ],
      };
    });
    await renderApp('/aggregate-variable/metrical/list', { account: admin });
    const bar = await screen.findByRole('progressbar', { name: 'History of Mean level' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(
      within(rowOf('Level spread')).getByText(/The history could not be calculated: input 3 was deleted/),
    ).toBeInTheDocument();
    await screen.findByLabelText('History of Mean level: History calculated', {}, { timeout: 6000 });
    const asked = answers;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(answers).toBe(asked);
  });
});

describe('metrical and gradual lists (spec part 1 §2)', () => {
  it('sorts the metrical list by name, says who created each, and goes back to the menu', async () => {
    server.answer('GET', '/api/web/aggregate-variables/', ({ query }) => ({
      json:
        query.goal === 'metrical'
          ? [
              aggregate({ id: 40, name: 'Zeta mean', goal: 'metrical', owner: 'ana' }),
              aggregate({ id: 41, name: 'Alpha max', goal: 'metrical', owner: 'pedro' }),
            ]
          : [],
    }));
    await renderApp('/aggregate-variable/metrical/list', { account: admin });
    await screen.findByText('Zeta mean');
    expect(rowNames()).toEqual(['Alpha max', 'Zeta mean']);
    expect(screen.getByRole('columnheader', { name: /Created by/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/aggregate-variable/menu');
    expect(screen.getByLabelText('Edit Alpha max').closest('a')).toHaveAttribute(
      'href',
      '/aggregate-variable/metrical?id=41&origin=AggregateMetricalVariableList',
    );
  });

  it('shows the empty state', async () => {
    await renderApp('/aggregate-variable/gradual/list', { account: admin });
    await screen.findByText('No results');
  });

  it('shows the error state', async () => {
    server.answer('GET', '/api/web/aggregate-variables/', apiError(500, 'database down'));
    await renderApp('/aggregate-variable/metrical/list', { account: admin });
    await screen.findByText('The aggregate variables could not be loaded');
  });
});
