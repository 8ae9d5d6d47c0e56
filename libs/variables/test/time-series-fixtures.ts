// Helpers of the time-series tests: a seeded random source, reference computations in plain JavaScript
// (what the SQL must reproduce) and a line rasteriser.
import type { TimelineGrid } from '../src/explorer/timeline-grid';
import type { PartialRollup } from '../src/rollup/rollup-partials';
import { ROLLUP_RESOLUTIONS_S } from '../src/rollup/rollup-resolutions';

export interface Point {
  ts: number;
  value: number;
}

/** mulberry32: a small deterministic PRNG, so every failure reproduces. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type RollupRow = Omit<PartialRollup, 'variableId'>;

/** Every rollup row of one series, straight from its raw points (ties: the earliest instant). */
export function expectedRollups(points: readonly Point[]): RollupRow[] {
  const ordered = [...points].sort((a, b) => a.ts - b.ts);
  const rows: RollupRow[] = [];
  for (const resolutionS of ROLLUP_RESOLUTIONS_S) {
    const bucketMs = resolutionS * 1000;
    const byBucket = new Map<number, Point[]>();
    for (const point of ordered) {
      const bucket = Math.floor(point.ts / bucketMs) * bucketMs;
      const inBucket = byBucket.get(bucket);
      if (inBucket) inBucket.push(point);
      else byBucket.set(bucket, [point]);
    }
    for (const [bucket, inBucket] of byBucket) {
      // reduce keeps the earlier point on a tie
      const lowest = inBucket.reduce((kept, point) => (point.value < kept.value ? point : kept));
      const highest = inBucket.reduce((kept, point) => (point.value > kept.value ? point : kept));
      const [head, tail] = [inBucket[0]!, inBucket[inBucket.length - 1]!];
      rows.push({
        resolutionS,
        bucket,
        count: inBucket.length,
        sum: inBucket.reduce((total, point) => total + point.value, 0),
        ...{ min: lowest.value, minTs: lowest.ts, max: highest.value, maxTs: highest.ts },
        ...{ first: head.value, firstTs: head.ts, last: tail.value, lastTs: tail.ts },
      });
    }
  }
  return rows;
}

/** The column of an instant on a grid: the rule documented on TimelineGrid. */
export function columnOf(grid: TimelineGrid, ts: number): number {
  return grid.resolutionS === null
    ? Math.floor(((ts - grid.startMs) * grid.columns) / (grid.endMs - grid.startMs))
    : Math.floor((ts - grid.startMs) / grid.columnMs);
}

/**
 * The pixels of the polyline through the points, `grid.columns` pixels wide and `height` high, values
 * scaled over [low, high]: every point falls in its grid column and consecutive points are joined with
 * Bresenham's line. Returned as "x,y" strings.
 */
export function rasterise(
  points: readonly Point[],
  grid: TimelineGrid,
  [low, high]: [number, number],
  height: number,
): Set<string> {
  const pixels = new Set<string>();
  const toPixel = ({ ts, value }: Point): [number, number] => [
    columnOf(grid, ts),
    Math.round(((value - low) / (high - low || 1)) * (height - 1)),
  ];
  let previous: [number, number] | undefined;
  for (const point of points) {
    const current = toPixel(point);
    for (const [x, y] of bresenham(previous ?? current, current)) pixels.add(`${x},${y}`);
    previous = current;
  }
  return pixels;
}

function* bresenham([x0, y0]: [number, number], [x1, y1]: [number, number]): Generator<[number, number]> {
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  for (let [x, y] = [x0, y0]; ;) {
    yield [x, y];
    if (x === x1 && y === y1) return;
    const doubled = 2 * error;
    if (doubled >= dy) [error, x] = [error + dy, x + sx];
    if (doubled <= dx) [error, y] = [error + dx, y + sy];
  }
}
