import { ROLLUP_RESOLUTIONS_S, type RollupResolution } from '../rollup/rollup-resolutions';

/**
 * The columns a timeline is reduced to (one M4 group each: first, min, max and last point).
 *
 * - Raw grid (resolutionS null), for ranges shorter than `width` 10 s buckets: exactly `width` equal
 *   columns over [startMs, endMs); a point at t lies in column floor((t - startMs) * width / (endMs - startMs)).
 * - Rollup grid: the coarsest resolution r with at least `width` buckets in the range, and columns of
 *   k × r aligned to the epoch (column n covers [n·k·r, (n+1)·k·r)), k the smallest giving at most `width`
 *   columns over the range. A column is then a whole number of rollup buckets, which is what makes M4 from
 *   rollups exact; the grid covers whole columns, so it may reach up to one column beyond each end of the
 *   range (the chart clips to its axis).
 */
export interface TimelineGrid {
  resolutionS: RollupResolution | null;
  startMs: number;
  endMs: number;
  columns: number;
  /** width of one column; fractional on a raw grid */
  columnMs: number;
}

const COARSEST_FIRST = [...ROLLUP_RESOLUTIONS_S].reverse();

export function timelineGrid(startMs: number, endMs: number, width: number): TimelineGrid {
  const spanMs = endMs - startMs;
  for (const resolutionS of COARSEST_FIRST) {
    const bucketMs = resolutionS * 1000;
    if (spanMs / bucketMs < width) continue;
    for (let factor = Math.max(1, Math.floor(spanMs / (width * bucketMs))); ; factor += 1) {
      const columnMs = factor * bucketMs;
      const first = Math.floor(startMs / columnMs);
      const last = Math.ceil(endMs / columnMs);
      if (last - first <= width) {
        return {
          resolutionS,
          startMs: first * columnMs,
          endMs: last * columnMs,
          columns: last - first,
          columnMs,
        };
      }
    }
  }
  return { resolutionS: null, startMs, endMs, columns: width, columnMs: spanMs / width };
}
