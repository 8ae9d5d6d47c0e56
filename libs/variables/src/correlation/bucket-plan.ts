import { ROLLUP_RESOLUTIONS_S } from '../rollup/rollup-resolutions';

// How a range is cut into equal time buckets when a series has more points than may be returned.
export interface BucketPlan {
  /** bucket width; buckets start at multiples of it counted from the Unix epoch */
  widthMs: number;
  /** the range widened to whole buckets: [fromMs, toMs) */
  fromMs: number;
  toMs: number;
  /** the rollup resolution the bucket means are computed from, or null for the raw points */
  rollupResolutionS: number | null;
}

// A bucket may be this much wider than needed (fewer points) so that a coarser rollup, far fewer rows to
// read, can be used; the finest rollup (10 s) widens any bucket of 40 s or more by less than that.
const MAX_WIDENING = 1.25;

/**
 * Equal time buckets, at most `maxBuckets` over [startMs, endMs), and where their means come from: the
 * coarsest rollup resolution whose multiple is within MAX_WIDENING of the narrowest width that fits,
 * the finest rollup otherwise, or the raw points when even that is wider than a bucket. The width is a
 * whole multiple of the resolution so that every rollup row falls in exactly one bucket, and buckets
 * are aligned on the epoch like the rollup rows.
 */
export function planBuckets(startMs: number, endMs: number, maxBuckets: number): BucketPlan {
  const neededMs = Math.ceil((endMs - startMs) / maxBuckets);
  const usable = ROLLUP_RESOLUTIONS_S.filter((resolutionS) => resolutionS * 1000 <= neededMs);
  const rollupResolutionS =
    [...usable]
      .reverse()
      .find((resolutionS) => roundUp(neededMs, resolutionS * 1000) <= neededMs * MAX_WIDENING) ??
    usable[0] ??
    null;
  const stepMs = rollupResolutionS === null ? 1 : rollupResolutionS * 1000;
  let widthMs = roundUp(neededMs, stepMs);
  // Epoch alignment can add a partial bucket at either end: widen step by step until the count fits.
  while (bucketCount(startMs, endMs, widthMs) > maxBuckets) widthMs += stepMs;
  return {
    widthMs,
    fromMs: Math.floor(startMs / widthMs) * widthMs,
    toMs: Math.ceil(endMs / widthMs) * widthMs,
    rollupResolutionS,
  };
}

function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

function bucketCount(startMs: number, endMs: number, widthMs: number): number {
  return Math.ceil(endMs / widthMs) - Math.floor(startMs / widthMs);
}
