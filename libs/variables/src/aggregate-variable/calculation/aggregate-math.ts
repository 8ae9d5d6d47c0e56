import type {
  AggregateDefinition,
  AggregateMetric,
  AggregateOperator,
  AggregateTimeGap,
  GradualDefinition,
  MetricalDefinition,
  OperatedDefinition,
} from '@plantlens/contracts';

/**
 * One variable's points in time order, by column (epoch milliseconds and values): a back-fill chunk holds
 * hundreds of thousands of them, and one object per point would be measurable garbage-collection work.
 */
export interface Series {
  ts: number[];
  values: number[];
}

/** Instants from `fromMs` to `toMs`, both included. */
export interface CalculationWindow {
  fromMs: number;
  toMs: number;
}

const FIXED_GAP_MS: Record<Exclude<AggregateTimeGap, 'P1M'>, number> = {
  PT1M: 60_000,
  PT10M: 600_000,
  PT1H: 3_600_000,
  P1D: 86_400_000,
};
const DAY_MS = 86_400_000;

export const emptySeries = (): Series => ({ ts: [], values: [] });

// The alignment rule (docs/aggregate-variables.md "Alignment"):
// - operated and metrical: the output instants are the union of the inputs' timestamps in the window; at
//   each, every input contributes its as-of value — its latest point at or before the instant — only if
//   that point is at most `maxAgeMs` older;
// - gradual: the output instants are the input's own timestamps; value(t) minus the input's as-of value at
//   t − gap, within `maxAgeMs` of t − gap;
// - a missing operand, a division by zero or a non-finite result gives no point at that instant.
// `inputs` may hold points outside the window (the as-of look-back); a missing input is an empty one.
export function calculateAggregate(
  definition: AggregateDefinition,
  inputs: ReadonlyMap<number, Series>,
  window: CalculationWindow,
  maxAgeMs: number,
): Series {
  const input = (id: number) => inputs.get(id) ?? emptySeries();
  switch (definition.goal) {
    case 'operated':
      return calculateOperated(definition, input, window, maxAgeMs);
    case 'gradual':
      return calculateGradual(definition, input(definition.varId), window, maxAgeMs);
    case 'metrical':
      return calculateMetrical(definition, definition.variableIdList.map(input), window, maxAgeMs);
  }
}

function calculateOperated(
  definition: OperatedDefinition,
  input: (id: number) => Series,
  window: CalculationWindow,
  maxAgeMs: number,
): Series {
  const first = new AsOfCursor(input(definition.varOneId), maxAgeMs);
  const secondSeries = definition.varTwoId === null ? null : input(definition.varTwoId);
  const second = secondSeries && new AsOfCursor(secondSeries, maxAgeMs);
  const instants = unionOfInstants(
    secondSeries ? [input(definition.varOneId), secondSeries] : [input(definition.varOneId)],
    window,
  );
  const output = emptySeries();
  for (const instant of instants) {
    const a = first.valueAt(instant);
    const b = second ? second.valueAt(instant) : (definition.constant as number);
    if (a === undefined || b === undefined) continue;
    const result = operate(definition.operator, a, b);
    if (Number.isFinite(result)) {
      output.ts.push(instant);
      output.values.push(result);
    }
  }
  return output;
}

// Division by zero is Infinity or NaN here, and non-finite results are dropped by the caller.
export function operate(operator: AggregateOperator, a: number, b: number): number {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
  }
}

function calculateGradual(
  definition: GradualDefinition,
  series: Series,
  window: CalculationWindow,
  maxAgeMs: number,
): Series {
  const output = emptySeries();
  const { ts, values } = series;
  // A month back is not monotonic (Mar 30 23:00 → Feb 28 23:00, Mar 31 09:00 → Feb 28 09:00), so each
  // earlier value is found by binary search rather than by a cursor.
  for (let index = firstIndexAtOrAfter(ts, window.fromMs); index < ts.length; index += 1) {
    const instant = ts[index];
    if (instant > window.toMs) break;
    const before = shiftByGap(instant, definition.timeGap, -1);
    const earlier = lastIndexAtOrBefore(ts, before);
    if (earlier < 0 || before - ts[earlier] > maxAgeMs) continue;
    const increment = values[index] - values[earlier];
    if (Number.isFinite(increment)) {
      output.ts.push(instant);
      output.values.push(increment);
    }
  }
  return output;
}

function calculateMetrical(
  definition: MetricalDefinition,
  series: Series[],
  window: CalculationWindow,
  maxAgeMs: number,
): Series {
  const cursors = series.map((one) => new AsOfCursor(one, maxAgeMs));
  const output = emptySeries();
  const present: number[] = [];
  for (const instant of unionOfInstants(series, window)) {
    present.length = 0;
    for (const cursor of cursors) {
      const value = cursor.valueAt(instant);
      if (value !== undefined) present.push(value);
    }
    if (present.length === 0) continue;
    const result = metricOf(definition.metrical, present);
    if (Number.isFinite(result)) {
      output.ts.push(instant);
      output.values.push(result);
    }
  }
  return output;
}

