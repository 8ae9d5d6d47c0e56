import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from '../config/api';

// The one RTK Query API of the app: features add their endpoints with `api.injectEndpoints`.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: API_BASE_URL }),
  tagTypes: ['Variable', 'Timeline'],
  endpoints: () => ({}),
});
