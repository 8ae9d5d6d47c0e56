// Rollup resolutions in seconds, finest first. Each one divides the next, so a coarser bucket is the exact
// union of finer ones and is computed from them (10 s from raw points, 60 s from 10 s, and so on).
export const ROLLUP_RESOLUTIONS_S = [10, 60, 600, 3600, 86400] as const;
export type RollupResolution = (typeof ROLLUP_RESOLUTIONS_S)[number];

export const FINEST_ROLLUP_MS = ROLLUP_RESOLUTIONS_S[0] * 1000;
export const DAY_MS = 86_400_000;
