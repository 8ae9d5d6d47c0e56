import {
  timelineFromColumns,
  type RawPointsPageDto,
  type RawPointsQuery,
  type TimelineColumnsDto,
  type TimelineDataDto,
  type TimelineDataQuery,
  type TimelineVariableDto,
} from '@plantlens/contracts';
import { api, largeReadOnlyAnswer } from '../../lib/api';

// The server may say on which grid it reduced a sampled series (its M4 columns); older servers do not.
export type TimelineVariable = TimelineVariableDto & { resolutionS?: number | null; bucketMs?: number };
export type TimelineData = Omit<TimelineDataDto, 'variables'> & { variables: TimelineVariable[] };

const explorerApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Asks the compact answer (a third of the JSON) and hands the charts the spec's shape; up to 4 points
    // per pixel column and variable.
    getTimelineData: build.query<TimelineData, TimelineDataQuery>({
      query: ({ variableIds, startDate, endDate, width }) => ({
        url: 'web/explorer/timeline-data',
        params: { variableIds: variableIds.join(','), startDate, endDate, width, format: 'columns' },
      }),
      ...largeReadOnlyAnswer((answer: TimelineColumnsDto) => timelineFromColumns(answer)),
      providesTags: (_result, _error, { variableIds }) => variableIds.map((id) => ({ type: 'Timeline', id })),
    }),
    // Pages of up to 100 000 stored points, read once for a download: not worth keeping in the cache.
    getRawPointsPage: build.query<RawPointsPageDto, RawPointsQuery>({
      query: (params) => ({ url: 'web/explorer/raw-points', params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetTimelineDataQuery, useLazyGetRawPointsPageQuery } = explorerApi;
