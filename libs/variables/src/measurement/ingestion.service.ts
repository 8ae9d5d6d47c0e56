import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import {
  MEASUREMENT_MAX_FUTURE_MS,
  measurementBatchSchema,
  Topics,
  type MeasurementPoint,
} from '@plantlens/contracts';
import { AggregateCalculator } from '../aggregate-variable/aggregate-calculator.service';
import { RetentionPolicy } from '../retention/retention-policy';
import { VariableRepository } from '../variable/variable.repository';
import { MeasurementMetrics } from './measurement-metrics';
import { MeasurementWriter } from './measurement-writer.service';
import { checkPoint, type RejectionReason } from './point-check';

/** The two topics of points: measured, and calculated by the aggregate variables. */
export type MeasurementTopic = typeof Topics.measurements | typeof Topics.derivedMeasurements;

export interface IngestionResult {
  stored: number;
  rejected: Partial<Record<RejectionReason, number>>;
}

// The envelope is checked first and the points one by one after, so one bad point does not cost the batch.
const envelopeSchema = measurementBatchSchema.extend({ points: z.array(z.unknown()).min(1).max(100_000) });

/**
 * Turns messages of the `measurements` and `measurements.derived` topics into stored rows, then has the
 * aggregate variables reading them recomputed (AggregateCalculator) before the message counts as done.
 * Bad input is counted per reason and logged and never stops the stream; a storage failure propagates so
 * the message is delivered again. Calls that must keep their order (a correction after the value it
 * corrects) are awaited one after the other, as the consumer of one partition does.
 */
@Injectable()
export class IngestionService {
  private readonly logger = new Logger(IngestionService.name);
  // Whether each variable seen so far is an aggregate (fixed when the variable is created).
  private readonly knownVariables = new Map<number, boolean>();

  constructor(
    private readonly writer: MeasurementWriter,
    private readonly variables: VariableRepository,
    private readonly retention: RetentionPolicy,
    private readonly aggregates: AggregateCalculator,
    private readonly metrics: MeasurementMetrics,
  ) {}

  async ingest(
    message: unknown,
    now = Date.now(),
    topic: MeasurementTopic = Topics.measurements,
  ): Promise<IngestionResult> {
    const rejected: IngestionResult['rejected'] = {};
    const reject = (reason: RejectionReason, count = 1) => {
      rejected[reason] = (rejected[reason] ?? 0) + count;
      this.metrics.countRejected(reason, count);
    };
    const envelope = envelopeSchema.safeParse(message);
    if (!envelope.success) {
      reject('malformed-batch');
      this.logger.warn(
        `Skipped a malformed measurement batch: ${envelope.error.issues[0]?.message ?? 'invalid'}`,
      );
      return { stored: 0, rejected };
    }
    this.metrics.countIngested(envelope.data.source, envelope.data.points.length);
    const latestAllowed = now + MEASUREMENT_MAX_FUTURE_MS;
    const earliestKept = this.retention.rawHorizonMs(now);
    const valid: MeasurementPoint[] = [];
    for (const candidate of envelope.data.points) {
      const point = checkPoint(candidate);
      if (typeof point === 'string') reject(point);
      else if (point.ts > latestAllowed) reject('future-timestamp');
      // Older than the raw retention: it would be deleted at the next purge and must not alter rollups
      // that no longer have their raw points.
      else if (point.ts < earliestKept) reject('expired-timestamp');
      else valid.push(point);
    }
    await this.learnVariables(valid);
    const derived = topic === Topics.derivedMeasurements;
    const known: MeasurementPoint[] = [];
    for (const point of valid) {
      const aggregate = this.knownVariables.get(point.variableId);
      if (aggregate === undefined) reject('unknown-variable');
      else if (aggregate !== derived) reject(derived ? 'not-aggregate' : 'aggregate-variable');
      else known.push(point);
    }
    await this.writer.write(known);
    await this.aggregates.afterStored(known);
    if (Object.keys(rejected).length > 0) {
      this.logger.warn(
        `Batch from "${envelope.data.source}": stored ${known.length}, rejected ${JSON.stringify(rejected)}`,
      );
    }
    return { stored: known.length, rejected };
  }

  // Only ids not seen before cost a query; a variable declared a moment ago is found at once.
  private async learnVariables(points: MeasurementPoint[]): Promise<void> {
    const unseen = new Set<number>();
    for (const point of points) if (!this.knownVariables.has(point.variableId)) unseen.add(point.variableId);
    if (unseen.size === 0) return;
    for (const { id, aggregate } of await this.variables.findKinds([...unseen])) {
      this.knownVariables.set(id, aggregate);
    }
  }
}
