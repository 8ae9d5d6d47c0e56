// The points an aggregate variable must have, computed here from its stored inputs, independently of the
// engine (libs/variables/src/aggregate-variable), by the rule of docs/aggregate-variables.md "Alignment":
// an aggregate has a point at every instant at which one of its inputs has one; each input then counts with
// its latest point at or before that instant, if that point is at most the maximum age old; an input
// without such a point leaves no point (metrical: the inputs that have one are used, none leaves none);
// a result that is not a finite number (division by zero) leaves no point.
import type { AggregateDefinition, AggregateMetric } from '@plantlens/contracts';

export interface SeriesPoint {
  ts: number;
  value: number;
}

const MONTH = 'P1M';
const GAP_MS: Record<string, number> = {
  PT1M: 60_000,
  PT10M: 600_000,
  PT1H: 3_600_000,
  P1D: 86_400_000,
};

/** The latest point at or before `ts`, if it is at most `maxAgeMs` old (binary search: series sorted by ts). */
export function asOf(series: SeriesPoint[], ts: number, maxAgeMs: number): number | undefined {
  let low = 0;
  let high = series.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (series[middle]!.ts <= ts) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  if (found < 0 || ts - series[found]!.ts > maxAgeMs) return undefined;
  return series[found]!.value;
}

/** The same instant one calendar month earlier (UTC), the day clamped to the shorter month's end. */
export function monthBefore(ts: number): number {
  const date = new Date(ts);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Date.UTC(
    year,
    month - 1,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

function quantile(sorted: number[], p: number): number {
  // Linear interpolation between closest ranks (the "R-7" / spreadsheet definition).
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export function metricOf(metric: AggregateMetric, values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  switch (metric) {
    case 'mean':
      return mean;
    case 'max':
      return sorted.at(-1)!;
    case 'min':
      return sorted[0]!;
    case 'med':
      return quantile(sorted, 0.5);
    case 'lq':
      return quantile(sorted, 0.25);
    case 'uq':
      return quantile(sorted, 0.75);
    case 'std':
      // Population standard deviation: 0 for one input.
      return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  }
}

function operate(operator: string, a: number, b: number): number {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    default:
      return a / b;
  }
}

function unionOfInstants(inputs: SeriesPoint[][]): number[] {
  return [...new Set(inputs.flatMap((series) => series.map((point) => point.ts)))].sort((a, b) => a - b);
}

/** The reference points of `definition` over its inputs' stored points (by input id, each sorted by ts). */
export function referencePoints(
  definition: AggregateDefinition,
  inputs: Map<number, SeriesPoint[]>,
  maxAgeMs: number,
): SeriesPoint[] {
  const series = (id: number) => inputs.get(id) ?? [];
  const points: SeriesPoint[] = [];
  const keep = (ts: number, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value)) points.push({ ts, value });
  };
  switch (definition.goal) {
    case 'operated': {
      const one = series(definition.varOneId);
      const two = definition.varTwoId === null ? null : series(definition.varTwoId);
      for (const ts of unionOfInstants(two ? [one, two] : [one])) {
        const a = asOf(one, ts, maxAgeMs);
        const b = two ? asOf(two, ts, maxAgeMs) : definition.constant!;
        keep(ts, a === undefined || b === undefined ? undefined : operate(definition.operator, a, b));
      }
      return points;
    }
    case 'gradual': {
      const input = series(definition.varId);
      for (const { ts, value } of input) {
        const before = definition.timeGap === MONTH ? monthBefore(ts) : ts - GAP_MS[definition.timeGap]!;
        const earlier = asOf(input, before, maxAgeMs);
        keep(ts, earlier === undefined ? undefined : value - earlier);
      }
      return points;
    }
    case 'metrical': {
      const all = definition.variableIdList.map(series);
      for (const ts of unionOfInstants(all)) {
        const values = all.flatMap((one) => {
          const value = asOf(one, ts, maxAgeMs);
          return value === undefined ? [] : [value];
        });
        keep(ts, values.length === 0 ? undefined : metricOf(definition.metrical, values));
      }
      return points;
    }
  }
}

/** Stored points that differ from the reference (beyond float rounding), for a readable failure. */
export function differences(
  stored: SeriesPoint[],
  reference: SeriesPoint[],
): { ts: number; stored?: number; reference?: number }[] {
  const expected = new Map(reference.map((point) => [point.ts, point.value]));
  const found = new Map(stored.map((point) => [point.ts, point.value]));
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const wrong: { ts: number; stored?: number; reference?: number }[] = [];
  for (const [ts, value] of found) {
    const want = expected.get(ts);
    if (want === undefined || !close(value, want)) wrong.push({ ts, stored: value, reference: want });
  }
  for (const [ts, value] of expected) if (!found.has(ts)) wrong.push({ ts, reference: value });
  return wrong.sort((a, b) => a.ts - b.ts);
}
