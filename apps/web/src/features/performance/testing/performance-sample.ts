import type { PerformanceSampleDto } from '@plantlens/contracts';

/** A sample taken `at`, with the given figures and every other one not reported. */
export const performanceSample = (
  at: string,
  figures: Partial<PerformanceSampleDto> = {},
): PerformanceSampleDto => ({
  at,
  pointsInPerSecond: null,
  pointsWrittenPerSecond: null,
  consumerLagMessages: null,
  consumerLagSeconds: null,
  rollupLagSeconds: null,
  rulesLagSeconds: null,
  latencyP50Seconds: null,
  latencyP95Seconds: null,
  databaseSizeBytes: null,
  bytesPerPoint: null,
  ...figures,
});
