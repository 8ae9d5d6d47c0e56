// The evolution explorer keeps its state in the address (spec part 2 §4): reload, back and shared links
// all restore the same view.

// One distinct Set1 colour per variable.
export const MAX_EVOLUTION_VARIABLES = 9;

export interface DateRange {
  /** epoch milliseconds */
  startDate: number;
  endDate: number;
}

export interface EvolutionQuery {
  variableIds: number[];
  /** null when the address has no valid range: the page then uses the default one */
  range: DateRange | null;
}

const DIGITS = /^\d+$/;

export function parseEvolutionQuery(params: URLSearchParams): EvolutionQuery {
  return {
    variableIds: parseIds(params.get('variables')),
    range: parseRange(parseEpochMs(params.get('startDate')), parseEpochMs(params.get('endDate'))),
  };
}

// Writes the explorer state over `params`, keeping every other parameter (origin, queryName, opt*...).
export function serializeEvolutionQuery(params: URLSearchParams, query: EvolutionQuery): string {
  const next = new URLSearchParams(params);
  if (query.variableIds.length > 0) next.set('variables', query.variableIds.join(','));
  else next.delete('variables');
  if (query.range) {
    next.set('startDate', String(query.range.startDate));
    next.set('endDate', String(query.range.endDate));
  } else {
    next.delete('startDate');
    next.delete('endDate');
  }
  // Commas are legal in a query string; unescaped they keep copied addresses readable (variables=1,2).
  return next.toString().replace(/%2C/gi, ',');
}

function parseIds(text: string | null): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => DIGITS.test(part))
    .map(Number)
    .filter((id) => id > 0 && Number.isSafeInteger(id));
  return [...new Set(ids)].slice(0, MAX_EVOLUTION_VARIABLES);
}

function parseEpochMs(text: string | null): number | null {
  if (text === null || !DIGITS.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

function parseRange(start: number | null, end: number | null): DateRange | null {
  if (start === null || end === null || start === end) return null;
  // Spec: start and end are swapped when start is later.
  return start < end ? { startDate: start, endDate: end } : { startDate: end, endDate: start };
}
