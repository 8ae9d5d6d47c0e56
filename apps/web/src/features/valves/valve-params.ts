import { VALVE_HISTORIC_INCIDENT_RANGE_DAYS } from '@plantlens/contracts';
import type { ValveMovement } from './valve-rules';

// URL ↔ state of the valve screens (spec part 2 §2). The review and the historic analysis carry epoch
// seconds; an incident list opens the historic analysis with epoch milliseconds (startDate, endDate).

export interface ReviewParams {
  asset: string;
  /** epoch seconds */
  beginDate: number;
  endDate: number;
  error: number | undefined;
}

const numberParam = (search: URLSearchParams, name: string): number | undefined => {
  const text = search.get(name);
  const value = text === null || text === '' ? NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
};

// The review loads only with asset, beginDate and endDate all present (spec §5).
export function reviewParams(search: URLSearchParams): ReviewParams | undefined {
  const asset = search.get('asset');
  const beginDate = numberParam(search, 'beginDate');
  const endDate = numberParam(search, 'endDate');
  if (!asset || beginDate === undefined || endDate === undefined) return undefined;
  return { asset, beginDate, endDate, error: numberParam(search, 'error') };
}

export function reviewSearch({ asset, beginDate, endDate, error }: ReviewParams): string {
  const search = new URLSearchParams({ asset, beginDate: String(beginDate), endDate: String(endDate) });
  if (error !== undefined) search.set('error', String(error));
  return `?${search.toString()}`;
}

export const HISTORIC_ORIGINS = {
  review: 'incidenceReview',
  incidentList: 'IncidenceList',
  incidentHistoric: 'IncidenceHistoric',
} as const;

// The valve deployment's incident lists open the analysis with the explorer's parameters (spec §2).
export function isIncidentOrigin(
  origin: string | undefined,
): origin is 'IncidenceList' | 'IncidenceHistoric' {
  return origin === HISTORIC_ORIGINS.incidentList || origin === HISTORIC_ORIGINS.incidentHistoric;
}

// The review's button to the historic analysis (spec §2).
export function historicSearchFromReview(review: ReviewParams, operation: ValveMovement): string {
  const search = new URLSearchParams(reviewSearch(review));
  search.set('operation', operation);
  search.set('origin', HISTORIC_ORIGINS.review);
  return `?${search.toString()}`;
}

export interface HistoricParams {
  asset: string | undefined;
  /** epoch milliseconds */
  range: { startDate: number; endDate: number } | undefined;
  operation: ValveMovement;
  origin: string | undefined;
  error: number | undefined;
  /** from an incident list: the rule, and the variables whose first names the asset */
  ruleId: number | undefined;
  variableIds: number[];
}

const DAY_MS = 86_400_000;

// Spec §5: a range from an incident list starts at most 30 days before its end.
export function capIncidentRange(startMs: number, endMs: number) {
  return {
    startDate: Math.max(startMs, endMs - VALVE_HISTORIC_INCIDENT_RANGE_DAYS * DAY_MS),
    endDate: endMs,
  };
}

// Spec §2: the asset is the part of the variable's client reference before the underscore (gate01_torque).
export function assetOfClientReference(clientReference: string | null | undefined): string | undefined {
  const asset = clientReference?.split('_')[0];
  return asset || undefined;
}

export function historicParams(search: URLSearchParams): HistoricParams {
  const origin = search.get('origin') ?? undefined;
  const fromIncidentList = isIncidentOrigin(origin);
  const operation = search.get('operation') === 'closures' ? 'closures' : 'openings';
  const error = numberParam(search, 'error');
  if (fromIncidentList) {
    const start = numberParam(search, 'startDate');
    const end = numberParam(search, 'endDate');
    return {
      // A valve-failure source has no variables: its link names the asset itself.
      asset: search.get('asset') || undefined,
      range: start !== undefined && end !== undefined ? capIncidentRange(start, end) : undefined,
      operation,
      origin,
      error,
      ruleId: numberParam(search, 'ruleId'),
      variableIds: (search.get('variables') ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    };
  }
  const begin = numberParam(search, 'beginDate');
  const end = numberParam(search, 'endDate');
  return {
    asset: search.get('asset') || undefined,
    range:
      begin !== undefined && end !== undefined ? { startDate: begin * 1000, endDate: end * 1000 } : undefined,
    operation,
    origin,
    error,
    ruleId: undefined,
    variableIds: [],
  };
}

export interface HistoricRetrieval {
  asset: string;
  /** epoch milliseconds */
  startDate: number;
  endDate: number;
}

// Spec §4: the chart is valid while the selected asset and dates equal the retrieved ones.
export function isRetrieved(
  selection: { asset: string | undefined; startDate: number; endDate: number },
  retrieval: HistoricRetrieval | undefined,
): retrieval is HistoricRetrieval {
  return (
    retrieval !== undefined &&
    selection.asset === retrieval.asset &&
    selection.startDate === retrieval.startDate &&
    selection.endDate === retrieval.endDate
  );
}
