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

export function incidenceExplorerPath(
  variableIds: readonly number[],
  range: IncidenceRange,
  origin: 'IncidenceList' | 'IncidenceHistoric',
  {
    ruleId,
    now = Date.now(),
    target = 'ExplorerEvolution',
  }: { ruleId?: number; now?: number; target?: ReturnType<typeof incidentTargetRoute> } = {},
): string {
  const end = range.open ? now : Math.min(now, range.lastActivation + EXPLORER_MARGIN_MS);
  const params = new URLSearchParams({
    variables: variableIds.join(','),
    startDate: String(range.firstActivation - EXPLORER_MARGIN_MS),
    endDate: String(Math.max(end, range.firstActivation)),
    origin,
  });
  if (ruleId !== undefined) params.set('ruleId', String(ruleId));
  return `${ROUTES[target]}?${params.toString().replaceAll('%2C', ',')}`;
}
