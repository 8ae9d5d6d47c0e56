import type { AccountProfileDto, PasswordChangeDto, TokenPairDto } from '@plantlens/contracts';
import { api, tokenProtocol } from '../../lib/api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The server ends every session of the user and answers a new token pair for this one: kept, or the
    // next refresh (with the revoked refresh token) would sign the user out.
    changePassword: build.mutation<TokenPairDto, PasswordChangeDto>({
      query: (body) => ({ url: 'web/user/password', method: 'PUT', body }),
      async onQueryStarted(_body, { queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) tokenProtocol.keep(data);
      },
    }),
    getAccountProfile: build.query<AccountProfileDto, void>({
      query: () => 'web/account/profile',
      providesTags: [{ type: 'Account', id: 'PROFILE' }],
    }),
  }),
});

export const { useChangePasswordMutation, useGetAccountProfileQuery } = settingsApi;
