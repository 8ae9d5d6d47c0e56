import type {
  TagTreeNodeDto,
  VariableMinimalDto,
  VariableOrderField,
  VariableOrigin,
  VariablePageDto,
} from '@plantlens/contracts';
import { api } from './api';

export interface VariableSearchArgs {
  text: string;
  /** tag ids the variables must carry */
  tags: number[];
}

// One page of a variable table (GET /api/web/variable/page): the server filters, sorts and pages.
export interface VariablePageArgs {
  page: number;
  filter: string;
  orderField: VariableOrderField;
  order: 'asc' | 'desc';
  tags: number[];
  origin: VariableOrigin;
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
    getVariablePage: build.query<VariablePageDto, VariablePageArgs>({
      query: ({ tags, ...params }) => ({
        url: 'web/variable/page',
        params: { ...params, ...(tags.length > 0 && { tags: tags.join(',') }) },
      }),
      providesTags: [{ type: 'Variable', id: 'LIST' }],
    }),
    getTagTree: build.query<TagTreeNodeDto[], void>({
      query: () => 'web/tag/tree',
      providesTags: [{ type: 'Variable', id: 'LIST' }],
    }),
  }),
});

export const {
  useLazySearchVariablesQuery,
  useGetMinimalVariablesQuery,
  useGetTagTreeQuery,
  useGetVariablePageQuery,
} = variableApi;
