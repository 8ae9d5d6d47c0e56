import { Injectable, Logger } from '@nestjs/common';
import type { MeasurementPoint } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { ReadCacheService } from '../read-cache/read-cache.service';
import type { ChangedRange } from '../read-cache/read-cache.repository';
import { prepareBatch, type PreparedBatch } from './measurement-batch';
import { MeasurementMetrics } from './measurement-metrics';
import { MeasurementRepository } from './measurement.repository';

interface QueuedWrite {
  points: readonly MeasurementPoint[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

// Points per transaction: enough to amortise the commit and the merge, small enough to keep one
// transaction short (about a second at full speed) and its memory bounded.
const MAX_POINTS_PER_TRANSACTION = 200_000;
// PostgreSQL: two transactions in flight keep the server busy while Node prepares the next one
// (2 cores is the machine this is tuned on). PGlite has one connection, so one at a time.
const POSTGRES_CONCURRENT_TRANSACTIONS = 2;
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 3;

/**
 * Group commit for the `measurements` stream. Each consumed message hands its points to `write`, which
 * resolves only when a transaction containing them has committed — so the consumer acknowledges (and
 * Kafka commits the offset of) a message only after its points are durable. Messages that arrive while a
 * transaction is running wait and then go together into the next one: under load, a transaction carries
 * many messages; when idle, a message is written at once.
 */
@Injectable()
export class MeasurementWriter {
  private readonly logger = new Logger(MeasurementWriter.name);
  private readonly queue: QueuedWrite[] = [];
  private readonly maxConcurrent: number;
  private running = 0;

  constructor(
    private readonly measurements: MeasurementRepository,
    private readonly readCache: ReadCacheService,
    private readonly metrics: MeasurementMetrics,
    database: Database,
  ) {
    this.maxConcurrent = database.engine === 'postgres' ? POSTGRES_CONCURRENT_TRANSACTIONS : 1;
  }

  write(points: readonly MeasurementPoint[]): Promise<void> {
    if (points.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ points, resolve, reject });
      this.startTransactions();
    });
  }

  private startTransactions(): void {
    while (this.running < this.maxConcurrent && this.queue.length > 0) {
      const writes = this.takeGroup();
      this.running += 1;
      void this.commit(writes).finally(() => {
        this.running -= 1;
        this.startTransactions();
      });
    }
  }

  private takeGroup(): QueuedWrite[] {
    const group: QueuedWrite[] = [];
    let points = 0;
    for (let next = this.queue[0]; next; next = this.queue[0]) {
      if (group.length > 0 && points + next.points.length > MAX_POINTS_PER_TRANSACTION) break;
      group.push(next);
      this.queue.shift();
      points += next.points.length;
    }
    return group;
  }

  private async commit(writes: QueuedWrite[]): Promise<void> {
    const batch = prepareBatch(writes.flatMap((write) => write.points));
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.measurements.store(batch);
        // Before acknowledging: a failure leaves the messages to be delivered again, and then retried here.
        await this.readCache.invalidate(changedRanges(batch));
        this.metrics.countWritten(batch.points.length);
        for (const write of writes) write.resolve();
        return;
      } catch (error) {
        const sqlState = (error as { code?: unknown }).code;
        if (attempt < MAX_ATTEMPTS && typeof sqlState === 'string' && RETRYABLE_SQLSTATES.has(sqlState)) {
          this.logger.warn(`Retrying a measurement write after SQLSTATE ${sqlState} (attempt ${attempt})`);
          continue;
        }
        // Every message of the group stays unacknowledged and is delivered again (writes are idempotent).
        for (const write of writes) write.reject(error);
        return;
      }
    }
  }
}

// One range per variable, from its earliest to its latest touched bucket: one statement invalidates them all.
export function changedRanges(batch: PreparedBatch): ChangedRange[] {
  const byVariable = new Map<number, ChangedRange>();
  for (const { variableId, fromMs, toMs } of batch.touched) {
    const range = byVariable.get(variableId);
    if (!range) byVariable.set(variableId, { variableId, fromMs, toMs });
    else {
      range.fromMs = Math.min(range.fromMs, fromMs);
      range.toMs = Math.max(range.toMs, toMs);
    }
  }
  return [...byVariable.values()];
}
