import type { DateRange } from '../../lib/date-ranges';
import {
  parseDateRange,
  parseExplorerFilter,
  parseId,
  readableSearch,
  type ExplorerFilter,
} from '../explorer/explorer-query';
import { parseAxisRange, serializeAxisRange, type AxisRange } from './axis-range';

// The simple correlation keeps its whole state in the address (spec part 2 §2, §4): the parameter selection
// (/explorer-correlation-variables) and the charts (/explorer-correlation) read and write the same
// parameters, so reload, back and forward, and a pasted link all give the same view.

// Spec part 2 §9: at most 4 pairs, one chart each.
export const MAX_CORRELATION_PAIRS = 4;

/** One X/Y row of the parameter selection; a side not chosen yet is null. */
export interface PairRow {
  x: number | null;
  y: number | null;
}

export interface Pair {
  x: number;
  y: number;
}

// How the points are coloured by the third variable Z (spec part 2 §2). Intensity: a colour scale over Z's
// values with a meter. Category: one colour per distinct Z value; 'category' numbers the values of each
// chart on its own (individual), 'globalCategory' gives a value the same colour on every chart.
export const Z_TYPES = ['intensity', 'category', 'globalCategory'] as const;
export type ZType = (typeof Z_TYPES)[number];

export interface ZChoice {
  /** null: no Z */
  type: ZType | null;
  variableId: number | null;
}

export const METER_SCALES = ['sequential', 'divergent'] as const;
export type MeterScale = (typeof METER_SCALES)[number];

export interface CorrelationOptions {
  rangeX: AxisRange | null;
  rangeY: AxisRange | null;
  rangeZ: AxisRange | null;
  /** grid lines on the charts */
  grid: boolean;
  meter: MeterScale;
}

export const DEFAULT_CORRELATION_OPTIONS: CorrelationOptions = {
  rangeX: null,
  rangeY: null,
  rangeZ: null,
  grid: false,
  meter: 'sequential',
};

// Where the chart page was opened from (spec part 2 §2 "Back by origin"); anything else is no origin.
export const CORRELATION_ORIGINS = ['QueryList', 'PowerCurve'] as const;
export type CorrelationOrigin = (typeof CORRELATION_ORIGINS)[number];

export interface CorrelationQuery {
  /** at least one row; rows keep their order, empty sides included */
  rows: PairRow[];
  z: ZChoice;
  /** null when the address has no valid range */
  range: DateRange | null;
  origin: CorrelationOrigin | null;
  queryName: string | null;
  filter: ExplorerFilter | null;
  options: CorrelationOptions;
}

const PAIR_PARAMS = Array.from({ length: MAX_CORRELATION_PAIRS }, (_, index) => `pair${index + 1}`);
const EMPTY_ROW: PairRow = { x: null, y: null };

export function parseCorrelationQuery(params: URLSearchParams): CorrelationQuery {
  const rows = PAIR_PARAMS.flatMap((name) => {
    const text = params.get(name);
    return text === null ? [] : [parsePairRow(text)];
  });
  const type = oneOf(Z_TYPES, params.get('zType'));
  return {
    rows: rows.length > 0 ? rows : [EMPTY_ROW],
    z: { type, variableId: type === null ? null : parseId(params.get('z')) },
    range: parseDateRange(params.get('startDate'), params.get('endDate')),
    origin: oneOf(CORRELATION_ORIGINS, params.get('origin')),
    queryName: params.get('queryName') || null,
    filter: parseExplorerFilter(params.get('filter')),
    options: {
      rangeX: parseAxisRange(params.get('optRangeX')),
      rangeY: parseAxisRange(params.get('optRangeY')),
      rangeZ: parseAxisRange(params.get('optRangeZ')),
      grid: params.get('optGrid') === 'true',
      meter: oneOf(METER_SCALES, params.get('optMeter')) ?? DEFAULT_CORRELATION_OPTIONS.meter,
    },
  };
}

// Writes the view over `params`, keeping the parameters it does not own. Options equal to their default
// are left out, so ordinary addresses stay short.
export function serializeCorrelationQuery(params: URLSearchParams, query: CorrelationQuery): string {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) =>
    value === null ? next.delete(name) : next.set(name, value);
  PAIR_PARAMS.forEach((name, index) => {
    const row = query.rows[index];
    put(name, row ? `${row.x ?? ''},${row.y ?? ''}` : null);
  });
  put('z', query.z.type && query.z.variableId !== null ? String(query.z.variableId) : null);
  put('zType', query.z.type);
  put('startDate', query.range && String(query.range.startDate));
  put('endDate', query.range && String(query.range.endDate));
  put('origin', query.origin);
  put('queryName', query.queryName);
  put('filter', query.filter);
  const { options } = query;
  put('optRangeX', serializeAxisRange(options.rangeX));
  put('optRangeY', serializeAxisRange(options.rangeY));
  put('optRangeZ', serializeAxisRange(options.rangeZ));
  put('optGrid', options.grid ? 'true' : null);
  put('optMeter', options.meter === DEFAULT_CORRELATION_OPTIONS.meter ? null : options.meter);
  return readableSearch(next);
}

/** The rows whose X and Y are both chosen, and differ. */
export function completePairs(rows: readonly PairRow[]): Pair[] {
  return rows.flatMap(({ x, y }) => (x !== null && y !== null && x !== y ? [{ x, y }] : []));
}

/** The variables of the view, each once, in order: X and Y of each pair, then Z; sides not chosen skipped. */
export function viewVariableIds(pairs: readonly PairRow[], z: ZChoice): number[] {
  const ids = pairs.flatMap(({ x, y }) => [x, y]);
  if (z.type) ids.push(z.variableId);
  return [...new Set(ids.filter((id) => id !== null))];
}

// 'x,y' with either side possibly empty (a row being filled in); anything unreadable is an empty side.
function parsePairRow(text: string): PairRow {
  const [x = '', y = ''] = text.split(',');
  return { x: parseId(x), y: parseId(y) };
}

function oneOf<T extends string>(values: readonly T[], text: string | null): T | null {
  return values.find((value) => value === text) ?? null;
}
