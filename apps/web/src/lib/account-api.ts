import type { AccountDto } from '@plantlens/contracts';
import { api } from './api';

// Spec part 1 §9: the signed-in account is reloaded every 15 minutes.
export const ACCOUNT_REFRESH_MS = 900_000;

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AccountDto, void>({
      query: () => 'web/account',
      providesTags: [{ type: 'Account', id: 'ME' }],
    }),
  }),
});

export function useAccount() {
  return accountApi.useGetAccountQuery(undefined, { pollingInterval: ACCOUNT_REFRESH_MS });
}
