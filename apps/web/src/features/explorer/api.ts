import type { TimelineDataDto, TimelineDataQuery, VariableMinimalDto } from '@plantlens/contracts';
import { api } from '../../lib/api';

const explorerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExplorerVariables: build.query<VariableMinimalDto[], void>({
      query: () => 'web/explorer/variables',
      providesTags: (variables = []) => [
        { type: 'Variable', id: 'LIST' },
        ...variables.map(({ id }) => ({ type: 'Variable' as const, id })),
      ],
    }),
    getTimelineData: build.query<TimelineDataDto, TimelineDataQuery>({
      query: ({ variableIds, startDate, endDate, width }) => ({
        url: 'web/explorer/timeline-data',
        params: { variableIds: variableIds.join(','), startDate, endDate, width },
      }),
      providesTags: (_result, _error, { variableIds }) => variableIds.map((id) => ({ type: 'Timeline', id })),
    }),
  }),
});

export const { useGetExplorerVariablesQuery, useGetTimelineDataQuery } = explorerApi;