/** The metric of one instant's values (at least one); may reorder `values`. */
export function metricOf(metric: AggregateMetric, values: number[]): number {
  switch (metric) {
    case 'mean':
      return mean(values);
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'std': {
      // Population standard deviation (divide by n): one input gives 0.
      const average = mean(values);
      let squares = 0;
      for (const value of values) squares += (value - average) ** 2;
      return Math.sqrt(squares / values.length);
    }
    case 'med':
      return quantile(values, 0.5);
    case 'lq':
      return quantile(values, 0.25);
    case 'uq':
      return quantile(values, 0.75);
  }
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

// Linear interpolation between order statistics at h = (n − 1)·p (Hyndman & Fan type 7: numpy's default,
// Excel's QUARTILE.INC).
function quantile(values: number[], p: number): number {
  values.sort((a, b) => a - b);
  const h = (values.length - 1) * p;
  const below = Math.floor(h);
  const lower = values[below];
  const upper = values[Math.min(below + 1, values.length - 1)];
  return lower + (h - below) * (upper - lower);
}

/** The instant `gap` later (direction 1) or earlier (−1); a month is a calendar month in UTC, day clamped. */
export function shiftByGap(ms: number, gap: AggregateTimeGap, direction: 1 | -1): number {
  if (gap !== 'P1M') return ms + direction * FIXED_GAP_MS[gap];
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + direction;
  const lastDay = daysInMonth(year, month);
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

/**
 * Back (−1): a window holding t − gap for every t of `window` — what a gradual calculation reads. Forward
 * (1): a window holding every s whose s − gap lies in `window` — the instants a new point may change.
 * Fixed gaps shift the window. A month clamps the day, which is not monotonic near a month's end (Mar 30
 * 23:00 → Feb 28 23:00 but Mar 31 09:00 → Feb 28 09:00): there the window widens to the whole day, or
 * (forward, from a month's last day) to the end of the next month, and nowhere else.
 */
export function shiftWindowByGap(
  window: CalculationWindow,
  gap: AggregateTimeGap,
  direction: 1 | -1,
): CalculationWindow {
  const fromMs = shiftByGap(window.fromMs, gap, direction);
  const toMs = shiftByGap(window.toMs, gap, direction);
  if (gap !== 'P1M') return { fromMs, toMs };
  if (direction === -1) {
    return {
      fromMs: clampedBack(window.fromMs) ? startOfDay(fromMs) : fromMs,
      toMs: clampedBack(window.toMs) ? startOfDay(toMs) + DAY_MS - 1 : toMs,
    };
  }
  const to = new Date(window.toMs);
  const onLastDay = daysInMonth(to.getUTCFullYear(), to.getUTCMonth()) === to.getUTCDate();
  return {
    fromMs: startOfDay(fromMs),
    toMs: onLastDay ? Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 2, 1) - 1 : toMs,
  };
}

// Whether a month back from the instant lands on (or is clamped to) the previous month's last day.
function clampedBack(ms: number): boolean {
  const date = new Date(ms);
  return date.getUTCDate() >= daysInMonth(date.getUTCFullYear(), date.getUTCMonth() - 1);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The sorted distinct timestamps of the series within the window. */
export function unionOfInstants(series: readonly Series[], window: CalculationWindow): Float64Array {
  const slices = series.map(({ ts }) => {
    const from = firstIndexAtOrAfter(ts, window.fromMs);
    let to = from;
    while (to < ts.length && ts[to] <= window.toMs) to += 1;
    return ts.slice(from, to);
  });
  if (slices.length === 1) return Float64Array.from(slices[0]);
  const all = Float64Array.from(slices.flat()).sort();
  let distinct = 0;
  for (let index = 0; index < all.length; index += 1) {
    if (index === 0 || all[index] !== all[distinct - 1]) all[distinct++] = all[index];
  }
  return all.subarray(0, distinct);
}

// The as-of value of one series at ascending instants, in one forward pass.
class AsOfCursor {
  private index = -1;

  constructor(
    private readonly series: Series,
    private readonly maxAgeMs: number,
  ) {}

  valueAt(instant: number): number | undefined {
    const { ts } = this.series;
    while (this.index + 1 < ts.length && ts[this.index + 1] <= instant) this.index += 1;
    if (this.index < 0 || instant - ts[this.index] > this.maxAgeMs) return undefined;
    return this.series.values[this.index];
  }
}

function firstIndexAtOrAfter(ts: readonly number[], instant: number): number {
  let low = 0;
  let high = ts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ts[middle] < instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

function lastIndexAtOrBefore(ts: readonly number[], instant: number): number {
  return firstIndexAtOrAfter(ts, instant + 1) - 1;
}
