import type { Logger } from '@nestjs/common';
import { Topics, type MeasurementBatch } from '@plantlens/contracts';
import type { EventPublisher, VariableDeclarationClient } from '@plantlens/platform';
import { MeasurementBatcher } from './measurement-batcher';
import type { RejectionReason } from './readings';
import { RejectionLog } from './rejection-log';
import { VariableDirectory } from './variable-directory';

const FLUSH_RETRY_MS = { initial: 500, max: 30_000 };
// Time given at shutdown to publish the points already taken from the source.
const DRAIN_TIMEOUT_MS = 10_000;
const STATISTICS_INTERVAL_MS = 60_000;

export interface PipelineSettings {
  /** the `source` of the measurements messages */
  source: string;
  declareUnknown: boolean;
  batchPoints: number;
  lingerMs: number;
  capacityPoints: number;
  keyCount: number;
}

export interface PipelineCounters {
  publishedPoints: number;
  heldPoints: number;
  rejected: Partial<Record<RejectionReason, number>>;
}

/**
 * What every connector does with the readings it takes: resolve (or declare) their variables, batch them
 * onto `measurements`, count and log the rejected ones, sum up a minute's traffic in one log line, and
 * publish what it holds when stopped.
 */
export class MeasurementPipeline {
  readonly batcher: MeasurementBatcher;
  readonly rejections: RejectionLog;
  private statisticsTimer: NodeJS.Timeout | undefined;
  private reported = { received: 0, publishedPoints: 0 };

  constructor(
    settings: PipelineSettings,
    publisher: EventPublisher,
    declarations: VariableDeclarationClient,
    private readonly logger: Logger,
  ) {
    this.rejections = new RejectionLog(logger);
    const directory = new VariableDirectory(declarations, settings.declareUnknown);
    this.batcher = new MeasurementBatcher(
      {
        batchPoints: settings.batchPoints,
        lingerMs: settings.lingerMs,
        capacityPoints: settings.capacityPoints,
        keyCount: settings.keyCount,
        retryMs: FLUSH_RETRY_MS,
      },
      {
        resolveIds: (references) => directory.resolve(references),
        publish: (key, points) =>
          publisher.publish(
            Topics.measurements,
            { source: settings.source, points } satisfies MeasurementBatch,
            key,
          ),
        reject: (rejection) => this.rejections.record(rejection, undefined),
        onRetry: (error, attempt, delayMs) => {
          // The first attempts fail routinely while this very process is still starting its HTTP server.
          if (attempt >= 3)
            logger.warn(
              `Could not publish ${this.batcher.heldPoints} buffered points (attempt ${attempt}, next in ${delayMs} ms): ${errorMessage(error)}`,
            );
        },
        onRecovered: (attempts) => {
          if (attempts >= 3) logger.log(`Publishing again after ${attempts} failed attempts`);
        },
      },
    );
  }

  get counters(): PipelineCounters {
    return {
      publishedPoints: this.batcher.publishedPoints,
      heldPoints: this.batcher.heldPoints,
      rejected: this.rejections.counts,
    };
  }

  /** Logs a line a minute; `received` counts what the source delivered (messages, notifications). */
  startStatistics(unit: string, received: () => number): void {
    this.statisticsTimer = setInterval(() => {
      const { publishedPoints, heldPoints, rejected } = this.counters;
      const count = received();
      if (count === this.reported.received && publishedPoints === this.reported.publishedPoints) return;
      this.logger.log(
        `${count - this.reported.received} ${unit}, ${publishedPoints - this.reported.publishedPoints} points published in the last ${STATISTICS_INTERVAL_MS / 1000} s; ${heldPoints} buffered; rejected since start: ${JSON.stringify(rejected)}`,
      );
      this.reported = { received: count, publishedPoints };
    }, STATISTICS_INTERVAL_MS);
  }

  /**
   * Publishes what is held once `stopSource` has stopped the source (awaited together, so the drain's
   * clock runs from the start) and logs the outcome.
   */
  async stop(stopSource: () => Promise<unknown>): Promise<void> {
    clearInterval(this.statisticsTimer);
    const draining = this.batcher.drain(DRAIN_TIMEOUT_MS);
    await stopSource();
    const unpublished = await draining;
    if (unpublished > 0)
      this.logger.error(
        `Stopped with ${unpublished} points taken from the source not published (the bus or the variables service did not answer within ${DRAIN_TIMEOUT_MS} ms)`,
      );
    else this.logger.log(`Stopped; ${this.batcher.publishedPoints} points published in all`);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
