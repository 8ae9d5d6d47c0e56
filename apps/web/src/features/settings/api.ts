import type { AccountProfileDto, PasswordChangeDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<void, PasswordChangeDto>({
      query: (body) => ({ url: 'web/user/password', method: 'PUT', body }),
    }),
    getAccountProfile: build.query<AccountProfileDto, void>({
      query: () => 'web/account/profile',
      providesTags: [{ type: 'Account', id: 'PROFILE' }],
    }),
  }),
});

export const { useChangePasswordMutation, useGetAccountProfileQuery } = settingsApi;
