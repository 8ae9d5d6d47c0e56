import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import {
  MEASUREMENT_MAX_FUTURE_MS,
  measurementBatchSchema,
  measurementPointSchema,
  type MeasurementPoint,
} from '@plantlens/contracts';
import { VariableRepository } from '../variable/variable.repository';
import { MeasurementRepository } from './measurement.repository';

export type RejectionReason = 'malformed-batch' | 'invalid-point' | 'future-timestamp' | 'unknown-variable';

export interface IngestionResult {
  stored: number;
  rejected: Partial<Record<RejectionReason, number>>;
}

// The envelope is checked first and the points one by one after, so one bad point does not cost the batch.
const envelopeSchema = measurementBatchSchema.extend({ points: z.array(z.unknown()).min(1).max(100_000) });

// Turns messages of the `measurements` topic into stored rows. Bad input is counted and logged and
// never stops the stream; a storage failure propagates so the message is redelivered.
@Injectable()
export class IngestionService {
  private readonly logger = new Logger(IngestionService.name);
  private knownVariableIds = new Set<number>();
  private readonly totals: Record<RejectionReason | 'stored', number> = {
    stored: 0,
    'malformed-batch': 0,
    'invalid-point': 0,
    'future-timestamp': 0,
    'unknown-variable': 0,
  };

  constructor(
    private readonly measurements: MeasurementRepository,
    private readonly variables: VariableRepository,
  ) {}

  get counters(): Readonly<Record<RejectionReason | 'stored', number>> {
    return this.totals;
  }

  async ingest(message: unknown, now = Date.now()): Promise<IngestionResult> {
    const rejected: IngestionResult['rejected'] = {};
    const reject = (reason: RejectionReason, count = 1) => {
      rejected[reason] = (rejected[reason] ?? 0) + count;
      this.totals[reason] += count;
    };
    const envelope = envelopeSchema.safeParse(message);
    if (!envelope.success) {
      reject('malformed-batch');
      this.logger.warn(
        `Skipped a malformed measurement batch: ${envelope.error.issues[0]?.message ?? 'invalid'}`,
      );
      return { stored: 0, rejected };
    }
    const valid: MeasurementPoint[] = [];
    for (const candidate of envelope.data.points) {
      const point = measurementPointSchema.safeParse(candidate);
      if (!point.success) reject('invalid-point');
      else if (point.data.ts > now + MEASUREMENT_MAX_FUTURE_MS) reject('future-timestamp');
      else valid.push(point.data);
    }
    const known = await this.keepKnownVariables(valid);
    if (known.length < valid.length) reject('unknown-variable', valid.length - known.length);
    const stored = known.length > 0 ? await this.measurements.upsert(known) : 0;
    this.totals.stored += stored;
    if (Object.keys(rejected).length > 0) {
      this.logger.warn(
        `Batch from "${envelope.data.source}": stored ${stored}, rejected ${JSON.stringify(rejected)}`,
      );
    }
    return { stored, rejected };
  }

  private async keepKnownVariables(points: MeasurementPoint[]): Promise<MeasurementPoint[]> {
    if (points.some((point) => !this.knownVariableIds.has(point.variableId))) {
      this.knownVariableIds = new Set(await this.variables.findAllIds());
    }
    return points.filter((point) => this.knownVariableIds.has(point.variableId));
  }
}
