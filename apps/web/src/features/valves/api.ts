import type {
  HistoricAnalysisDto,
  IncidenceReviewDto,
  NormalCurveLearnDto,
  PlantCurrentStatusDto,
  PlantTreeDto,
  ReferenceCurvesDto,
  RuleIncidenceDto,
  ValveAssetUpdateDto,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

const AMPO = 'web/ampo';
const PLANT = { type: 'ValveAsset' as const, id: 'LIST' };

/** asset and range of the review and historic calls; dates as UTC ISO strings (spec part 2 §5) */
export interface ValveRangeArgs {
  asset: string;
  initDate: string;
  endDate: string;
}

// The calls of the valve screens (spec part 2 §7 "Valve monitoring"), served by the valve monitor.
const valvesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlantTree: build.query<PlantTreeDto, void>({
      query: () => `${AMPO}/plant-tree/`,
      providesTags: [PLANT],
    }),
    getPlantCurrentStatus: build.query<PlantCurrentStatusDto, void>({
      query: () => `${AMPO}/plant-current-status/`,
    }),
    getIncidenceReview: build.query<IncidenceReviewDto, ValveRangeArgs>({
      query: (params) => ({ url: `${AMPO}/incidence-review/`, params }),
    }),
    getHistoricAnalysis: build.query<HistoricAnalysisDto, ValveRangeArgs>({
      query: (params) => ({ url: `${AMPO}/historic-analysis/`, params }),
    }),
    // The number of actuations of a valve since fromDate (UTC ISO).
    getValveActuations: build.query<number, { valve: string; fromDate: string }>({
      query: (params) => ({ url: `${AMPO}/valve-actuations/`, params }),
    }),
    getReferenceCurves: build.query<ReferenceCurvesDto, string>({
      query: (asset) => ({ url: `${AMPO}/reference-curves/`, params: { asset } }),
      providesTags: (_curves, _error, asset) => [{ type: 'ValveCurves', id: asset }],
    }),
    updateValveAsset: build.mutation<void, { id: string; body: ValveAssetUpdateDto }>({
      query: ({ id, body }) => ({ url: `${AMPO}/asset/${id}/`, method: 'PUT', body }),
      invalidatesTags: [PLANT],
    }),
    learnNormalCurves: build.mutation<void, NormalCurveLearnDto>({
      query: (body) => ({ url: `${AMPO}/normal-curves/learn/`, method: 'POST', body }),
      invalidatesTags: [PLANT, 'ValveCurves'],
    }),
    // The rule an incident list opened the historic analysis for: only its name is shown (spec §2).
    getIncidentRuleName: build.query<string, number>({
      query: (id) => `web/rules-incidence/${id}`,
      transformResponse: (rule: RuleIncidenceDto) => rule.name,
      providesTags: (_name, _error, id) => [{ type: 'IncidenceRule', id }],
    }),
  }),
});

export const {
  useGetPlantTreeQuery,
  useGetPlantCurrentStatusQuery,
  useGetIncidenceReviewQuery,
  useGetHistoricAnalysisQuery,
  useGetValveActuationsQuery,
  useGetReferenceCurvesQuery,
  useUpdateValveAssetMutation,
  useLearnNormalCurvesMutation,
  useGetIncidentRuleNameQuery,
} = valvesApi;
