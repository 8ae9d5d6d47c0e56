import { createApi } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from '../config/api';
import { createAuthBaseQuery, createTokenProtocol } from './base-query';
import { signOutAndReload } from './session';

// The session's token protocol, shared by the API below and by the calls it cannot make (file uploads
// with progress), so that one refresh serves them all.
export const tokenProtocol = createTokenProtocol({
  baseUrl: API_BASE_URL,
  storage: localStorage,
  onSignOut: () => signOutAndReload(),
});

// The one RTK Query API of the app: features add their endpoints with `api.injectEndpoints`.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createAuthBaseQuery({ baseUrl: API_BASE_URL, protocol: tokenProtocol }),
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
    'IncidenceRule',
    'Incidence',
    'SitePlan',
    'ValveAsset',
    'ValveCurves',
    'CacheEntry',
    'RawVariable',
    'CategoryGroup',
    'AggregateVariable',
  ],
  endpoints: () => ({}),
});

/**
 * For the endpoints answering tens of thousands of points, which the page only reads: a refetch replaces the
 * answer instead of diffing it, and the answer (`toAnswer` of what the server sent) is frozen, shallowly, as
 * it enters the store, which tells immer to skip freezing it point by point (100 000-point correlations
 * spent hundreds of ms there, docs/benchmarks.md §4).
 */
export function largeReadOnlyAnswer<Sent, Answer extends object>(toAnswer: (sent: Sent) => Answer) {
  return {
    structuralSharing: false,
    transformResponse: (sent: Sent): Answer => Object.freeze(toAnswer(sent)),
  } as const;
}
