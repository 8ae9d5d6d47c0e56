import type { CorrelationColumnsDto, CorrelationPairOptionDto } from '@plantlens/contracts';
import { api, largeReadOnlyAnswer } from '../../lib/api';
import type { CorrelationDataRequest } from './correlation-points';

export interface PairOptionsRequest {
  tagsX: number[];
  tagsY: number[];
}

const correlationApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The compact answer (a third of the JSON, no object per point), which the charts read by column
    // (pairPoints).
    getCorrelationData: build.query<CorrelationColumnsDto, CorrelationDataRequest>({
      query: ({ variableIds, startDate, endDate }) => ({
        url: 'web/explorer/correlation-data',
        params: { variableIds: variableIds.join(','), startDate, endDate, format: 'columns' },
      }),
      // Up to 100 000 points per variable.
      ...largeReadOnlyAnswer((answer: CorrelationColumnsDto) => answer),
      providesTags: (_result, _error, { variableIds }) => variableIds.map((id) => ({ type: 'Timeline', id })),
    }),
    getMultipleCorrelationPairs: build.query<CorrelationPairOptionDto[], PairOptionsRequest>({
      query: ({ tagsX, tagsY }) => ({
        url: 'web/explorer/multiple-correlation-pairs',
        params: { tagsX: tagsX.join(','), tagsY: tagsY.join(',') },
      }),
      providesTags: [{ type: 'Variable', id: 'LIST' }],
    }),
  }),
});

export const { useGetCorrelationDataQuery, useGetMultipleCorrelationPairsQuery } = correlationApi;
