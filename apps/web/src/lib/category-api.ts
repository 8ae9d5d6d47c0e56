import type { CategoryGroupDto } from '@plantlens/contracts';
import { api } from './api';

export const CATEGORY_GROUP_LIST = { type: 'CategoryGroup' as const, id: 'LIST' };

// The categorical variable groups as the screens that show categories read them: the group screens, the
// raw variable editor's category select and the variable tables (spec part 1 §2).
const categoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCategoryGroups: build.query<CategoryGroupDto[], void>({
      query: () => 'web/category/',
      providesTags: (groups = []) => [
        CATEGORY_GROUP_LIST,
        ...groups.map(({ id }) => ({ type: 'CategoryGroup' as const, id })),
      ],
    }),
  }),
});

export const { useGetCategoryGroupsQuery } = categoryApi;
