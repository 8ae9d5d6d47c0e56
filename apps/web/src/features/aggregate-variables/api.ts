import type {
  AggregateGoal,
  AggregatePreviewDto,
  AggregatePreviewRequest,
  AggregateVariableCreateDto,
  AggregateVariableDto,
  AggregateVariableUpdateDto,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

const LIST = { type: 'AggregateVariable' as const, id: 'LIST' };
// An aggregate is also a variable: its name, unit and tags show in the pickers and variable tables.
const VARIABLE_LIST = { type: 'Variable' as const, id: 'LIST' };

// Spec part 1 §7 `/api/web/aggregate-variables/`: the lists by goal, one variable, its changes and the
// preview of a calculation before it is saved.
const aggregateVariablesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAggregateVariables: build.query<AggregateVariableDto[], AggregateGoal>({
      query: (goal) => ({ url: 'web/aggregate-variables/', params: { goal } }),
      providesTags: (variables = []) => [
        LIST,
        ...variables.map(({ id }) => ({ type: 'AggregateVariable' as const, id })),
      ],
    }),
    getAggregateVariable: build.query<AggregateVariableDto, number>({
      query: (id) => `web/aggregate-variables/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'AggregateVariable', id }],
    }),
    createAggregateVariable: build.mutation<AggregateVariableDto, AggregateVariableCreateDto>({
      query: (body) => ({ url: 'web/aggregate-variables/', method: 'POST', body }),
      invalidatesTags: [LIST, VARIABLE_LIST],
    }),
    updateAggregateVariable: build.mutation<AggregateVariableDto, AggregateVariableUpdateDto>({
      query: (body) => ({ url: 'web/aggregate-variables/', method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        LIST,
        { type: 'AggregateVariable', id },
        { type: 'Variable', id },
        VARIABLE_LIST,
      ],
    }),
    // A 409 answers AggregateDependenciesDto: the variables and rules that read this one.
    deleteAggregateVariable: build.mutation<void, number>({
      query: (id) => ({ url: 'web/aggregate-variables/', method: 'DELETE', params: { id } }),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [LIST, { type: 'AggregateVariable', id }, { type: 'Variable', id }, VARIABLE_LIST],
    }),
    previewAggregateVariable: build.query<AggregatePreviewDto, AggregatePreviewRequest>({
      query: (body) => ({ url: 'web/aggregate-variables/preview', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAggregateVariablesQuery,
  useGetAggregateVariableQuery,
  useCreateAggregateVariableMutation,
  useUpdateAggregateVariableMutation,
  useDeleteAggregateVariableMutation,
  usePreviewAggregateVariableQuery,
} = aggregateVariablesApi;
