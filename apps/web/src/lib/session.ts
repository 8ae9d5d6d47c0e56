import { AuthHeaders, BEARER_PREFIX, SessionStorageKeys, type TokenPairDto } from '@plantlens/contracts';
import { API_BASE_URL } from '../config/api';
import { ROUTES } from '../config/routes';

// The stored session (spec part 1 §3): access token under `at`, refresh token under `rt`.
const LOGOUT_URL = 'auth/logout';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readTokens(storage: TokenStorage): TokenPairDto | undefined {
  const accessToken = storage.getItem(SessionStorageKeys.accessToken);
  const refreshToken = storage.getItem(SessionStorageKeys.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : undefined;
}

export function storeTokens(storage: TokenStorage, { accessToken, refreshToken }: TokenPairDto): void {
  storage.setItem(SessionStorageKeys.accessToken, accessToken);
  storage.setItem(SessionStorageKeys.refreshToken, refreshToken);
}

export function clearTokens(storage: TokenStorage): void {
  storage.removeItem(SessionStorageKeys.accessToken);
  storage.removeItem(SessionStorageKeys.refreshToken);
}

// /login, remembering the address to return to after sign-in.
export function loginPath(requested: string): string {
  if (requested === '/' || requested.startsWith(ROUTES.Login)) return ROUTES.Login;
  return `${ROUTES.Login}?${new URLSearchParams({ path: requested })}`;
}

// Where to go after sign-in: the remembered address when it is a path of this app, else `/`.
export function pathAfterLogin(requested: string | null): string {
  return requested?.startsWith('/') && !requested.startsWith('//') ? requested : ROUTES.Root;
}

// Signing out reloads the page, so no state of the previous session survives in memory.
export function signOutAndReload(storage: TokenStorage = localStorage): void {
  clearTokens(storage);
  window.location.assign(loginPath(window.location.pathname + window.location.search));
}

// Ends the refresh token's session on the server (best effort), then reloads on the login page.
export async function logOut(storage: TokenStorage = localStorage): Promise<void> {
  const refreshToken = storage.getItem(SessionStorageKeys.refreshToken);
  clearTokens(storage);
  if (refreshToken) {
    await fetch(`${API_BASE_URL}/${LOGOUT_URL}`, {
      method: 'POST',
      headers: { [AuthHeaders.authorization]: `${BEARER_PREFIX}${refreshToken}` },
    }).catch(() => undefined);
  }
  window.location.assign(ROUTES.Login);
}
