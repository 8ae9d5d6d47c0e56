import type { Series } from './aggregate-math';

/**
 * At most `maxPoints` of the series, keeping in each of ⌊maxPoints / 4⌋ equal time buckets its first, lowest,
 * highest and last point (the M4 reduction the explorer's timeline draws with): the line keeps its shape
 * and its extremes. A series short enough is returned whole.
 */
export function reduceToExtremes(series: Series, maxPoints: number): [number, number][] {
  const { ts, values } = series;
  if (ts.length <= maxPoints) return ts.map((at, index) => [at, values[index]]);
  const buckets = Math.max(1, Math.floor(maxPoints / 4));
  const startMs = ts[0];
  const spanMs = ts[ts.length - 1] - startMs + 1;
  const kept: number[] = [];
  let bucketStart = 0;
  for (let index = 1; index <= ts.length; index += 1) {
    const bucket = (at: number) => Math.floor(((at - startMs) * buckets) / spanMs);
    if (index < ts.length && bucket(ts[index]) === bucket(ts[bucketStart])) continue;
    let low = bucketStart;
    let high = bucketStart;
    for (let i = bucketStart; i < index; i += 1) {
      if (values[i] < values[low]) low = i;
      if (values[i] > values[high]) high = i;
    }
    kept.push(...new Set([bucketStart, low, high, index - 1].sort((a, b) => a - b)));
    bucketStart = index;
  }
  return kept.map((index) => [ts[index], values[index]]);
}
