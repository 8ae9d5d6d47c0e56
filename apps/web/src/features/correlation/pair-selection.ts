import type { Pair } from './correlation-query';
import { pairId } from './multiple-correlation-query';

// The pair rules of the multiple correlation (spec part 2 §4, §5, §9).

// Spec §5 also allows "up to 9 variables in total": 4 pairs hold at most 8, so that limit always holds.
export const MAX_MULTIPLE_CORRELATION_PAIRS = 4;

/** The pairs after the user picked `picked` (in the order chosen): beyond 4, the oldest picks are dropped. */
export function keepNewestPairs(picked: readonly Pair[]): Pair[] {
  return picked.slice(Math.max(0, picked.length - MAX_MULTIPLE_CORRELATION_PAIRS));
}

/**
 * The pairs still offered after a change of the tag filters: emptying either filter clears them, otherwise
 * the pairs the new options no longer hold are dropped.
 */
export function pairsAfterFilterChange(
  selected: readonly Pair[],
  tagsX: readonly number[],
  tagsY: readonly number[],
  offered: readonly Pair[],
): Pair[] {
  if (tagsX.length === 0 || tagsY.length === 0) return [];
  const offeredIds = new Set(offered.map(pairId));
  return selected.filter((pair) => offeredIds.has(pairId(pair)));
}

// Large charts paint their points on a canvas (canvas-scatter.ts); past this many points over all charts a
// browser on a plant PC stalls for seconds, so the page says so instead of plotting (spec part 2 §5). The
// server returns at most 100 000 points per pair (bucket means beyond), so up to three full-resolution pairs
// are drawn.
export const MAX_PLOTTED_POINTS = 300_000;

export function tooManyPoints(pointsPerChart: readonly number[]): boolean {
  return pointsPerChart.reduce((total, points) => total + points, 0) > MAX_PLOTTED_POINTS;
}
