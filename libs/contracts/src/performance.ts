import { z } from 'zod';

// The performance back office (issue 16, /performance/backoffice): the figures of the services' own
// Prometheus metrics (docs/operations.md), sampled by the gateway every PERFORMANCE_SAMPLE_SECONDS and kept
// for PERFORMANCE_HISTORY_SECONDS (libs/operations README).

/** Seconds between two samples; the page polls at the same pace. */
export const PERFORMANCE_SAMPLE_SECONDS = 5;
/** Seconds of samples kept and answered: the last hour. */
export const PERFORMANCE_HISTORY_SECONDS = 3_600;

const seconds = z.number().nonnegative();
const rate = z.number().nonnegative();

/**
 * One sample: rates and latencies over the interval since the previous sample (null when there is no
 * previous sample, or no request came in the interval), gauges as read. A figure no answering service
 * exports is null.
 */
export const performanceSampleDtoSchema = z.strictObject({
  /** when the sample was taken, ISO 8601 in UTC */
  at: z.iso.datetime(),
  /** points received from every source per second (plantlens_points_ingested_total) */
  pointsInPerSecond: rate.nullable(),
  /** points stored per second (plantlens_points_written_total) */
  pointsWrittenPerSecond: rate.nullable(),
  /** messages behind, summed over every consumer group, topic and partition */
  consumerLagMessages: z.number().int().nonnegative().nullable(),
  /** the largest time behind of any consumer group */
  consumerLagSeconds: seconds.nullable(),
  /** the largest rollup lag of any resolution */
  rollupLagSeconds: seconds.nullable(),
  /** how far the rules engine's evaluation is behind the newest point */
  rulesLagSeconds: seconds.nullable(),
  /** request latency quantiles over the interval, every route and service together */
  latencyP50Seconds: seconds.nullable(),
  latencyP95Seconds: seconds.nullable(),
  databaseSizeBytes: z.number().nonnegative().nullable(),
  /** database size divided by the points stored (an estimate: indexes, rollups and other tables included) */
  bytesPerPoint: z.number().nonnegative().nullable(),
});
export type PerformanceSampleDto = z.infer<typeof performanceSampleDtoSchema>;

/** Lag of one consumer group: messages summed over its topics and partitions, the largest seconds. */
export const consumerGroupLagDtoSchema = z.strictObject({
  group: z.string(),
  lagMessages: z.number().int().nonnegative(),
  lagSeconds: seconds.nullable(),
});
export type ConsumerGroupLagDto = z.infer<typeof consumerGroupLagDtoSchema>;

/**
 * Why a service's metrics could not be read, as far as the gateway can tell: it has no METRICS_TOKEN to ask
 * with; no connection; no answer within the read timeout; an answer with an error status; or metrics that
 * are not Prometheus text (in standalone, also the process's own registry failing to give them).
 */
export const METRICS_READ_FAILURE_KINDS = [
  'no-token',
  'unreachable',
  'timeout',
  'http-status',
  'unreadable',
] as const;
export type MetricsReadFailureKind = (typeof METRICS_READ_FAILURE_KINDS)[number];

const failureKind = z.enum(METRICS_READ_FAILURE_KINDS);
/** The kind (the page words it in the user's language) and the technical detail, as the gateway met it. */
export const metricsReadFailureDtoSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('http-status'),
    status: z.number().int().min(100).max(599),
    detail: z.string(),
  }),
  z.strictObject({ kind: failureKind.exclude(['http-status']), detail: z.string() }),
]);
export type MetricsReadFailureDto = z.infer<typeof metricsReadFailureDtoSchema>;

/** A service whose metrics are read: in standalone the gateway process itself. */
export const performanceServiceDtoSchema = z.discriminatedUnion('up', [
  z.strictObject({ name: z.string(), up: z.literal(true) }),
  /** why the last read failed, when down */
  z.strictObject({ name: z.string(), up: z.literal(false), failure: metricsReadFailureDtoSchema }),
]);
export type PerformanceServiceDto = z.infer<typeof performanceServiceDtoSchema>;

// GET /api/web/performance (feature Superadmin)
export const performanceDtoSchema = z.strictObject({
  sampleSeconds: z.number().int().positive(),
  /** the newest sample, null before the first */
  current: performanceSampleDtoSchema.nullable(),
  /** lag per consumer group at the newest sample */
  consumerGroups: z.array(consumerGroupLagDtoSchema),
  /** the samples of the last hour, oldest first (the newest is `current`) */
  history: z.array(performanceSampleDtoSchema),
  /** the services read at the newest sample */
  services: z.array(performanceServiceDtoSchema),
});
export type PerformanceDto = z.infer<typeof performanceDtoSchema>;
