import {
  AGGREGATE_METRICS,
  AGGREGATE_OPERATORS,
  AGGREGATE_TIME_GAPS,
  type AggregateDefinition,
  type AggregateMetric,
} from '@plantlens/contracts';
import { calculateAggregate, metricOf, shiftByGap, shiftWindowByGap, type Series } from './aggregate-math';

const T0 = Date.UTC(2026, 0, 1);
const MAX_AGE_MS = 30_000;
const WINDOW = { fromMs: T0, toMs: T0 + 600_000 };

// A small deterministic generator (mulberry32): irregular instants, so inputs rarely share timestamps.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function irregularSeries(seed: number, fromMs: number, toMs: number): Series {
  const next = random(seed);
  const series: Series = { ts: [], values: [] };
  // Gaps up to 50 s: longer than the max age now and then, so staleness is exercised.
  for (let ts = fromMs + Math.floor(next() * 5000); ts <= toMs; ts += 500 + Math.floor(next() * 50_000)) {
    series.ts.push(ts);
    series.values.push(Math.round((next() - 0.3) * 200) / 4);
  }
  return series;
}

// --- The reference: the documented rule, applied naively per instant. ---

function asOfReference(series: Series, instant: number): number | undefined {
  let found: number | undefined;
  let foundTs = -Infinity;
  for (let i = 0; i < series.ts.length; i += 1) {
    if (series.ts[i] <= instant && series.ts[i] > foundTs) {
      found = series.values[i];
      foundTs = series.ts[i];
    }
  }
  return found !== undefined && instant - foundTs <= MAX_AGE_MS ? found : undefined;
}

function instantsReference(inputs: Series[]): number[] {
  const all = new Set<number>();
  for (const { ts } of inputs) for (const t of ts) if (t >= WINDOW.fromMs && t <= WINDOW.toMs) all.add(t);
  return [...all].sort((a, b) => a - b);
}

