import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { renderApp } from '../testing/render-app';

const queryUser = { username: 'ana', authorities: ['QUERY'] };
const TRACKING_CODE = 'G-PLANT42';

const gtagScripts = () =>
  [...document.querySelectorAll('script')].filter(({ src }) => src.includes('googletagmanager.com'));

// The page views queued for gtag.js, as [path, title].
const pageViews = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => {
      const { page_path, page_title } = params as { page_path: string; page_title: string };
      return [page_path, page_title];
    });

const openSettings = () =>
  fireEvent.click(within(screen.getByLabelText('User navigation')).getByText('Settings'));

describe('page frame', () => {
  afterEach(() => {
    gtagScripts().forEach((script) => script.remove());
    delete window.gtag;
    delete window.dataLayer;
  });

  it('titles the tab with the page and the configured product, in the current language', async () => {
    const { i18n } = await renderApp('/settings', {
      account: queryUser,
      settings: { site: { productTitle: 'Refinería Norte' } },
    });
    await waitFor(() => expect(document.title).toBe('Settings · Refinería Norte'));
    await act(() => i18n.changeLanguage('es_ES'));
    expect(document.title).toBe('Configuración · Refinería Norte');
  });

  it('with a tracking code, loads gtag.js once and sends one page view per page shown', async () => {
    await renderApp('/', { account: queryUser, settings: { site: { trackingCode: TRACKING_CODE } } });
    // `/` redirects to the workspace: only the workspace was shown.
    await waitFor(() => expect(pageViews()).toEqual([['/workspace', 'Workspace · Plantlens']]));
    openSettings();

    await waitFor(() =>
      expect(pageViews()).toEqual([
        ['/workspace', 'Workspace · Plantlens'],
        ['/settings', 'Settings · Plantlens'],
      ]),
    );
    expect(gtagScripts().map(({ src }) => src)).toEqual([
      `https://www.googletagmanager.com/gtag/js?id=${TRACKING_CODE}`,
    ]);
  });

  it('without a tracking code, loads and sends nothing', async () => {
    await renderApp('/', { account: queryUser });
    await waitFor(() => expect(document.title).toBe('Workspace · Plantlens'));
    openSettings();

    await waitFor(() => expect(document.title).toBe('Settings · Plantlens'));
    expect(gtagScripts()).toEqual([]);
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });
});
