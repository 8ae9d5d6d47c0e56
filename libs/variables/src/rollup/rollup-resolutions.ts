// Rollup resolutions in seconds, finest first. Each one divides the next, so a coarser bucket is the exact
// union of finer ones and is computed from them (10 s from raw points, 30 s from 10 s, and so on).
// A read takes the coarsest level with at least one bucket per column (docs/time-series.md), so the gap
// between two levels bounds how many rows it reads per column. 30 s and 4 h (migration 0010) close the two
// widest gaps of the explorer's ranges: a day at ~2 000 px read 8 640 rows of 10 s per variable and now
// 2 880 of 30 s, a year 8 760 of 1 h and now 2 190 of 4 h. Each level costs the writer one partial row per
// bucket; 30 s adds a third to the 10 s level's rows, 4 h next to nothing.
export const ROLLUP_RESOLUTIONS_S = [10, 30, 60, 600, 3600, 14400, 86400] as const;
export type RollupResolution = (typeof ROLLUP_RESOLUTIONS_S)[number];

export const FINEST_ROLLUP_MS = ROLLUP_RESOLUTIONS_S[0] * 1000;
export const DAY_MS = 86_400_000;