function sortedCopy(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

// Type 7 written from its definition: position 1 + (n − 1)·p among the order statistics x(1) … x(n).
function quantileReference(values: number[], p: number): number {
  const x = sortedCopy(values);
  const position = 1 + (x.length - 1) * p;
  const k = Math.floor(position);
  if (k >= x.length) return x[x.length - 1];
  return x[k - 1] + (position - k) * (x[k] - x[k - 1]);
}

function metricReference(metric: AggregateMetric, values: number[]): number {
  const n = values.length;
  const average = values.reduce((sum, v) => sum + v, 0) / n;
  switch (metric) {
    case 'mean':
      return average;
    case 'min':
      return sortedCopy(values)[0];
    case 'max':
      return sortedCopy(values)[n - 1];
    case 'std':
      return Math.sqrt(values.reduce((sum, v) => sum + (v - average) * (v - average), 0) / n);
    case 'med':
      return n % 2 === 1
        ? sortedCopy(values)[(n - 1) / 2]
        : (sortedCopy(values)[n / 2 - 1] + sortedCopy(values)[n / 2]) / 2;
    case 'lq':
      return quantileReference(values, 0.25);
    case 'uq':
      return quantileReference(values, 0.75);
  }
}

function expectSameSeries(actual: Series, expected: [number, number][]): void {
  expect(actual.ts).toEqual(expected.map(([ts]) => ts));
  actual.values.forEach((value, i) => expect(value).toBeCloseTo(expected[i][1], 9));
}

const a = irregularSeries(1, T0 - 60_000, T0 + 660_000);
const b = irregularSeries(2, T0 - 60_000, T0 + 660_000);
const c = irregularSeries(3, T0 + 120_000, T0 + 500_000);
const inputs = new Map([
  [1, a],
  [2, b],
  [3, c],
]);

describe('operated aggregates', () => {
  it.each(AGGREGATE_OPERATORS)('A %s B at the union of instants, as-of within the max age', (operator) => {
    const definition: AggregateDefinition = {
      goal: 'operated',
      operator,
      varOneId: 1,
      varTwoId: 2,
      constant: null,
    };
    const expected: [number, number][] = [];
    for (const t of instantsReference([a, b])) {
      const x = asOfReference(a, t);
      const y = asOfReference(b, t);
      if (x === undefined || y === undefined) continue;
      const result = { '+': x + y, '-': x - y, '*': x * y, '/': x / y }[operator];
      if (Number.isFinite(result)) expected.push([t, result]);
    }
    expect(expected.length).toBeGreaterThan(10);
    expectSameSeries(calculateAggregate(definition, inputs, WINDOW, MAX_AGE_MS), expected);
  });

  it('A op constant at the instants of A', () => {
    const definition: AggregateDefinition = {
      goal: 'operated',
      operator: '*',
      varOneId: 1,
      varTwoId: null,
      constant: 2.5,
    };
    const expected = instantsReference([a]).map((t): [number, number] => [t, asOfReference(a, t)! * 2.5]);
    expectSameSeries(calculateAggregate(definition, inputs, WINDOW, MAX_AGE_MS), expected);
  });

  it('aligns as-of: the latest value at or before each instant, dropped once older than the max age', () => {
    const left: Series = { ts: [T0, T0 + 10_000, T0 + 50_000], values: [1, 2, 3] };
    const right: Series = { ts: [T0 + 5_000, T0 + 45_000], values: [10, 20] };
    const result = calculateAggregate(
      { goal: 'operated', operator: '+', varOneId: 1, varTwoId: 2, constant: null },
      new Map([
        [1, left],
        [2, right],
      ]),
      { fromMs: T0, toMs: T0 + 60_000 },
      MAX_AGE_MS,
    );
    // T0: no right yet. T0+45 s: left's T0+10 s is 35 s old, stale. T0+50 s: 3 + 20.
    expect(result).toEqual({
      ts: [T0 + 5_000, T0 + 10_000, T0 + 50_000],
      values: [11, 12, 23],
    });
  });

  it('gives no point for a division by zero, a missing operand or an overflow', () => {
    const numerator: Series = { ts: [T0, T0 + 1000, T0 + 2000, T0 + 3000], values: [1, 0, 1e308, 4] };
    const denominator: Series = { ts: [T0 + 1000, T0 + 2000, T0 + 3000], values: [0, 1e-308, 2] };
    const series = new Map([
      [1, numerator],
      [2, denominator],
    ]);
    const window = { fromMs: T0, toMs: T0 + 3000 };
    const divided = calculateAggregate(
      { goal: 'operated', operator: '/', varOneId: 1, varTwoId: 2, constant: null },
      series,
      window,
      MAX_AGE_MS,
    );
    expect(divided).toEqual({ ts: [T0 + 3000], values: [2] });
    const byZero = calculateAggregate(
      { goal: 'operated', operator: '/', varOneId: 1, varTwoId: null, constant: 0 },
      series,
      window,
      MAX_AGE_MS,
    );
    expect(byZero).toEqual({ ts: [], values: [] });
  });
});

describe('metrical aggregates', () => {
  it.each(AGGREGATE_METRICS)('%s over the inputs present at each instant', (metric) => {
    const definition: AggregateDefinition = { goal: 'metrical', metrical: metric, variableIdList: [1, 2, 3] };
    const expected: [number, number][] = [];
    for (const t of instantsReference([a, b, c])) {
      const present = [a, b, c].map((s) => asOfReference(s, t)).filter((v) => v !== undefined);
      if (present.length > 0) expected.push([t, metricReference(metric, present)]);
    }
    expect(expected.length).toBeGreaterThan(10);
    expectSameSeries(calculateAggregate(definition, inputs, WINDOW, MAX_AGE_MS), expected);
  });

  it('quartiles interpolate linearly between order statistics (type 7, Excel QUARTILE.INC)', () => {
    expect(metricOf('lq', [4, 1, 3, 2])).toBe(1.75);
    expect(metricOf('uq', [4, 1, 3, 2])).toBe(3.25);
    expect(metricOf('med', [4, 1, 3, 2])).toBe(2.5);
    expect(metricOf('lq', [7, 15, 36, 39, 40, 41])).toBe(20.25);
    expect(metricOf('uq', [7, 15, 36, 39, 40, 41])).toBe(39.75);
    expect(metricOf('lq', [5])).toBe(5);
  });

  it('the standard deviation is the population one: one input gives 0, [2, 4] gives 1', () => {
    expect(metricOf('std', [42])).toBe(0);
    expect(metricOf('std', [2, 4])).toBe(1);
    expect(metricOf('std', [2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
  });
});

describe('gradual aggregates', () => {
  it.each(AGGREGATE_TIME_GAPS.filter((gap) => gap !== 'P1M'))(
    'value(t) − value as-of (t − %s), within the max age',
    (gap) => {
      const gapMs = { PT1M: 60_000, PT10M: 600_000, PT1H: 3_600_000, P1D: 86_400_000 }[gap];
      const dense = irregularSeries(7, T0 - gapMs - 60_000, T0 + 600_000);
      const expected: [number, number][] = [];
      dense.ts.forEach((t, i) => {
        if (t < WINDOW.fromMs || t > WINDOW.toMs) return;
        const earlier = asOfReference(dense, t - gapMs);
        if (earlier !== undefined) expected.push([t, dense.values[i] - earlier]);
      });
      const result = calculateAggregate(
        { goal: 'gradual', varId: 9, timeGap: gap },
        new Map([[9, dense]]),
        WINDOW,
        MAX_AGE_MS,
      );
      expect(expected.length).toBeGreaterThan(5);
      expectSameSeries(result, expected);
    },
  );

  it('a month is a calendar month in UTC with the day clamped', () => {
    expect(shiftByGap(Date.UTC(2026, 2, 31, 10), 'P1M', -1)).toBe(Date.UTC(2026, 1, 28, 10));
    expect(shiftByGap(Date.UTC(2028, 2, 31, 10), 'P1M', -1)).toBe(Date.UTC(2028, 1, 29, 10));
    expect(shiftByGap(Date.UTC(2026, 0, 15, 1, 2, 3, 4), 'P1M', -1)).toBe(Date.UTC(2025, 11, 15, 1, 2, 3, 4));
    expect(shiftByGap(Date.UTC(2026, 0, 31), 'P1M', 1)).toBe(Date.UTC(2026, 1, 28));
    const series: Series = {
      ts: [Date.UTC(2026, 1, 28, 9), Date.UTC(2026, 2, 30, 9), Date.UTC(2026, 2, 31, 9)],
      values: [100, 130, 131],
    };
    const result = calculateAggregate(
      { goal: 'gradual', varId: 1, timeGap: 'P1M' },
      new Map([[1, series]]),
      { fromMs: Date.UTC(2026, 2, 1), toMs: Date.UTC(2026, 3, 1) },
      MAX_AGE_MS,
    );
    // Mar 30 − 1 month = Feb 30 → Feb 28; Mar 31 → Feb 28 as well.
    expect(result).toEqual({ ts: series.ts.slice(1), values: [30, 31] });
  });

  it.each([
    ['mid-month', Date.UTC(2026, 4, 10, 7), Date.UTC(2026, 4, 12, 19)],
    ['across clamped days', Date.UTC(2026, 2, 27, 23), Date.UTC(2026, 3, 1, 9)],
    ['inside clamped days', Date.UTC(2026, 2, 30, 23), Date.UTC(2026, 2, 31, 9)],
    ['from a last day', Date.UTC(2026, 1, 28, 10), Date.UTC(2026, 1, 28, 11)],
    ['leap February', Date.UTC(2028, 1, 27, 12), Date.UTC(2028, 2, 2, 12)],
  ])('month windows hold every instant they must (%s), and little more', (_name, fromMs, toMs) => {
    const window = { fromMs, toMs };
    const back = shiftWindowByGap(window, 'P1M', -1);
    const forward = shiftWindowByGap(window, 'P1M', 1);
    const STEP = 600_000;
    for (let t = fromMs; t <= toMs; t += STEP) {
      const before = shiftByGap(t, 'P1M', -1);
      expect(before).toBeGreaterThanOrEqual(back.fromMs);
      expect(before).toBeLessThanOrEqual(back.toMs);
    }
    // Every s (scanned over two months around) whose month back lies in the window is in `forward`.
    for (let s = fromMs; s <= toMs + 70 * 86_400_000; s += STEP) {
      const before = shiftByGap(s, 'P1M', -1);
      if (before >= fromMs && before <= toMs) {
        expect(s).toBeGreaterThanOrEqual(forward.fromMs);
        expect(s).toBeLessThanOrEqual(forward.toMs);
      }
    }
    // Widened by at most a day back, and by at most the clamped days of a month forward.
    expect(back.toMs - back.fromMs).toBeLessThanOrEqual(toMs - fromMs + 2 * 86_400_000);
    expect(forward.toMs - forward.fromMs).toBeLessThanOrEqual(toMs - fromMs + 4 * 86_400_000);
  });

  it('gives no point where the earlier value is older than the max age', () => {
    const series: Series = { ts: [T0, T0 + 100_000, T0 + 160_000], values: [1, 5, 9] };
    const result = calculateAggregate(
      { goal: 'gradual', varId: 1, timeGap: 'PT1M' },
      new Map([[1, series]]),
      { fromMs: T0, toMs: T0 + 200_000 },
      MAX_AGE_MS,
    );
    // T0+100 s: T0+40 s as-of is T0, 40 s old (stale). T0+160 s: as-of T0+100 s is exact.
    expect(result).toEqual({ ts: [T0 + 160_000], values: [4] });
  });
});
