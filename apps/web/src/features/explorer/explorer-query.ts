import { MAX_TIMELINE_VARIABLES } from '@plantlens/contracts';
import { ROUTES } from '../../config/routes';
import type { DateRange } from '../../lib/date-ranges';

// The evolution explorer keeps its state in the address (spec part 2 §4): reload, back and forward, and a
// pasted link all restore the same view. These functions are the one mapping between the two.

// As many as one timeline-data request may ask for; past nine the Set1 colours repeat.
export const MAX_EVOLUTION_VARIABLES = MAX_TIMELINE_VARIABLES;

// Where an explorer view was opened from (spec part 2 §2 "Back navigation by origin"); anything else
// behaves as no origin.
export const EVOLUTION_ORIGINS = ['QueryList', 'EventList', 'IncidenceList', 'IncidenceHistoric'] as const;
export type EvolutionOrigin = (typeof EVOLUTION_ORIGINS)[number];

// The query-list filter values of spec part 2 §2, one per explorer.
export const EXPLORER_FILTERS = [
  'explorer-evolution',
  'explorer-correlation',
  'explorer-multiple-correlation',
] as const;
export type ExplorerFilter = (typeof EXPLORER_FILTERS)[number];

export interface FixedRange {
  min: number;
  max: number;
}

export interface EvolutionOptions {
  /** one y axis for both variables; applies only with exactly 2 variables */
  singleAxis: boolean;
  grid: boolean;
  /** points drawn as a scatter instead of step lines */
  showPoints: boolean;
  /** y axis bounds fixed by the user */
  fixedRange: FixedRange | null;
}

export const DEFAULT_EVOLUTION_OPTIONS: EvolutionOptions = {
  singleAxis: true,
  grid: false,
  showPoints: false,
  fixedRange: null,
};

export interface EvolutionQuery {
  variableIds: number[];
  /** null when the address has no valid range */
  range: DateRange | null;
  origin: EvolutionOrigin | null;
  queryName: string | null;
  filter: ExplorerFilter | null;
  /** comma-joined tag ids, handed back to the origin screen */
  tags: string | null;
  options: EvolutionOptions;
}

const DIGITS = /^\d+$/;
const OPTION_PREFIX = 'opt';

export function parseEvolutionQuery(params: URLSearchParams): EvolutionQuery {
  return {
    variableIds: parseIdList(params.get('variables')).slice(0, MAX_EVOLUTION_VARIABLES),
    range: parseDateRange(params.get('startDate'), params.get('endDate')),
    origin: oneOf(EVOLUTION_ORIGINS, params.get('origin')),
    queryName: params.get('queryName') || null,
    filter: parseExplorerFilter(params.get('filter')),
    tags: params.get('tags') || null,
    options: {
      singleAxis: parseFlag(params.get('optSingleAxis'), DEFAULT_EVOLUTION_OPTIONS.singleAxis),
      grid: parseFlag(params.get('optGrid'), DEFAULT_EVOLUTION_OPTIONS.grid),
      showPoints: parseFlag(params.get('optShowPoints'), DEFAULT_EVOLUTION_OPTIONS.showPoints),
      fixedRange: parseFixedRange(params.get('optRange')),
    },
  };
}

// Writes the view over `params`, keeping the parameters it does not own (ruleId from an incidence, …).
// Options equal to their default are left out, so ordinary addresses stay short.
export function serializeEvolutionQuery(params: URLSearchParams, query: EvolutionQuery): string {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) =>
    value === null ? next.delete(name) : next.set(name, value);
  const { options } = query;
  put('variables', query.variableIds.length > 0 ? query.variableIds.join(',') : null);
  put('startDate', query.range && String(query.range.startDate));
  put('endDate', query.range && String(query.range.endDate));
  put('origin', query.origin);
  put('queryName', query.queryName);
  put('filter', query.filter);
  put('tags', query.tags);
  put('optSingleAxis', flagParam(options.singleAxis, DEFAULT_EVOLUTION_OPTIONS.singleAxis));
  put('optGrid', flagParam(options.grid, DEFAULT_EVOLUTION_OPTIONS.grid));
  put('optShowPoints', flagParam(options.showPoints, DEFAULT_EVOLUTION_OPTIONS.showPoints));
  put('optRange', options.fixedRange && `${options.fixedRange.min},${options.fixedRange.max}`);
  return readableSearch(next);
}

// Variables, dates and every opt* parameter of `params`: what the parameter selection hands on to the chart
// (spec part 2 §2), and what the chart hands back when going back "keeping the query".
export function viewSearch(
  params: URLSearchParams,
  view: Pick<EvolutionQuery, 'variableIds' | 'range'>,
): string {
  const next = new URLSearchParams([...params].filter(([name]) => name.startsWith(OPTION_PREFIX)));
  if (view.variableIds.length > 0) next.set('variables', view.variableIds.join(','));
  if (view.range) {
    next.set('startDate', String(view.range.startDate));
    next.set('endDate', String(view.range.endDate));
  }
  return readableSearch(next);
}

// The path saved with a query: the view itself, without where it was opened from (origin, filter, query
// name and the origin's tags are appended again when the query is opened from the list).
export function savedQueryPath(query: EvolutionQuery): string {
  const search = serializeEvolutionQuery(new URLSearchParams(), {
    ...query,
    origin: null,
    queryName: null,
    filter: null,
    tags: null,
  });
  return `${ROUTES.ExplorerEvolution}?${search}`;
}

// Commas are legal in a query string; unescaped they keep copied addresses readable (variables=1,2).
export function readableSearch(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ',');
}

export function parseExplorerFilter(text: string | null): ExplorerFilter | null {
  return oneOf(EXPLORER_FILTERS, text);
}

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

/** Two epoch-millisecond dates, swapped when the start is later (spec part 2 §4); null if unusable. */
export function parseDateRange(start: string | null, end: string | null): DateRange | null {
  const [startDate, endDate] = [start, end].map((text) =>
    text !== null && DIGITS.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null,
  );
  if (startDate === null || endDate === null || startDate === endDate) return null;
  return startDate < endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate };
}

function oneOf<T extends string>(values: readonly T[], text: string | null): T | null {
  return values.includes(text as T) ? (text as T) : null;
}

function parseFlag(text: string | null, fallback: boolean): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return fallback;
}

function flagParam(value: boolean, fallback: boolean): string | null {
  return value === fallback ? null : String(value);
}

// Two numbers, the lower first; anything else is no fixed range.
function parseFixedRange(text: string | null): FixedRange | null {
  const bounds = (text ?? '').split(',').filter((part) => part.trim() !== '');
  if (bounds.length !== 2) return null;
  const [min, max] = bounds.map(Number);
  return Number.isFinite(min) && Number.isFinite(max) && min < max ? { min, max } : null;
}
