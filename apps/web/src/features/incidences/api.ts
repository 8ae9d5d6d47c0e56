import type {
  AssetPlacement,
  CurrentStatusAssetDto,
  HistoricIncidenceRowDto,
  IncidenceStatus,
  IncidenceSummaryV1Dto,
  IncidenceSummaryV2PageDto,
  PagedListDto,
  RuleCreateItemDto,
  RuleDryRunDto,
  RuleDryRunResultDto,
  RuleIncidenceDto,
  RuleUpdateDto,
  SitePlanCorners,
  SitePlanDto,
  SitePlanImageType,
  SitePlanResponseDto,
} from '@plantlens/contracts';
import { SITE_PLAN_PATH } from '@plantlens/contracts';
import { api } from '../../lib/api';

const RULES = 'web/rules-incidence';
const INCIDENCES = 'web/evaluations-incidence';
const RULE_LIST = { type: 'IncidenceRule' as const, id: 'LIST' };
// Summaries, the map's counts and the historic list all move with any status change, resolution or
// rule switch, so they share one tag.
const INCIDENCE_LIST = { type: 'Incidence' as const, id: 'LIST' };
const SITE_PLAN = { type: 'SitePlan' as const, id: 'LIST' };

type QueryParams = Record<string, string | number | boolean>;

export interface ClosedIncidencesRequest {
  page: number;
  pageSize: number;
  /** ISO 8601 */
  beginDate: string;
  endDate: string;
  filterTags: string[];
}

