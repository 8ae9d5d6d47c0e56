/** The points of one series by column: point i is at `ts[i]` (epoch milliseconds) with `values[i]`. */
export interface SeriesColumns {
  ts: number[];
  values: number[];
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
  xs: SeriesColumns,
  others: readonly SeriesColumns[],
  maxAgeMs: number,
): AlignedColumns {
  const aligned = emptyColumns(others.length + 1);
  const cursors = others.map(() => -1);
  const asOf: number[] = [];
  for (let i = 0; i < xs.ts.length; i += 1) {
    const xTs = xs.ts[i];
    let complete = true;
    for (let s = 0; s < others.length && complete; s += 1) {
      const series = others[s];
      let cursor = cursors[s];
      while (cursor + 1 < series.ts.length && series.ts[cursor + 1] <= xTs) cursor += 1;
      cursors[s] = cursor;
      complete = cursor >= 0 && xTs - series.ts[cursor] <= maxAgeMs;
      if (complete) asOf[s] = series.values[cursor];
    }
    if (complete) append(aligned, xTs, xs.values[i], asOf);
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
