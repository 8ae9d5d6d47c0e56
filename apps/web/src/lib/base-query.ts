import {
  AuthHeaders,
  AuthMessages,
  BEARER_PREFIX,
  SessionStorageKeys,
  tokenPairSchema,
} from '@plantlens/contracts';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { clearTokens, storeTokens, type TokenStorage } from './session';

export const REFRESH_URL = 'auth/refresh';

interface AuthBaseQueryOptions {
  baseUrl: string;
  storage: TokenStorage;
  /** after the tokens were cleared: leave for the login page */
  onSignOut: () => void;
  fetchFn?: typeof fetch;
}

type AuthBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

// Sign-in calls (login, directory entry, registration) carry X-Is-Login and no access token; their 401 is
// an answer for the form, not an ended session.
function isSignInCall(args: string | FetchArgs): boolean {
  return typeof args !== 'string' && new Headers(args.headers as HeadersInit).has(AuthHeaders.isLogin);
}

function isExpired(error: FetchBaseQueryError): boolean {
  const data = error.data as { message?: unknown } | undefined;
  return error.status === 401 && data?.message === AuthMessages.expired;
}

// The token protocol of spec part 1 §4: every call carries the access token; a 401 `Expired` runs one
// refresh shared by every caller, then the call is retried; any other 401, or a failed refresh, clears
// the tokens and signs out.
export function createAuthBaseQuery({
  baseUrl,
  storage,
  onSignOut,
  fetchFn,
}: AuthBaseQueryOptions): AuthBaseQuery {
  const accessToken = () => storage.getItem(SessionStorageKeys.accessToken);
  const rawQuery = fetchBaseQuery({
    baseUrl,
    fetchFn,
    prepareHeaders: (headers) => {
      const token = accessToken();
      if (token && !headers.has(AuthHeaders.isLogin) && !headers.has(AuthHeaders.authorization)) {
        headers.set(AuthHeaders.authorization, `${BEARER_PREFIX}${token}`);
      }
      return headers;
    },
  });

  let refreshing: Promise<boolean> | undefined;

  async function refresh(api: BaseQueryApi, extraOptions: object): Promise<boolean> {
    const refreshToken = storage.getItem(SessionStorageKeys.refreshToken);
    if (!refreshToken) return false;
    const result = await rawQuery(
      {
        url: REFRESH_URL,
        method: 'POST',
        headers: {
          [AuthHeaders.authorization]: `${BEARER_PREFIX}${refreshToken}`,
          [AuthHeaders.isRefresh]: 'true',
        },
      },
      api,
      extraOptions,
    );
    const pair = tokenPairSchema.safeParse(result.data);
    if (!pair.success) return false;
    storeTokens(storage, pair.data);
    return true;
  }

  function sharedRefresh(api: BaseQueryApi, extraOptions: object): Promise<boolean> {
    refreshing ??= refresh(api, extraOptions).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  return async (args, api, extraOptions = {}) => {
    if (isSignInCall(args)) return rawQuery(args, api, extraOptions);
    // A refresh in flight: wait for the new tokens instead of sending a token known to be expired.
    if (refreshing) await refreshing;
    const sentWith = accessToken();
    let result = await rawQuery(args, api, extraOptions);
    if (result.error?.status !== 401) return result;
    if (isExpired(result.error)) {
      // Another caller may have refreshed while this call was in flight: then just retry.
      const renewed = accessToken() !== sentWith || (await sharedRefresh(api, extraOptions));
      if (renewed) {
        result = await rawQuery(args, api, extraOptions);
        if (result.error?.status !== 401) return result;
      }
    }
    clearTokens(storage);
    onSignOut();
    return result;
  };
}
