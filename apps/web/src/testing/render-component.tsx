import type { AccountDto } from '@plantlens/contracts';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { createI18n } from '../app/i18n';
import { makeStore } from '../app/store';
import { accountApi } from '../lib/account-api';
import { clearTokens, storeTokens } from '../lib/session';

interface RenderComponentOptions {
  /** the address the component is rendered at */
  path?: string;
  /** signed in as this account (tokens stored, account in the cache); signed out when absent */
  account?: AccountDto;
}

// One component, not the app, with what features need around it: the store, a memory router, antd's App
// and the real English texts.
export async function renderComponent(
  ui: ReactElement,
  { path = '/', account }: RenderComponentOptions = {},
) {
  clearTokens(localStorage);
  const store = makeStore();
  if (account) {
    storeTokens(localStorage, { accessToken: 'test-access', refreshToken: 'test-refresh' });
    await store.dispatch(accountApi.util.upsertQueryData('getAccount', undefined, account));
  }
  const i18n = createI18n({ getItem: () => null, setItem: () => undefined });
  await i18n.changeLanguage('en_GB');
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </I18nextProvider>
    </Provider>,
  );
  return { router, store };
}
