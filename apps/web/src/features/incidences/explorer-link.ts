import type { AssetAlarmSourceDto } from '@plantlens/contracts';
import { ROUTES, type incidentTargetRoute } from '../../config/routes';

// Spec §2: a rule name opens the evolution explorer on the rule's variables over the incidence's range.
// The range is widened by an hour on each side, so the chart shows the values crossing the threshold
// rather than starting on the crossing; an incidence still open runs until now.
export const EXPLORER_MARGIN_MS = 3_600_000;

export interface IncidenceRange {
  /** epoch ms */
  firstActivation: number;
  /** epoch ms */
  lastActivation: number;
  /** an incidence of the summary is open right now */
  open?: boolean;
}

export type IncidenceLinkOrigin = 'IncidenceList' | 'IncidenceHistoric';

interface LinkOptions {
  /** the summary's rule, given from the incidence list only */
  ruleId?: number;
  now?: number;
}

interface RuleLinkOptions extends LinkOptions {
  /** the page a rule's variables open: the evolution explorer, or the valve deployment's historic analysis */
  target?: ReturnType<typeof incidentTargetRoute>;
}

// The incidence's range with its margins, in epoch ms, never past now.
function incidenceWindow(range: IncidenceRange, now: number) {
  const end = range.open ? now : Math.min(now, range.lastActivation + EXPLORER_MARGIN_MS);
  return {
    startDate: String(range.firstActivation - EXPLORER_MARGIN_MS),
    endDate: String(Math.max(end, range.firstActivation)),
  };
}

// Commas of the lists are kept readable in the address.
const pathWith = (path: string, params: URLSearchParams) =>
  `${path}?${params.toString().replaceAll('%2C', ',')}`;

export function incidenceExplorerPath(
  variableIds: readonly number[],
  range: IncidenceRange,
  origin: IncidenceLinkOrigin,
  { ruleId, now = Date.now(), target = 'ExplorerEvolution' }: RuleLinkOptions = {},
): string {
  const params = new URLSearchParams({
    variables: variableIds.join(','),
    ...incidenceWindow(range, now),
    origin,
  });
  if (ruleId !== undefined) params.set('ruleId', String(ruleId));
  return pathWith(ROUTES[target], params);
}

// A valve failure source (docs/rules-and-incidences.md "Valve failures as incidences") has no variable: its
// summary opens the valve historic analysis of its asset over the same range (epoch ms, as an incident list
// sends it), with the failure code for the page's subject.
export function incidenceValveHistoricPath(
  source: AssetAlarmSourceDto,
  range: IncidenceRange,
  origin: IncidenceLinkOrigin,
  { ruleId, now = Date.now() }: LinkOptions = {},
): string {
  const params = new URLSearchParams({
    origin,
    asset: source.asset,
    error: String(source.errorCode),
    ...incidenceWindow(range, now),
  });
  if (ruleId !== undefined) params.set('ruleId', String(ruleId));
  return pathWith(ROUTES.HistoricAnalysis, params);
}
