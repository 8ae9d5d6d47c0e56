import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  PERFORMANCE_HISTORY_SECONDS,
  PERFORMANCE_SAMPLE_SECONDS,
  type ConsumerGroupLagDto,
  type PerformanceDto,
  type PerformanceSampleDto,
  type PerformanceServiceDto,
} from '@plantlens/contracts';
import { MetricsRegistry, PeriodicJob, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { clusterSources, registrySource, type MetricsSource } from './metrics-sources';
import { performanceFigures, type MetricsReading } from './performance-figures';
import { parsePrometheusText, type MetricSample } from './prometheus-text';
import { SampleHistory } from './sample-history';

// Why a read failed. fetch() reports a refused connection as "fetch failed" with the reason in its cause;
// the errors may come from another realm (Node's own fetch), so they are read by shape, not instanceof.
function failure(error: unknown): string {
  const { message, cause } = (error ?? {}) as {
    message?: unknown;
    cause?: { message?: unknown; code?: unknown };
  };
  for (const reason of [cause?.message, cause?.code, message]) {
    if (typeof reason === 'string' && reason !== '') return reason;
  }
  return String(error);
}

/**
 * Reads the services' metrics every PERFORMANCE_SAMPLE_SECONDS and keeps the figures of the last hour in
 * memory: each gateway replica samples and keeps its own (libs/operations README).
 */
@Injectable()
export class PerformanceSampler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PerformanceSampler');
  private readonly sources: MetricsSource[];
  private readonly job: PeriodicJob<void>;
  private readonly history = new SampleHistory<PerformanceSampleDto>(
    PERFORMANCE_HISTORY_SECONDS / PERFORMANCE_SAMPLE_SECONDS,
  );
  private previous?: MetricsReading;
  private consumerGroups: ConsumerGroupLagDto[] = [];
  private services: PerformanceServiceDto[] = [];

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig, registry: MetricsRegistry) {
    this.sources =
      config.GATEWAY_MODE === 'cluster' ? clusterSources(config) : [registrySource('standalone', registry)];
    this.job = new PeriodicJob({
      everyMs: PERFORMANCE_SAMPLE_SECONDS * 1000,
      run: () => this.sample(),
      onError: (error) => this.logger.warn(`Sampling the metrics failed: ${failure(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Takes a sample now (or joins the one under way). */
  sampleNow(): Promise<void> {
    return this.job.runNow();
  }

  figures(): PerformanceDto {
    const history = this.history.list();
    return {
      sampleSeconds: PERFORMANCE_SAMPLE_SECONDS,
      current: history.at(-1) ?? null,
      consumerGroups: this.consumerGroups,
      history,
      services: this.services,
    };
  }

  private async sample(): Promise<void> {
    const at = new Date();
    const reads = await Promise.all(
      this.sources.map(async (source) => {
        try {
          // Prometheus' own convention: the scrape target is the `instance` label, which keeps two services'
          // otherwise identical series apart.
          const samples: MetricSample[] = parsePrometheusText(await source.read()).map((sample) => ({
            ...sample,
            labels: { ...sample.labels, instance: source.name },
          }));
          return { service: { name: source.name, up: true }, samples };
        } catch (error) {
          return { service: { name: source.name, up: false, error: failure(error) }, samples: [] };
        }
      }),
    );
    const reading: MetricsReading = { at, samples: reads.flatMap(({ samples }) => samples) };
    const { sample, consumerGroups } = performanceFigures(reading, this.previous);
    this.previous = reading;
    this.history.push(sample);
    this.consumerGroups = consumerGroups;
    this.services = reads.map(({ service }) => service);
  }
}
