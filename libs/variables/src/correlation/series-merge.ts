/** A point of one series: epoch milliseconds and value. */
export interface TimedValue {
  ts: number;
  value: number;
}

/**
 * The points of the scatter by column: point i is at `ts[i]` (epoch milliseconds) and has `values[v][i]`
 * for the v-th variable, in the order the series were given. Columns rather than rows: at 100 000 points
 * per answer, one object per point is measurable garbage-collection work.
 */
export interface AlignedColumns {
  ts: number[];
  values: number[][];
}

/**
 * Pairs each X point with the as-of value of every other series: its latest point at or before the X
 * point and at most `maxAgeMs` older. X points for which some series has no such value are left out.
 * All series are ordered by time, so one forward pass over each does it: O(x + Σ others).
 */
export function alignAsOf(
  xs: readonly TimedValue[],
  others: readonly (readonly TimedValue[])[],
  maxAgeMs: number,
): AlignedColumns {
  const aligned = emptyColumns(others.length + 1);
  const cursors = others.map(() => -1);
  const asOf: number[] = [];
  for (const x of xs) {
    let complete = true;
    for (let s = 0; s < others.length && complete; s += 1) {
      const series = others[s];
      let cursor = cursors[s];
      while (cursor + 1 < series.length && series[cursor + 1].ts <= x.ts) cursor += 1;
      cursors[s] = cursor;
      const point = series[cursor];
      complete = point !== undefined && x.ts - point.ts <= maxAgeMs;
      if (complete) asOf[s] = point.value;
    }
    if (complete) append(aligned, x.ts, x.value, asOf);
  }
  return aligned;
}

/**
 * The instants present in every series, with the value of each there (bucket means keyed by their
 * bucket start). All series are ordered by time and hold each instant once: one forward pass over each.
 */
export function alignSameInstants(series: readonly (readonly TimedValue[])[]): AlignedColumns {
  const [first = [], ...others] = series;
  const aligned = emptyColumns(series.length);
  const cursors = others.map(() => 0);
  const atInstant: number[] = [];
  for (const point of first) {
    let complete = true;
    for (let s = 0; s < others.length && complete; s += 1) {
      const other = others[s];
      let cursor = cursors[s];
      while (cursor < other.length && other[cursor].ts < point.ts) cursor += 1;
      cursors[s] = cursor;
      complete = other[cursor]?.ts === point.ts;
      if (complete) atInstant[s] = other[cursor].value;
    }
    if (complete) append(aligned, point.ts, point.value, atInstant);
  }
  return aligned;
}

function emptyColumns(variables: number): AlignedColumns {
  return { ts: [], values: Array.from({ length: variables }, () => []) };
}

function append(columns: AlignedColumns, ts: number, first: number, others: readonly number[]): void {
  columns.ts.push(ts);
  columns.values[0].push(first);
  for (let s = 1; s < columns.values.length; s += 1) columns.values[s].push(others[s - 1]);
}
