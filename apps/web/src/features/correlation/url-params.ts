import { ROUTES } from '../../config/routes';
import type { DateRange } from '../../lib/date-ranges';
import { readableSearch, type ExplorerFilter } from '../explorer/explorer-query';

// The ways out of the correlation charts that both correlation screens share.

/** The evolution chart of these variables over the range (the charts' Evolution option). */
export function evolutionPath(variableIds: readonly number[], range: DateRange): string {
  const search = new URLSearchParams({
    variables: variableIds.join(','),
    startDate: String(range.startDate),
    endDate: String(range.endDate),
  });
  return `${ROUTES.ExplorerEvolution}?${readableSearch(search)}`;
}

/** Back to the query list a view was opened from, narrowed as it was. */
export function queryListBack(filter: ExplorerFilter | null): string {
  return filter ? `${ROUTES.QueryList}?${new URLSearchParams({ filter })}` : ROUTES.QueryList;
}
