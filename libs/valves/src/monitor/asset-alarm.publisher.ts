import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Topics, type AssetAlarmEvent } from '@plantlens/contracts';
import { EventPublisher, PeriodicJob } from '@plantlens/platform';
import { ValveMonitorRepository, type UnpublishedError } from './valve-monitor.repository';

const BATCH = 500;
// Also the retry period while the bus fails.
const EVERY_MS = 2_000;

/** The event of an asset error; its id is the error's key, so a republished event is recognised. */
export function assetAlarmEvent(error: UnpublishedError): AssetAlarmEvent {
  return {
    eventId: `${error.asset}:${error.beginMs}:${error.code}`,
    asset: error.asset,
    errorCode: error.code,
    operation: error.operation,
    beginMs: error.beginMs,
    endMs: error.endMs,
  };
}

// Publishes an AssetAlarmEvent for each asset error at least once. Errors are written unpublished in the
// analysis transaction; this publishes them after the commit (and at start, and every few seconds, which
// covers a crash or a bus failure in between), keyed by valve, then marks them published.
@Injectable()
export class AssetAlarmPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AssetAlarms');
  private readonly job: PeriodicJob<number>;
  published = 0;

  constructor(
    private readonly repository: ValveMonitorRepository,
    private readonly publisher: EventPublisher,
  ) {
    this.job = new PeriodicJob({
      everyMs: EVERY_MS,
      run: () => this.publishAll(),
      onError: (error) =>
        this.logger.warn(
          `Publishing asset alarms failed, retrying: ${error instanceof Error ? error.message : error}`,
        ),
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Publishes now (a run under way is joined; what it missed goes at the next tick). */
  publishSoon(): void {
    this.job.runNow().catch(() => undefined);
  }

  /** Resolves once every error committed before the call is published (tests, shutdown). */
  async flush(): Promise<void> {
    await this.job.runNow().catch(() => undefined);
    await this.job.runNow();
  }

  private async publishAll(): Promise<number> {
    let count = 0;
    for (;;) {
      const errors = await this.repository.unpublishedErrors(BATCH);
      // One valve's alarms in order, valves in parallel.
      const byAsset = new Map<string, UnpublishedError[]>();
      for (const error of errors) {
        const list = byAsset.get(error.asset);
        if (list) list.push(error);
        else byAsset.set(error.asset, [error]);
      }
      await Promise.all(
        [...byAsset.values()].map(async (list) => {
          for (const error of list)
            await this.publisher.publish(Topics.assetAlarms, assetAlarmEvent(error), error.asset);
        }),
      );
      await this.repository.markPublished(errors);
      count += errors.length;
      this.published += errors.length;
      if (errors.length < BATCH) return count;
    }
  }
}
