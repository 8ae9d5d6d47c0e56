import type { DateRange } from '../explorer/explorer-query';
import { ROUTES } from '../../config/routes';

// Reading and writing the address parameters the correlation screens share.

// The query-list filter values of spec part 2 §2, one per explorer.
export const EXPLORER_FILTERS = [
  'explorer-evolution',
  'explorer-correlation',
  'explorer-multiple-correlation',
] as const;
export type ExplorerFilter = (typeof EXPLORER_FILTERS)[number];

const DIGITS = /^\d+$/;

/** A positive integer id, or null for anything else. */
export function parseId(text: string | null): number | null {
  const trimmed = text?.trim() ?? '';
  if (!DIGITS.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** Comma-separated positive integer ids, each once, in order; anything unreadable is skipped. */
export function parseIdList(text: string | null): number[] {
  const ids = (text ?? '').split(',').flatMap((part) => parseId(part) ?? []);
  return [...new Set(ids)];
}

/** Two epoch-millisecond dates; swapped when the start is later (spec part 2 §4); null if unusable. */
export function parseDateRange(start: string | null, end: string | null): DateRange | null {
  const [startDate, endDate] = [start, end].map((text) =>
    text !== null && DIGITS.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null,
  );
  if (startDate === null || endDate === null || startDate === endDate) return null;
  return startDate < endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate };
}

export function parseExplorerFilter(text: string | null): ExplorerFilter | null {
  return EXPLORER_FILTERS.find((filter) => filter === text) ?? null;
}

// Commas are legal in a query string; unescaped they keep copied addresses readable (pair1=1,2).
export function readableSearch(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ',');
}

/** The parameters whose name starts with opt: the chart options the parameter selection hands on. */
export function optionParams(params: URLSearchParams): [string, string][] {
  return [...params].filter(([name]) => name.startsWith('opt'));
}

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
