import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';

// Ant Design and the chart's chunk (Highcharts) load slowly in jsdom, the more so on a busy machine.
jest.setTimeout(120_000);

const explorer = { username: 'luis', authorities: ['EXPLORER'] };
const view = '/explorer-evolution?variables=4,2&startDate=1700000000000&endDate=1700086400000';

type Router = Awaited<ReturnType<typeof renderApp>>['router'];
const params = (router: Router) => new URLSearchParams(router.state.location.search);
const heading = () => screen.findByRole('heading', { name: /^Evolution/ }, { timeout: 20_000 });

// The menu of the dropdown opened last (the side menu is a menu too).
const dropdownMenu = () =>
  screen
    .getAllByRole('menu')
    .filter((menu) => menu.closest('.ant-dropdown'))
    .at(-1)!;

async function pickOption(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /Options/ }));
  fireEvent.click(
    await waitFor(() => within(dropdownMenu()).getByRole('menuitem', { name: new RegExp(name) })),
  );
}

describe('/explorer-evolution', () => {
  it('sends the user to the parameter selection when no variable is given, keeping the options', async () => {
    const { router } = await renderApp('/explorer-evolution?optGrid=true&startDate=1000&endDate=2000', {
      account: explorer,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-evolution-variables'), {
      timeout: 20_000,
    });
    expect(router.state.location.search).toBe('?optGrid=true&startDate=1000&endDate=2000');
  });

  it('completes an address without dates with the default range, replacing it in the history', async () => {
    const before = Date.now();
    const { router } = await renderApp('/explorer-evolution?variables=4', { account: explorer });
    await heading();
    const startDate = Number(params(router).get('startDate'));
    const endDate = Number(params(router).get('endDate'));
    const sevenDaysAgo = new Date(before);
    sevenDaysAgo.setHours(0, 0, 0, 0);
    sevenDaysAgo.setDate(sevenDaysAgo.getDate() - 7);
    expect(startDate).toBe(sevenDaysAgo.getTime());
    expect(endDate).toBeGreaterThanOrEqual(before);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('writes each option into the address, single axis only with exactly two variables', async () => {
    const { router } = await renderApp(view, { account: explorer });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: /Options/ }));
    expect(await screen.findByRole('menuitem', { name: /Single axis/ })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: /Single axis/ }));
    await waitFor(() => expect(params(router).get('optSingleAxis')).toBe('false'));
    await pickOption('Grid');
    await waitFor(() => expect(params(router).get('optGrid')).toBe('true'));
    await pickOption('Show points');
    await waitFor(() => expect(params(router).get('optShowPoints')).toBe('true'));
    expect(router.state.historyAction).toBe('PUSH');

    await router.navigate('/explorer-evolution?variables=4&startDate=1000&endDate=2000');
    fireEvent.click(screen.getByRole('button', { name: /Options/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem', { name: /Single axis/ }).at(-1)).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
  });

  it('validates the fixed range: both bounds required, minimum below maximum; Save and Reset', async () => {
    const { router } = await renderApp(view, { account: explorer });
    await heading();
    await pickOption('Fixed range');
    let modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(within(modal).getAllByText('Required field')).toHaveLength(2);

    fireEvent.change(within(modal).getByRole('spinbutton', { name: 'Minimum' }), { target: { value: '50' } });
    fireEvent.change(within(modal).getByRole('spinbutton', { name: 'Maximum' }), { target: { value: '50' } });
    expect(within(modal).getByText('The minimum must be less than the maximum')).toBeInTheDocument();
    expect(within(modal).getByText('The maximum must be greater than the minimum')).toBeInTheDocument();

    fireEvent.change(within(modal).getByRole('spinbutton', { name: 'Maximum' }), {
      target: { value: '120.5' },
    });
    // Enter saves.
    fireEvent.keyDown(within(modal).getByRole('spinbutton', { name: 'Maximum' }), { key: 'Enter' });
    await waitFor(() => expect(params(router).get('optRange')).toBe('50,120.5'));

    await pickOption('Fixed range \\(50 to 120.5\\)');
    modal = await screen.findByRole('dialog');
    expect(within(modal).getByRole('spinbutton', { name: 'Minimum' })).toHaveValue('50');
    fireEvent.click(within(modal).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(params(router).get('optRange')).toBeNull());
  });

  it('clears the fixed range when the modal is closed with a field in error', async () => {
    const { router } = await renderApp(`${view}&optRange=0,10`, { account: explorer });
    await heading();
    await pickOption('Fixed range');
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByRole('spinbutton', { name: 'Minimum' }), { target: { value: '20' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(params(router).get('optRange')).toBeNull());
  });

  it('goes back and shows the breadcrumb by origin, with the query name in the title', async () => {
    await renderApp(`${view}&origin=QueryList&queryName=Caldera%20norte`, { account: explorer });
    expect(await heading()).toHaveTextContent('Evolution · Caldera norte');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/query/list');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Workspace' })).toHaveAttribute('href', '/workspace');
    expect(within(breadcrumb).getByRole('link', { name: 'Queries' })).toHaveAttribute('href', '/query/list');
    expect(breadcrumb).toHaveTextContent(/Evolution$/);
  });

  it('goes back to the parameter selection keeping the query when there is no origin', async () => {
    await renderApp(`${view}&optGrid=true`, { account: explorer });
    await heading();
    const back = `/explorer-evolution-variables?optGrid=true&variables=4,2&startDate=1700000000000&endDate=1700086400000`;
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', back);
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Parameter selection' })).toHaveAttribute(
      'href',
      back,
    );
    expect(within(breadcrumb).getByRole('link', { name: 'Explorer' })).toHaveAttribute('href', '/explore');
  });

  it('converts two variables into a correlation of the same dates', async () => {
    const { router } = await renderApp(view, { account: explorer });
    await heading();
    await pickOption('Correlation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explorer-correlation'));
    expect(router.state.location.search).toBe('?pair1=4,2&startDate=1700000000000&endDate=1700086400000');
  });

  it('will not copy the address before the data of the view has loaded', async () => {
    await renderApp(view, { account: explorer });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Chart settings' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Copy URL/ }));
    expect(await screen.findByText('Nothing has been explored yet: press Explore first')).toBeInTheDocument();
    // Saving is offered only with the saved-queries feature wired in and the Query feature.
    expect(screen.queryByRole('menuitem', { name: /Save as query/ })).not.toBeInTheDocument();
  });
});
