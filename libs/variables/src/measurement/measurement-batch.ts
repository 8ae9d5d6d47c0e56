import type { MeasurementPoint } from '@plantlens/contracts';
import { FINEST_ROLLUP_MS } from '../rollup/rollup-resolutions';

/** Consecutive 10 s buckets [fromMs, toMs) of one variable whose raw points changed. */
export interface TouchedRange {
  variableId: number;
  fromMs: number;
  toMs: number;
}

export interface PreparedBatch {
  /** at most one point per (variable, ts): the last one given */
  points: MeasurementPoint[];
  touched: TouchedRange[];
}

// One write: later points replace earlier ones with the same (variable, ts) — ON CONFLICT cannot touch
// a row twice in one statement, and the stream's order decides which value wins. Also lists the runs of
// 10 s buckets each variable touched, which is what the rollup maintainer recomputes.
export function prepareBatch(points: readonly MeasurementPoint[]): PreparedBatch {
  const latest = new Map<number, Map<number, MeasurementPoint>>();
  for (const point of points) {
    let byTs = latest.get(point.variableId);
    if (!byTs) latest.set(point.variableId, (byTs = new Map()));
    byTs.set(point.ts, point);
  }
  const unique: MeasurementPoint[] = [];
  const touched: TouchedRange[] = [];
  for (const [variableId, byTs] of latest) {
    const buckets: number[] = [];
    for (const point of byTs.values()) {
      unique.push(point);
      buckets.push(Math.floor(point.ts / FINEST_ROLLUP_MS));
    }
    for (const [first, last] of runs(buckets)) {
      touched.push({ variableId, fromMs: first * FINEST_ROLLUP_MS, toMs: (last + 1) * FINEST_ROLLUP_MS });
    }
  }
  return { points: unique, touched };
}

// Runs of consecutive integers, as [first, last] pairs. Points usually arrive in time order, so the sort
// is skipped when the buckets are already ascending.
function runs(buckets: number[]): [number, number][] {
  let previous = -Infinity;
  const ascending = buckets.every((bucket) => {
    const inOrder = bucket >= previous;
    previous = bucket;
    return inOrder;
  });
  const sorted = ascending ? buckets : [...buckets].sort((a, b) => a - b);
  const result: [number, number][] = [];
  for (const bucket of sorted) {
    const current = result.at(-1);
    if (current && bucket <= current[1] + 1) current[1] = Math.max(current[1], bucket);
    else result.push([bucket, bucket]);
  }
  return result;
}
