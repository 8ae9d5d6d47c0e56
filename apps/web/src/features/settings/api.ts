import type { PasswordChangeDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<void, PasswordChangeDto>({
      query: (body) => ({ url: 'web/user/password', method: 'PUT', body }),
    }),
  }),
});

export const { useChangePasswordMutation } = settingsApi;
