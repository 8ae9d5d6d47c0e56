import type { ConsumerGroupLagDto, PerformanceSampleDto } from '@plantlens/contracts';
import type { MetricSample } from './prometheus-text';

/** The samples of every answering service read at one instant, each labelled with its `instance` (service). */
export interface MetricsReading {
  at: Date;
  samples: MetricSample[];
}

export interface PerformanceFigures {
  sample: PerformanceSampleDto;
  consumerGroups: ConsumerGroupLagDto[];
}

// The metric names agreed in docs/operations.md.
export const PerformanceMetrics = {
  pointsIngested: 'plantlens_points_ingested_total',
  pointsWritten: 'plantlens_points_written_total',
  consumerLagMessages: 'plantlens_consumer_lag_messages',
  consumerLagSeconds: 'plantlens_consumer_lag_seconds',
  rollupLag: 'plantlens_rollup_lag_seconds',
  rulesLag: 'plantlens_rules_lag_seconds',
  requestDurationBuckets: 'plantlens_http_request_duration_seconds_bucket',
  databaseSize: 'plantlens_database_size_bytes',
  pointsStored: 'plantlens_points_stored',
} as const;

const seriesKey = ({ name, labels }: MetricSample) =>
  `${name}${JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)))}`;

const named = (samples: MetricSample[], name: string) =>
  samples.filter((sample) => sample.name === name && Number.isFinite(sample.value));

/**
 * How much each series of `name` grew since the previous reading, as Prometheus' increase(): a series that
 * went down was reset (its process restarted) and counts from zero, as does a series first seen on a
 * service the previous reading had (a route's first request). A service the previous reading lacked (it was
 * down) counts from the next reading on, so its lifetime totals are not taken for one interval's work.
 * Undefined when no series of `name` exists.
 */
function increases(current: MetricsReading, previous: MetricsReading, name: string) {
  const before = new Map(named(previous.samples, name).map((sample) => [seriesKey(sample), sample.value]));
  const instancesBefore = new Set(previous.samples.map(({ labels }) => labels.instance));
  const series = named(current.samples, name);
  if (series.length === 0) return undefined;
  return series.map((sample) => {
    const old =
      before.get(seriesKey(sample)) ?? (instancesBefore.has(sample.labels.instance) ? 0 : undefined);
    return {
      sample,
      increase: old === undefined ? 0 : sample.value >= old ? sample.value - old : sample.value,
    };
  });
}

function perSecond(current: MetricsReading, previous: MetricsReading | undefined, name: string) {
  const seconds = previous ? (current.at.getTime() - previous.at.getTime()) / 1000 : 0;
  if (!previous || seconds <= 0) return null;
  const grown = increases(current, previous, name);
  return grown ? grown.reduce((sum, { increase }) => sum + increase, 0) / seconds : null;
}

function largest(samples: MetricSample[], name: string): number | null {
  const values = named(samples, name).map(({ value }) => value);
  return values.length > 0 ? Math.max(...values) : null;
}

/**
 * The q-quantile of the observations counted by cumulative buckets (`le` upper bounds, +Inf last), as
 * Prometheus' histogram_quantile: linear within the bucket holding the rank, the largest finite bound when
 * the rank falls in +Inf. Null without observations.
 */
export function histogramQuantile(q: number, buckets: { le: number; count: number }[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const { le, count } of sorted) {
    if (count >= rank) {
      if (le === Infinity) return lowerBound;
      if (count === lowerCount) return le;
      return lowerBound + ((le - lowerBound) * (rank - lowerCount)) / (count - lowerCount);
    }
    lowerBound = le;
    lowerCount = count;
  }
  return lowerBound;
}

// Request latency over the interval: the bucket increases of every route, status and service added up.
function latencies(current: MetricsReading, previous: MetricsReading | undefined) {
  const grown = previous
    ? increases(current, previous, PerformanceMetrics.requestDurationBuckets)
    : undefined;
  const byBound = new Map<number, number>();
  for (const { sample, increase } of grown ?? []) {
    const le = Number(sample.labels.le === '+Inf' ? Infinity : sample.labels.le);
    if (!Number.isNaN(le)) byBound.set(le, (byBound.get(le) ?? 0) + increase);
  }
  const buckets = [...byBound].map(([le, count]) => ({ le, count }));
  return { p50: histogramQuantile(0.5, buckets), p95: histogramQuantile(0.95, buckets) };
}

function consumerGroups(samples: MetricSample[]): ConsumerGroupLagDto[] {
  const groups = new Map<string, ConsumerGroupLagDto>();
  const group = (name: string) => {
    let lag = groups.get(name);
    if (!lag) groups.set(name, (lag = { group: name, lagMessages: 0, lagSeconds: null }));
    return lag;
  };
  for (const { labels, value } of named(samples, PerformanceMetrics.consumerLagMessages)) {
    group(labels.group ?? '').lagMessages += Math.max(0, Math.round(value));
  }
  for (const { labels, value } of named(samples, PerformanceMetrics.consumerLagSeconds)) {
    const lag = group(labels.group ?? '');
    lag.lagSeconds = Math.max(lag.lagSeconds ?? 0, value, 0);
  }
  return [...groups.values()].sort((a, b) => a.group.localeCompare(b.group));
}

/**
 * The back office's figures at `current`: rates and latency quantiles over the interval since `previous`
 * (none for the first reading), gauges as read. Database size and points stored are database-wide
 * estimates, possibly exported by several replicas: the largest is taken, never a sum.
 */
export function performanceFigures(current: MetricsReading, previous?: MetricsReading): PerformanceFigures {
  const { samples } = current;
  const groups = consumerGroups(samples);
  const hasGroups = groups.length > 0;
  const latency = latencies(current, previous);
  const databaseSizeBytes = largest(samples, PerformanceMetrics.databaseSize);
  const pointsStored = largest(samples, PerformanceMetrics.pointsStored);
  return {
    sample: {
      at: current.at.toISOString(),
      pointsInPerSecond: perSecond(current, previous, PerformanceMetrics.pointsIngested),
      pointsWrittenPerSecond: perSecond(current, previous, PerformanceMetrics.pointsWritten),
      consumerLagMessages: hasGroups ? groups.reduce((sum, { lagMessages }) => sum + lagMessages, 0) : null,
      consumerLagSeconds: hasGroups
        ? groups.reduce<number | null>(
            (most, { lagSeconds }) => (lagSeconds === null ? most : Math.max(most ?? 0, lagSeconds)),
            null,
          )
        : null,
      rollupLagSeconds: nonNegative(largest(samples, PerformanceMetrics.rollupLag)),
      rulesLagSeconds: nonNegative(largest(samples, PerformanceMetrics.rulesLag)),
      latencyP50Seconds: latency.p50,
      latencyP95Seconds: latency.p95,
      databaseSizeBytes: nonNegative(databaseSizeBytes),
      bytesPerPoint:
        databaseSizeBytes !== null && pointsStored !== null && pointsStored > 0
          ? databaseSizeBytes / pointsStored
          : null,
    },
    consumerGroups: groups,
  };
}

const nonNegative = (value: number | null) => (value === null ? null : Math.max(0, value));
