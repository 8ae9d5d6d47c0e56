import type { QueryCreateDto, QueryDto, QueryUpdateDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

// Spec part 1 §9: the list of queries is cached 60 s on the client.
export const QUERY_LIST_CACHE_SECONDS = 60;

const LIST = { type: 'Query' as const, id: 'LIST' };

// The saved queries of part 1 §7. The list is keyed by its tags filter (comma-joined, '' for all).
// Renaming or starring moves a row (favourites first, then name), so every change refetches the list.
const queriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQueries: build.query<QueryDto[], string>({
      query: (tags) => ({ url: 'web/query/', params: tags ? { tags } : undefined }),
      keepUnusedDataFor: QUERY_LIST_CACHE_SECONDS,
      providesTags: (queries = []) => [LIST, ...queries.map(({ id }) => ({ type: 'Query' as const, id }))],
    }),
    createQuery: build.mutation<QueryDto, QueryCreateDto>({
      query: (body) => ({ url: 'web/query/', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateQuery: build.mutation<QueryDto, QueryUpdateDto>({
      query: (body) => ({ url: 'web/query/', method: 'PUT', body }),
      // The star shows its new state at once (spec part 1 §4), before the server answers.
      async onQueryStarted(changes, { dispatch, getState, queryFulfilled }) {
        const patches = queriesApi.util.selectCachedArgsForQuery(getState(), 'getQueries').map((tags) =>
          dispatch(
            queriesApi.util.updateQueryData('getQueries', tags, (queries) => {
              const query = queries.find(({ id }) => id === changes.id);
              if (query) Object.assign(query, { name: changes.name, star: changes.star });
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Query', id }],
    }),
    deleteQuery: build.mutation<void, number>({
      query: (id) => ({ url: 'web/query/', method: 'DELETE', params: { id } }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'Query', id }],
    }),
  }),
});

export const { useGetQueriesQuery, useCreateQueryMutation, useUpdateQueryMutation, useDeleteQueryMutation } =
  queriesApi;
