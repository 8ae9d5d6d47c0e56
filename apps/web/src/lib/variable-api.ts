import type { TagTreeNodeDto, VariableMinimalDto } from '@plantlens/contracts';
import { api } from './api';

export interface VariableSearchArgs {
  text: string;
  /** tag ids the variables must carry */
  tags: number[];
}

// The variables as the pickers of every feature (explorer, correlation, incidence rules) look them up.
const variableApi = api.injectEndpoints({
  endpoints: (build) => ({
    // At most 30 matches, each carrying `totalRows`, the number of all matches (spec part 2 §3).
    searchVariables: build.query<VariableMinimalDto[], VariableSearchArgs>({
      query: ({ text, tags }) => ({
        url: 'web/variable/minimal/search',
        params: { text, ...(tags.length > 0 && { tags: tags.join(',') }) },
      }),
      providesTags: [{ type: 'Variable', id: 'LIST' }],
    }),
    getMinimalVariables: build.query<VariableMinimalDto[], number[]>({
      query: (ids) => ({ url: 'web/variable/minimal', params: { ids: ids.join(',') } }),
      providesTags: (variables = []) => variables.map(({ id }) => ({ type: 'Variable' as const, id })),
    }),
    getTagTree: build.query<TagTreeNodeDto[], void>({
      query: () => 'web/tag/tree',
      providesTags: [{ type: 'Variable', id: 'LIST' }],
    }),
  }),
});

export const { useLazySearchVariablesQuery, useGetMinimalVariablesQuery, useGetTagTreeQuery } = variableApi;
