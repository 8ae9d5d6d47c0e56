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
  type MetricsReadFailureDto,
  type PerformanceDto,
  type PerformanceSampleDto,
  type PerformanceServiceDto,
} from '@plantlens/contracts';
import { MetricsRegistry, PeriodicJob, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import {
  clusterSources,
  MetricsReadError,
  registrySource,
  technicalDetail,
  type MetricsSource,
} from './metrics-sources';
import { performanceFigures, type MetricsReading } from './performance-figures';
import { parsePrometheusText, type MetricSample } from './prometheus-text';
import { SampleHistory } from './sample-history';

// Why a read failed, for the page. The detail is the error's own text, which may quote the request (a token
// that is not a valid header value) or the answer (a service echoing what it was sent): the token is blanked
// out of it.
function readFailure(error: unknown, token: string | undefined): MetricsReadFailureDto {
  const failure: MetricsReadFailureDto =
    error instanceof MetricsReadError
      ? error.failure
      : { kind: 'unreadable', detail: technicalDetail(error) };
  return token ? { ...failure, detail: failure.detail.replaceAll(token, '<METRICS_TOKEN>') } : failure;
}

/**
 * Reads the services' metrics every PERFORMANCE_SAMPLE_SECONDS and keeps the figures of the last hour in
 * memory: each gateway replica samples and keeps its own (libs/operations README).
 */
@Injectable()
export class PerformanceSampler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PerformanceSampler');
  private readonly sources: MetricsSource[];
  private readonly token: string | undefined;
  private readonly job: PeriodicJob<void>;
  private readonly history = new SampleHistory<PerformanceSampleDto>(
    PERFORMANCE_HISTORY_SECONDS / PERFORMANCE_SAMPLE_SECONDS,
  );
  private previous?: MetricsReading;
  private consumerGroups: ConsumerGroupLagDto[] = [];
  private services: PerformanceServiceDto[] = [];

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig, registry: MetricsRegistry) {
    this.token = config.METRICS_TOKEN;
    this.sources =
      config.GATEWAY_MODE === 'cluster' ? clusterSources(config) : [registrySource('standalone', registry)];
    this.job = new PeriodicJob({
      everyMs: PERFORMANCE_SAMPLE_SECONDS * 1000,
      run: () => this.sample(),
      onError: (error) =>
        this.logger.warn(`Sampling the metrics failed: ${readFailure(error, this.token).detail}`),
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
          return { service: { name: source.name, up: true } as const, samples };
        } catch (error) {
          const failure = readFailure(error, this.token);
          return { service: { name: source.name, up: false, failure } as const, samples: [] };
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
