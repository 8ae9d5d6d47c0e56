import type {
  IncidenceSummaryV2PageDto,
  PlantCurrentStatusDto,
  QueryDto,
  RuleIncidenceDto,
  VariablePageDto,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

// The live figures of the workspace tiles, read from the lists the screens themselves call (the smallest
// page where the list is paged) and tagged like them, so a change made on a screen updates its tile.
const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The incidence list holds the summaries not yet resolved.
    getOpenIncidenceCount: build.query<number, void>({
      query: () => ({ url: 'web/evaluations-incidence/v2', params: { page: 1, pageSize: 1 } }),
      transformResponse: (page: IncidenceSummaryV2PageDto) => page.pagination.totalItems,
      providesTags: [{ type: 'Incidence', id: 'LIST' }],
    }),
    getIncidenceRuleCount: build.query<number, void>({
      query: () => 'web/rules-incidence',
      transformResponse: (rules: RuleIncidenceDto[]) => rules.length,
      providesTags: [{ type: 'IncidenceRule', id: 'LIST' }],
    }),
    getSavedQueryCount: build.query<number, void>({
      query: () => 'web/query/',
      transformResponse: (queries: QueryDto[]) => queries.length,
      providesTags: [{ type: 'Query', id: 'LIST' }],
    }),
    getVariableCount: build.query<number, void>({
      query: () => ({ url: 'web/variable/page', params: { page: 1 } }),
      transformResponse: (page: VariablePageDto) => page.count,
      providesTags: [{ type: 'Variable', id: 'LIST' }],
    }),
    // A valve is in alarm while the current window holds an error of it.
    getValvesInAlarmCount: build.query<number, void>({
      query: () => 'web/ampo/plant-current-status/',
      transformResponse: ({ cokeDrumAStatus }: PlantCurrentStatusDto) =>
        [
          ...cokeDrumAStatus.gateStatuses,
          ...cokeDrumAStatus.liftStatuses,
          ...cokeDrumAStatus.switchStatuses,
        ].filter((valve) => valve.assetErrors.length > 0).length,
      providesTags: [{ type: 'ValveAsset', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOpenIncidenceCountQuery,
  useGetIncidenceRuleCountQuery,
  useGetSavedQueryCountQuery,
  useGetVariableCountQuery,
  useGetValvesInAlarmCountQuery,
} = workspaceApi;
