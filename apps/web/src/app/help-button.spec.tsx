import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../testing/render-app';
import { TestApiServer, apiError } from '../testing/test-api-server';

const ana = { username: 'ana', authorities: ['QUERY'] };
const MANUAL = '/api/web/user-manual';
const PDF = '%PDF-1.7 user manual';

// A window as window.open returns it: the app points it at the PDF, or closes it.
const newWindow = () => ({ location: { href: '' }, close: jest.fn() });

describe('Help: the user manual (spec part 1 §2, §8)', () => {
  let server: TestApiServer;
  const createObjectURL = URL.createObjectURL;

  beforeEach(() => {
    // jsdom has no object URLs; the app hands this one to the window.
    URL.createObjectURL = (blob: Blob) => `blob:manual-of-${blob.size}-bytes`;
  });

  afterEach(async () => {
    URL.createObjectURL = createObjectURL;
    jest.restoreAllMocks();
    await server.stop();
  });

  async function startServer(manual: string | null) {
    server = new TestApiServer();
    if (manual === null) {
      server.answer('HEAD', MANUAL, apiError(404, 'No user manual was built'));
    } else {
      server.answer('HEAD', MANUAL, { text: '' }).answer('GET', MANUAL, { text: manual });
    }
    await server.start();
  }

  it('hides Help while the server has no manual', async () => {
    await startServer(null);
    const { store } = await renderApp('/settings', { account: ana });
    await waitFor(() =>
      expect(store.getState().api.queries['isUserManualAvailable("en_GB")']?.status).toBe('rejected'),
    );
    expect(screen.queryByRole('button', { name: /Help/ })).not.toBeInTheDocument();
    expect(server.requests('HEAD', MANUAL).map(({ query }) => query)).toEqual([{ lang: 'en_GB' }]);
  });

  it('shows Help when a manual exists and opens the PDF in a new window, in the user’s language', async () => {
    await startServer(PDF);
    const manualWindow = newWindow();
    const open = jest.spyOn(window, 'open').mockReturnValue(manualWindow as unknown as Window);
    await renderApp('/settings', { account: ana });

    fireEvent.click(await screen.findByRole('button', { name: /Help/ }));

    await waitFor(() => expect(manualWindow.location.href).toBe(`blob:manual-of-${PDF.length}-bytes`));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(server.requests('GET', MANUAL).map(({ query }) => query)).toEqual([{ lang: 'en_GB' }]);
    expect(manualWindow.close).not.toHaveBeenCalled();
  });

  it('closes the new window again when the manual is empty', async () => {
    await startServer('');
    const manualWindow = newWindow();
    jest.spyOn(window, 'open').mockReturnValue(manualWindow as unknown as Window);
    await renderApp('/settings', { account: ana });

    fireEvent.click(await screen.findByRole('button', { name: /Help/ }));

    await waitFor(() => expect(manualWindow.close).toHaveBeenCalled());
    expect(manualWindow.location.href).toBe('');
  });

  it('with pop-ups blocked, asks to allow them and shows the manual in an overlay that closes', async () => {
    await startServer(PDF);
    jest.spyOn(window, 'open').mockReturnValue(null);
    await renderApp('/settings', { account: ana });

    fireEvent.click(await screen.findByRole('button', { name: /Help/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Pop-up windows are blocked')).toBeInTheDocument();
    expect(within(dialog).getByText(/Allow pop-up windows for this site/)).toBeInTheDocument();
    expect(within(dialog).getByTitle('User manual')).toHaveAttribute(
      'src',
      `blob:manual-of-${PDF.length}-bytes`,
    );
    fireEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
