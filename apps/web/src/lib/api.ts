import { createApi } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from '../config/api';
import { createAuthBaseQuery } from './base-query';
import { signOutAndReload } from './session';

// The one RTK Query API of the app: features add their endpoints with `api.injectEndpoints`.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createAuthBaseQuery({
    baseUrl: API_BASE_URL,
    storage: localStorage,
    onSignOut: () => signOutAndReload(),
  }),
  tagTypes: [
    'Variable',
    'Timeline',
    'Account',
    'User',
    'Group',
    'GroupMember',
    'GroupPermission',
    'Permission',
    'Query',
  ],
  endpoints: () => ({}),
});