// The calls of spec part 2 §7 "Incidences and rules".
const incidencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by the comma-joined tags ('' for all). Spec §7: a 404 means the rules service is not deployed,
    // which is logged as a warning and shows an empty list.
    getIncidenceRules: build.query<RuleIncidenceDto[], string>({
      async queryFn(tags, _api, _options, baseQuery) {
        const result = await baseQuery({ url: RULES, params: tags ? { tags } : undefined });
        if (result.error?.status === 404) {
          // eslint-disable-next-line no-console -- spec §8: a warning in the console, no user message
          console.warn('Module incidences not available');
          return { data: [] };
        }
        return result.error ? { error: result.error } : { data: result.data as RuleIncidenceDto[] };
      },
      providesTags: (rules = []) => [
        RULE_LIST,
        ...rules.map(({ id }) => ({ type: 'IncidenceRule' as const, id })),
      ],
    }),
    getIncidenceRule: build.query<RuleIncidenceDto, number>({
      query: (id) => `${RULES}/${id}`,
      providesTags: (_rule, _error, id) => [{ type: 'IncidenceRule', id }],
    }),
    // A text answer; spec §7: asked when the owner icon is hovered.
    getIncidenceRuleOwner: build.query<string, number>({
      query: (id) => ({ url: `${RULES}/owner/${id}`, responseHandler: 'text' }),
      providesTags: (_owner, _error, id) => [{ type: 'IncidenceRule', id }],
    }),
    getIncidenceRuleVariableIds: build.query<number[], number>({
      query: (id) => `${RULES}/variable-ids/${id}`,
      providesTags: (_ids, _error, id) => [{ type: 'IncidenceRule', id }],
    }),
    createIncidenceRules: build.mutation<RuleIncidenceDto[], RuleCreateItemDto[]>({
      query: (body) => ({ url: RULES, method: 'POST', body }),
      invalidatesTags: [RULE_LIST],
    }),
    updateIncidenceRule: build.mutation<RuleIncidenceDto, RuleUpdateDto>({
      query: (body) => ({ url: RULES, method: 'PUT', body }),
      invalidatesTags: (_rule, _error, { id }) => [RULE_LIST, { type: 'IncidenceRule', id }, INCIDENCE_LIST],
    }),
    // Issue 14: the condition tried on the stored history; nothing is saved, so no cache changes.
    tryIncidenceRule: build.mutation<RuleDryRunResultDto, RuleDryRunDto>({
      query: (body) => ({ url: `${RULES}/dry-run`, method: 'POST', body }),
    }),
    deleteIncidenceRule: build.mutation<void, number>({
      query: (id) => ({ url: RULES, method: 'DELETE', params: { id } }),
      invalidatesTags: (_result, _error, id) => [RULE_LIST, { type: 'IncidenceRule', id }, INCIDENCE_LIST],
    }),

    // The summaries table: v2 for the superadmin and product groups, v1 for everyone else (spec §6).
    getIncidenceSummaries: build.query<IncidenceSummaryV2PageDto, QueryParams>({
      query: (params) => ({ url: `${INCIDENCES}/v2`, params }),
      providesTags: [INCIDENCE_LIST],
    }),
    getIncidenceSummariesV1: build.query<PagedListDto<IncidenceSummaryV1Dto>, QueryParams>({
      query: (params) => ({ url: INCIDENCES, params }),
      providesTags: [INCIDENCE_LIST],
    }),
    getClosedIncidences: build.query<PagedListDto<HistoricIncidenceRowDto>, ClosedIncidencesRequest>({
      query: ({ filterTags, ...params }) => ({
        url: `${INCIDENCES}/closed-summaries`,
        params: { ...params, ...(filterTags.length > 0 && { filterTags: filterTags.join(',') }) },
      }),
      providesTags: [INCIDENCE_LIST],
    }),
    changeIncidenceStatus: build.mutation<void, { id: number; status: IncidenceStatus }>({
      query: ({ id, status }) => ({ url: `${INCIDENCES}/${id}/`, method: 'PUT', body: { status } }),
      invalidatesTags: [INCIDENCE_LIST],
    }),
    resolveIncidence: build.mutation<void, number>({
      query: (id) => ({ url: `${INCIDENCES}/resolve-summary/${id}/`, method: 'PUT' }),
      invalidatesTags: [INCIDENCE_LIST],
    }),
    // Switches the summary's rule on or off from the incidence table.
    manageIncidenceRule: build.mutation<void, { ruleId: number; enabled: boolean }>({
      query: ({ ruleId, enabled }) => ({
        url: `${INCIDENCES}/manage-summary/${ruleId}/`,
        method: 'PUT',
        body: { enabled },
      }),
      // Spec §4: the switch flips at once; it flips back if the server refuses.
      async onQueryStarted({ ruleId, enabled }, { dispatch, getState, queryFulfilled }) {
        const state = getState();
        const patches = [
          ...incidencesApi.util.selectCachedArgsForQuery(state, 'getIncidenceSummaries').map((args) =>
            dispatch(
              incidencesApi.util.updateQueryData('getIncidenceSummaries', args, (page) => {
                for (const summary of page.data)
                  if (summary.rule.id === ruleId) summary.rule.isEnabled = enabled;
              }),
            ),
          ),
          ...incidencesApi.util.selectCachedArgsForQuery(state, 'getIncidenceSummariesV1').map((args) =>
            dispatch(
              incidencesApi.util.updateQueryData('getIncidenceSummariesV1', args, (page) => {
                for (const summary of page.data) if (summary.ruleId === ruleId) summary.enabled = enabled;
              }),
            ),
          ),
        ];
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { ruleId }) => [
        INCIDENCE_LIST,
        RULE_LIST,
        { type: 'IncidenceRule', id: ruleId },
      ],
    }),
    getCurrentStatusAssets: build.query<CurrentStatusAssetDto[], void>({
      query: () => 'web/current-status-incidence',
      providesTags: [INCIDENCE_LIST],
    }),
    placeAssets: build.mutation<void, AssetPlacement[]>({
      query: (assets) => ({ url: 'web/current-status-incidence/assets', method: 'PUT', body: { assets } }),
      invalidatesTags: [INCIDENCE_LIST],
    }),

    // The site plan behind the map (beyond the spec; contracts: SITE_PLAN_PATH).
    getSitePlan: build.query<SitePlanDto | null, void>({
      query: () => SITE_PLAN_PATH,
      transformResponse: ({ plan }: SitePlanResponseDto) => plan,
      providesTags: [SITE_PLAN],
    }),
    // The image as an object URL for the map, keyed by its version (an address the browser caches for
    // good); the URL is released when the entry leaves the cache.
    getSitePlanImage: build.query<string, string>({
      query: (version) => ({
        url: `${SITE_PLAN_PATH}/image`,
        params: { v: version },
        responseHandler: async (response) => URL.createObjectURL(await response.blob()),
      }),
      async onCacheEntryAdded(_version, { cacheDataLoaded, cacheEntryRemoved }) {
        const loaded = await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        if (loaded) URL.revokeObjectURL(loaded.data);
      },
    }),
    uploadSitePlan: build.mutation<
      SitePlanDto,
      { image: Blob; contentType: SitePlanImageType; corners: SitePlanCorners }
    >({
      query: ({ image, contentType, corners }) => ({
        url: `${SITE_PLAN_PATH}/image`,
        method: 'PUT',
        // Plain decimals, as the server reads them: String(1e-7) would be "1e-7".
        params: Object.fromEntries(
          Object.entries(corners).map(([corner, degrees]) => [
            corner,
            degrees.toFixed(7).replace(/\.?0+$/, ''),
          ]),
        ),
        headers: { 'Content-Type': contentType },
        body: image,
      }),
      invalidatesTags: [SITE_PLAN],
    }),
    placeSitePlan: build.mutation<SitePlanDto, SitePlanCorners>({
      query: (corners) => ({ url: `${SITE_PLAN_PATH}/corners`, method: 'PUT', body: corners }),
      invalidatesTags: [SITE_PLAN],
    }),
    removeSitePlan: build.mutation<void, void>({
      query: () => ({ url: SITE_PLAN_PATH, method: 'DELETE' }),
      invalidatesTags: [SITE_PLAN],
    }),
  }),
});

export const {
  useGetIncidenceRulesQuery,
  useGetIncidenceRuleQuery,
  useLazyGetIncidenceRuleOwnerQuery,
  useLazyGetIncidenceRuleVariableIdsQuery,
  useCreateIncidenceRulesMutation,
  useUpdateIncidenceRuleMutation,
  useTryIncidenceRuleMutation,
  useDeleteIncidenceRuleMutation,
  useGetIncidenceSummariesQuery,
  useGetIncidenceSummariesV1Query,
  useGetClosedIncidencesQuery,
  useChangeIncidenceStatusMutation,
  useResolveIncidenceMutation,
  useManageIncidenceRuleMutation,
  useGetCurrentStatusAssetsQuery,
  usePlaceAssetsMutation,
  useGetSitePlanQuery,
  useGetSitePlanImageQuery,
  useUploadSitePlanMutation,
  usePlaceSitePlanMutation,
  useRemoveSitePlanMutation,
} = incidencesApi;
