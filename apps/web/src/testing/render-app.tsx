import type { AccountDto } from '@plantlens/contracts';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { createI18n } from '../app/i18n';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';
import { AUTH_SETTINGS, type AuthSettings } from '../config/auth';
import { SITE_SETTINGS, type SiteSettings } from '../config/site';
import { accountApi } from '../lib/account-api';
import { clearTokens, storeTokens } from '../lib/session';
import { WebSettingsProvider } from '../lib/web-settings';

interface RenderAppOptions {
  /** signed in as this account (tokens stored, account in the cache); signed out when absent */
  account?: AccountDto;
  /** deployment settings that differ from config/ */
  settings?: { auth?: Partial<AuthSettings>; site?: Partial<SiteSettings> };
}

// The real route table, guards and shell in a memory router, in English.
export async function renderApp(path: string, { account, settings = {} }: RenderAppOptions = {}) {
  clearTokens(localStorage);
  const store = makeStore();
  if (account) {
    storeTokens(localStorage, { accessToken: 'test-access', refreshToken: 'test-refresh' });
    await store.dispatch(accountApi.util.upsertQueryData('getAccount', undefined, account));
  }
  const storage = new Map<string, string>();
  const i18n = createI18n({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
  });
  await i18n.changeLanguage('en_GB');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const webSettings = {
    auth: { ...AUTH_SETTINGS, ...settings.auth },
    site: { ...SITE_SETTINGS, ...settings.site },
  };
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <WebSettingsProvider value={webSettings}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </WebSettingsProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { router, store, i18n };
}
