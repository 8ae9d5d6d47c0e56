import type { MeasurementPoint } from '@plantlens/contracts';
import { FINEST_ROLLUP_MS } from '../rollup/rollup-resolutions';

/** Consecutive 10 s buckets [fromMs, toMs) of one variable whose raw points changed. */
export interface TouchedRange {
  variableId: number;
  fromMs: number;
  toMs: number;
}

export interface PreparedBatch {
  /** at most one point per (variable, ts), the last one given; grouped by variable, in time order */
  points: MeasurementPoint[];
  touched: TouchedRange[];
}

// One write: later points replace earlier ones with the same (variable, ts) — a row can be written only
// once per statement, and the stream's order decides which value wins. Also lists the runs of 10 s
// buckets each variable touched, which is what the rollup maintainer recomputes. Points of a variable
// usually arrive in time order without repeats; that case costs one pass and no map.
export function prepareBatch(points: readonly MeasurementPoint[]): PreparedBatch {
  const byVariable = new Map<number, MeasurementPoint[]>();
  let currentId: number | undefined;
  let current: MeasurementPoint[] = [];
  for (const point of points) {
    if (point.variableId !== currentId) {
      currentId = point.variableId;
      current = byVariable.get(currentId) ?? [];
      byVariable.set(currentId, current);
    }
    current.push(point);
  }
  const unique: MeasurementPoint[] = [];
  const touched: TouchedRange[] = [];
  for (const [variableId, series] of byVariable) {
    const ordered = strictlyAscending(series) ? series : latestPerInstant(series);
    let run: TouchedRange | undefined;
    for (const point of ordered) {
      unique.push(point);
      const bucketStart = Math.floor(point.ts / FINEST_ROLLUP_MS) * FINEST_ROLLUP_MS;
      if (run && bucketStart <= run.toMs) {
        run.toMs = bucketStart + FINEST_ROLLUP_MS;
      } else {
        run = { variableId, fromMs: bucketStart, toMs: bucketStart + FINEST_ROLLUP_MS };
        touched.push(run);
      }
    }
  }
  return { points: unique, touched };
}

function strictlyAscending(series: readonly MeasurementPoint[]): boolean {
  let previous = -Infinity;
  for (const { ts } of series) {
    if (ts <= previous) return false;
    previous = ts;
  }
  return true;
}

function latestPerInstant(series: readonly MeasurementPoint[]): MeasurementPoint[] {
  const latest = new Map<number, MeasurementPoint>();
  for (const point of series) latest.set(point.ts, point);
  return [...latest.values()].sort((a, b) => a.ts - b.ts);
}
