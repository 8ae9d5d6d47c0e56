import type { DatastoreEntryDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { apiError, TestApiServer } from '../../../testing/test-api-server';

const superAdmin = { username: 'admin', authorities: ['ROLE_SUPERADMIN'] };
const PREVIEW = `[[3,{"points":[${'{"ts":1767225600000,"value":0},'.repeat(10)}`.slice(0, 300);

const timelineEntry: DatastoreEntryDto = {
  id: 7,
  key: 'timeline-data?columns=20&gridEndMs=1767229200000&gridStartMs=1767225600000&resolutionS=10&variableIds=3',
  value: PREVIEW,
  abridged: true,
  date: '2026-11-24T12:05:12.000Z',
  sizeBytes: 2_450_000,
  hits: 4,
};
const correlationEntry: DatastoreEntryDto = {
  id: 8,
  key: 'correlation-data?endDate=1767226200000&maxAgeS=3600&maxPoints=100000&startDate=1767225600000&variableIds=3,4',
  value: '{"sampled":false,"aligned":{"ts":[],"values":[[],[]]}}',
  abridged: false,
  date: '2026-11-24T12:06:00.000Z',
  sizeBytes: 52,
  hits: 0,
};

describe('cache management', () => {
  let server: TestApiServer;
  let listed: DatastoreEntryDto[];

  beforeEach(async () => {
    listed = [correlationEntry, timelineEntry];
    server = new TestApiServer()
      .answer('GET', '/api/web/datastore', () => ({ json: listed }))
      .answer('DELETE', '/api/web/datastore', (request) => {
        const ids = request.query.ids!.split(',').map(Number);
        listed = listed.filter((entry) => !ids.includes(entry.id));
        return { json: { deleted: ids.length } };
      });
    await server.start();
  });

  afterEach(() => server.stop());

  const rowOf = (key: string) => screen.getByText(key).closest<HTMLElement>('tr')!;
  const findDialog = async (text: string) =>
    (await screen.findAllByText(text))[0]!.closest<HTMLElement>('[role="dialog"]')!;

  it('lists key, the beginning of the value, the long date, hits and size of each entry', async () => {
    await renderApp('/cache-management', { account: superAdmin });
    const row = rowOf((await screen.findByText(timelineEntry.key)).textContent!);
    expect(within(row).getByText(`${PREVIEW.slice(0, 80)}…`)).toBeInTheDocument();
    expect(within(row).getByText(/^24 November 2026 at \d\d:05:12$/)).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText('2.5 MB')).toBeInTheDocument();
    // A short value is shown whole.
    expect(within(rowOf(correlationEntry.key)).getByText(correlationEntry.value)).toBeInTheDocument();
  });

  it('expands a row to the whole preview and says how big the whole value is', async () => {
    await renderApp('/cache-management', { account: superAdmin });
    const row = rowOf((await screen.findByText(timelineEntry.key)).textContent!);
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText(`${PREVIEW}…`)).toBeInTheDocument();
    expect(screen.getByText('The beginning of the value; the whole value is 2.5 MB.')).toBeInTheDocument();
  });

  it('deletes the selected entries after confirmation, says so, and lists what is left', async () => {
    await renderApp('/cache-management', { account: superAdmin });
    await screen.findByText(timelineEntry.key);
    const deleteButton = screen.getByRole('button', { name: /Delete selected/ });
    expect(deleteButton).toBeDisabled();

    fireEvent.click(screen.getByLabelText(timelineEntry.key));
    fireEvent.click(screen.getByLabelText(correlationEntry.key));
    expect(screen.getByText('2 entries selected')).toBeInTheDocument();
    fireEvent.click(deleteButton);
    fireEvent.click(
      within(await findDialog('Delete the 2 selected cache entries?')).getByRole('button', {
        name: 'Delete',
      }),
    );

    expect(await screen.findByText('Cache entries deleted')).toBeInTheDocument();
    expect(server.requests('DELETE', '/api/web/datastore').map(({ query }) => query)).toEqual([
      { ids: '7,8' },
    ]);
    expect(await screen.findByText('The cache is empty.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete selected/ })).toBeDisabled();
  });

  it('keeps the selection and says so when the delete fails', async () => {
    server.answer('DELETE', '/api/web/datastore', apiError(500, 'database unavailable'));
    await renderApp('/cache-management', { account: superAdmin });
    await screen.findByText(timelineEntry.key);
    fireEvent.click(screen.getByLabelText(timelineEntry.key));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    // Enter confirms (spec part 1 §4), pressed on the dialog's text.
    fireEvent.keyDown((await screen.findAllByText('Delete the selected cache entry?'))[0]!, { key: 'Enter' });

    expect(await screen.findByText('The cache entries could not be deleted')).toBeInTheDocument();
    expect(screen.getByText(timelineEntry.key)).toBeInTheDocument();
    expect(screen.getByText('1 entry selected')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    await renderApp('/cache-management', { account: superAdmin });
    await screen.findByText(timelineEntry.key);
    fireEvent.click(screen.getByLabelText(timelineEntry.key));
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    fireEvent.click(
      within(await findDialog('Delete the selected cache entry?')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryAllByText('Delete the selected cache entry?')).toEqual([]));
    expect(server.requests('DELETE', '/api/web/datastore')).toEqual([]);
  });

  it('says what fills an empty cache', async () => {
    listed = [];
    await renderApp('/cache-management', { account: superAdmin });
    expect(
      await screen.findByText(
        /The cache is empty\. It fills when evolution or correlation charts are opened/,
      ),
    ).toBeInTheDocument();
  });

  it('says when the cache cannot be loaded', async () => {
    server.answer('GET', '/api/web/datastore', apiError(500, 'database unavailable'));
    await renderApp('/cache-management', { account: superAdmin });
    expect(await screen.findByText('The cache could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('database unavailable')).toBeInTheDocument();
  });
});
