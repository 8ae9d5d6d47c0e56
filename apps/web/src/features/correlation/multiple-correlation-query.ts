import type { DateRange } from '../../lib/date-ranges';
import {
  parseDateRange,
  parseExplorerFilter,
  readableSearch,
  type ExplorerFilter,
} from '../explorer/explorer-query';
import { parseAxisRange, serializeAxisRange, type AxisRange } from './axis-range';
import type { Pair } from './correlation-query';

// The multiple correlation keeps its whole state in the address (spec part 2 §2): tag filters, chosen pairs
// and dates; the chart page adds its options and the navigation parameters.

export interface MultipleCorrelationOptions {
  /** grid lines on the charts */
  grid: boolean;
  rangeX: AxisRange | null;
  rangeY: AxisRange | null;
}

export const DEFAULT_MULTIPLE_CORRELATION_OPTIONS: MultipleCorrelationOptions = {
  grid: false,
  rangeX: null,
  rangeY: null,
};

export interface MultipleCorrelationQuery {
  /** tag ids (negative: locked system tags) */
  tagsX: number[];
  tagsY: number[];
  pairs: Pair[];
  /** beginDate and endDate; null when the address has no valid range */
  range: DateRange | null;
  /** only the query list opens this view with an origin */
  origin: 'QueryList' | null;
  queryName: string | null;
  filter: ExplorerFilter | null;
  options: MultipleCorrelationOptions;
}

const TAG_ID = /^-?\d+$/;
const PAIR_ID = /^(\d+)-(\d+)$/;

export function parseMultipleCorrelationQuery(params: URLSearchParams): MultipleCorrelationQuery {
  return {
    tagsX: parseTagIds(params.get('filterTagsX')),
    tagsY: parseTagIds(params.get('filterTagsY')),
    pairs: parsePairIds(params.get('pairsSelected')),
    range: parseDateRange(params.get('beginDate'), params.get('endDate')),
    origin: params.get('origin') === 'QueryList' ? 'QueryList' : null,
    queryName: params.get('queryName') || null,
    filter: parseExplorerFilter(params.get('filter')),
    options: {
      grid: params.get('optGrid') === 'true',
      rangeX: parseAxisRange(params.get('optRangeX')),
      rangeY: parseAxisRange(params.get('optRangeY')),
    },
  };
}

export function serializeMultipleCorrelationQuery(
  params: URLSearchParams,
  query: MultipleCorrelationQuery,
): string {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) =>
    value === null ? next.delete(name) : next.set(name, value);
  const list = (values: readonly (number | string)[]) => (values.length > 0 ? values.join(',') : null);
  put('filterTagsX', list(query.tagsX));
  put('filterTagsY', list(query.tagsY));
  put('pairsSelected', list(query.pairs.map(pairId)));
  put('beginDate', query.range && String(query.range.startDate));
  put('endDate', query.range && String(query.range.endDate));
  put('origin', query.origin);
  put('queryName', query.queryName);
  put('filter', query.filter);
  put('optGrid', query.options.grid ? 'true' : null);
  put('optRangeX', serializeAxisRange(query.options.rangeX));
  put('optRangeY', serializeAxisRange(query.options.rangeY));
  return readableSearch(next);
}

/** The id of a pair option (contracts CorrelationPairOptionDto): "<x>-<y>". */
export function pairId({ x, y }: Pair): string {
  return `${x}-${y}`;
}

function parseTagIds(text: string | null): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => TAG_ID.test(part))
    .map(Number)
    .filter((id) => id !== 0 && Number.isSafeInteger(id));
  return [...new Set(ids)];
}

function parsePairIds(text: string | null): Pair[] {
  const pairs = (text ?? '').split(',').flatMap((part) => {
    const match = PAIR_ID.exec(part.trim());
    const [x, y] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
    return x > 0 && y > 0 && x !== y && Number.isSafeInteger(x) && Number.isSafeInteger(y) ? [{ x, y }] : [];
  });
  return pairs.filter((pair, index) => pairs.findIndex((other) => pairId(other) === pairId(pair)) === index);
}
