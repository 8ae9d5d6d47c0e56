import {
  AuthHeaders,
  AuthMessages,
  BEARER_PREFIX,
  SessionStorageKeys,
  tokenPairSchema,
  type TokenPairDto,
} from '@plantlens/contracts';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { clearTokens, storeTokens, type TokenStorage } from './session';

export const REFRESH_URL = 'auth/refresh';

interface TokenProtocolOptions {
  baseUrl: string;
  storage: TokenStorage;
  /** after the tokens were cleared: leave for the login page */
  onSignOut: () => void;
  fetchFn?: typeof fetch;
}

/** How a finished call answered: its HTTP status (or a transport failure) and its body. */
export interface CallAnswer {
  status: number | string;
  body?: unknown;
}

export interface TokenProtocol {
  /** the X-Authorization value carrying the stored access token, if there is one */
  authorization(): string | undefined;
  /**
   * Sends a call under the token protocol: `send` reads `authorization()` each time it is invoked, and
   * `answerOf` tells how it answered. Resolves with the last result.
   */
  run<Result>(send: () => Promise<Result>, answerOf: (result: Result) => CallAnswer): Promise<Result>;
  /** keeps a token pair that a call answered (a password change ends the old session and starts this one) */
  keep(pair: TokenPairDto): void;
}

// The token protocol of spec part 1 §4, for any transport (fetch through RTK Query, XMLHttpRequest for
// uploads): every call carries the access token; a 401 `Expired` runs one refresh shared by every caller,
// then the call is sent again; any other 401, or a failed refresh, clears the tokens and signs out.
export function createTokenProtocol({
  baseUrl,
  storage,
  onSignOut,
  fetchFn,
}: TokenProtocolOptions): TokenProtocol {
  const accessToken = () => storage.getItem(SessionStorageKeys.accessToken);
  // Looked up at call time, so a fetch installed later (tests, polyfills) is the one used.
  const send = fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let refreshing: Promise<boolean> | undefined;

  async function refresh(): Promise<boolean> {
    const refreshToken = storage.getItem(SessionStorageKeys.refreshToken);
    if (!refreshToken) return false;
    try {
      const response = await send(`${baseUrl}/${REFRESH_URL}`, {
        method: 'POST',
        headers: {
          [AuthHeaders.authorization]: `${BEARER_PREFIX}${refreshToken}`,
          [AuthHeaders.isRefresh]: 'true',
        },
      });
      const pair = tokenPairSchema.safeParse(response.ok ? await response.json() : undefined);
      if (!pair.success) return false;
      storeTokens(storage, pair.data);
      return true;
    } catch {
      return false;
    }
  }

  function sharedRefresh(): Promise<boolean> {
    refreshing ??= refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  const isExpired = ({ status, body }: CallAnswer) =>
    status === 401 && (body as { message?: unknown } | undefined)?.message === AuthMessages.expired;

  return {
    authorization() {
      const token = accessToken();
      return token ? `${BEARER_PREFIX}${token}` : undefined;
    },

    async run(call, answerOf) {
      // A refresh in flight: wait for the new tokens instead of sending a token known to be expired.
      if (refreshing) await refreshing;
      const sentWith = accessToken();
      let result = await call();
      let answer = answerOf(result);
      if (answer.status !== 401) return result;
      if (isExpired(answer)) {
        // Another caller may have refreshed while this call was in flight: then just send again.
        const renewed = accessToken() !== sentWith || (await sharedRefresh());
        if (renewed) {
          result = await call();
          answer = answerOf(result);
          if (answer.status !== 401) return result;
        }
      }
      clearTokens(storage);
      onSignOut();
      return result;
    },

    keep(pair) {
      storeTokens(storage, pair);
    },
  };
}

type AuthBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

// Sign-in calls (login, directory entry, registration) carry X-Is-Login and no access token; their 401 is
// an answer for the form, not an ended session.
function isSignInCall(args: string | FetchArgs): boolean {
  return typeof args !== 'string' && new Headers(args.headers as HeadersInit).has(AuthHeaders.isLogin);
}

/** RTK Query's fetch base query under the token protocol. */
export function createAuthBaseQuery({
  baseUrl,
  protocol,
  fetchFn,
}: {
  baseUrl: string;
  protocol: TokenProtocol;
  fetchFn?: typeof fetch;
}): AuthBaseQuery {
  const rawQuery = fetchBaseQuery({
    baseUrl,
    fetchFn,
    prepareHeaders: (headers) => {
      const authorization = protocol.authorization();
      if (authorization && !headers.has(AuthHeaders.isLogin) && !headers.has(AuthHeaders.authorization)) {
        headers.set(AuthHeaders.authorization, authorization);
      }
      return headers;
    },
  });

  return (args, api, extraOptions = {}) =>
    isSignInCall(args)
      ? rawQuery(args, api, extraOptions)
      : protocol.run(
          async () => rawQuery(args, api, extraOptions),
          ({ error }) => ({ status: error?.status ?? 200, body: error?.data }),
        );
}
