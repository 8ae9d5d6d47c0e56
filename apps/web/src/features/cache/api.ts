import type { DatastoreDeleteResponseDto, DatastoreEntryDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

const LIST = { type: 'CacheEntry' as const, id: 'LIST' };

// The cache back office of spec part 1 §7: the entries, and the delete of several (ids comma-joined).
const cacheApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCacheEntries: build.query<DatastoreEntryDto[], void>({
      query: () => ({ url: 'web/datastore' }),
      providesTags: (entries = []) => [
        LIST,
        ...entries.map(({ id }) => ({ type: 'CacheEntry' as const, id })),
      ],
    }),
    deleteCacheEntries: build.mutation<DatastoreDeleteResponseDto, number[]>({
      query: (ids) => ({ url: 'web/datastore', method: 'DELETE', params: { ids: ids.join(',') } }),
      invalidatesTags: (_result, _error, ids) => [
        LIST,
        ...ids.map((id) => ({ type: 'CacheEntry' as const, id })),
      ],
    }),
  }),
});

export const { useGetCacheEntriesQuery, useDeleteCacheEntriesMutation } = cacheApi;
