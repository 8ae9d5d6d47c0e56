import type { ClosedIncidencesRequest } from './api';
import { INCIDENCE_TABLE_PAGE_SIZE } from './incidence-list-params';

// /incidence-historic/list (spec §2, §9): closed incidences of a From/To range, by default the last 7
// days until now; the server takes the dates as ISO strings.
export const HISTORIC_DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

export interface HistoricRange {
  /** epoch ms */
  startDate: number;
  endDate: number;
}

export function defaultHistoricRange(now: number): HistoricRange {
  return { startDate: now - HISTORIC_DEFAULT_DAYS * DAY_MS, endDate: now };
}

/** The request of a page; a range picked backwards is read forwards. */
export function closedIncidencesRequest(
  range: HistoricRange,
  tags: string[],
  page: number,
): ClosedIncidencesRequest {
  const [from, to] = [range.startDate, range.endDate].sort((a, b) => a - b);
  return {
    page,
    pageSize: INCIDENCE_TABLE_PAGE_SIZE,
    beginDate: new Date(from).toISOString(),
    endDate: new Date(to).toISOString(),
    filterTags: tags,
  };
}

/** When the summary was resolved: the date of its latest SOLVED status (epoch ms), if any. */
export function resolvedAt(
  statusChanges: readonly { status: string; offsetDateTime: string }[],
): number | null {
  const times = statusChanges
    .filter(({ status }) => status === 'SOLVED')
    .map(({ offsetDateTime }) => Date.parse(offsetDateTime));
  return times.length > 0 ? Math.max(...times) : null;
}
