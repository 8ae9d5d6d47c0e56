import type {
  TimelineDataDto,
  TimelineDataQuery,
  TimelineVariableDto,
  VariableMinimalDto,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

// The server may say on which grid it reduced a sampled series (its M4 columns); older servers do not.
export type TimelineVariable = TimelineVariableDto & { resolutionS?: number | null; bucketMs?: number };
export type TimelineData = Omit<TimelineDataDto, 'variables'> & { variables: TimelineVariable[] };

export interface VariableSearchArgs {
  text: string;
  /** tag ids the variables must carry */
  tags: number[];
}

const explorerApi = api.injectEndpoints({
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
    getTimelineData: build.query<TimelineData, TimelineDataQuery>({
      query: ({ variableIds, startDate, endDate, width }) => ({
        url: 'web/explorer/timeline-data',
        params: { variableIds: variableIds.join(','), startDate, endDate, width },
      }),
      providesTags: (_result, _error, { variableIds }) => variableIds.map((id) => ({ type: 'Timeline', id })),
    }),
  }),
});

export const { useLazySearchVariablesQuery, useGetMinimalVariablesQuery, useGetTimelineDataQuery } =
  explorerApi;
