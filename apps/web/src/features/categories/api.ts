import type { CategoryGroupCreateDto, CategoryGroupDto, CategoryGroupUpdateDto } from '@plantlens/contracts';
import { api } from '../../lib/api';
import { CATEGORY_GROUP_LIST } from '../../lib/category-api';

// Writing a group sets or clears the categoryId of variables: their cached rows are refetched too. A refused
// write changed nothing, and refetching then would re-render the form under the error it shows.
const VARIABLES_CHANGED = [
  CATEGORY_GROUP_LIST,
  { type: 'Variable' as const, id: 'LIST' },
  'RawVariable' as const,
  'Timeline' as const,
];

// Spec part 1 §7 "/api/web/category/": the writes of the group screens (reads: lib/category-api.ts).
const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategoryGroup: build.query<CategoryGroupDto, number>({
      query: (id) => ({ url: 'web/category/', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'CategoryGroup', id }],
    }),
    createCategoryGroup: build.mutation<CategoryGroupDto, CategoryGroupCreateDto>({
      query: (body) => ({ url: 'web/category/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : VARIABLES_CHANGED),
    }),
    updateCategoryGroup: build.mutation<CategoryGroupDto, CategoryGroupUpdateDto>({
      query: (body) => ({ url: 'web/category/', method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [...VARIABLES_CHANGED, { type: 'CategoryGroup', id }],
    }),
    deleteCategoryGroup: build.mutation<void, number>({
      query: (id) => ({ url: 'web/category/', method: 'DELETE', params: { id } }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [...VARIABLES_CHANGED, { type: 'CategoryGroup', id }],
    }),
  }),
});

export const {
  useGetCategoryGroupQuery,
  useCreateCategoryGroupMutation,
  useUpdateCategoryGroupMutation,
  useDeleteCategoryGroupMutation,
} = categoriesApi;
