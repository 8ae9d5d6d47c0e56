import type { MeasurementPoint } from '@plantlens/contracts';
import { groupPointsByKey } from '@plantlens/platform';
import type { Reading, Rejection } from './readings';

// Points per `measurements` message: about 300 kB of JSON, well below Kafka's 1 MB default message limit.
const POINTS_PER_MESSAGE = 5_000;

export interface BatcherSettings {
  /** publish as soon as this many points wait */
  batchPoints: number;
  /** … or when the first waiting point has waited this long */
  lingerMs: number;
  /** points held (waiting and being published) at which whenRoom() stops resolving */
  capacityPoints: number;
  /** keys of the measurements topic the points are spread over (a variable always gets the same one) */
  keyCount: number;
  retryMs: { initial: number; max: number };
}

export interface BatcherSinks {
  /** the ids of those references that name a variable; throws when the variables service cannot answer */
  resolveIds(references: string[]): Promise<Map<string, number>>;
  /** puts one message on the measurements topic; resolves once the bus has it */
  publish(key: string, points: MeasurementPoint[]): Promise<void>;
  reject(rejection: Rejection): void;
  /** a flush failed; it is retried after delayMs, the points staying in the buffer meanwhile */
  onRetry(error: unknown, attempt: number, delayMs: number): void;
  /** a flush succeeded after failing attempts */
  onRecovered(attempts: number): void;
}

/**
 * Buffers readings and publishes them in batches, bounded in memory. One flush runs at a time and a
 * failed one puts its points back in front of newer ones, so each variable's points reach the topic in
 * the order they arrived. While the buffer is full whenRoom() waits: the caller stops reading its
 * source, which is how back-pressure reaches the MQTT broker.
 */
export class MeasurementBatcher {
  private pending = new Map<string, Reading[]>();
  private waitingPoints = 0;
  private inFlightPoints = 0;
  private lingerTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private failures = 0;
  private lastError: unknown;
  private wakeFromBackoff: (() => void) | undefined;
  private readonly roomWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private closed = false;
  private published = 0;

  constructor(
    private readonly settings: BatcherSettings,
    private readonly sinks: BatcherSinks,
  ) {}

  /** points in memory: waiting for a flush or being published */
  get heldPoints(): number {
    return this.waitingPoints + this.inFlightPoints;
  }

  get publishedPoints(): number {
    return this.published;
  }

  /** Resolves when there is room for more readings; rejects once the batcher is closing. */
  whenRoom(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the connector is stopping'));
    if (this.heldPoints < this.settings.capacityPoints) return Promise.resolve();
    return new Promise((resolve, reject) => this.roomWaiters.push({ resolve, reject }));
  }

  add(readings: readonly Reading[]): void {
    for (const reading of readings) {
      let queue = this.pending.get(reading.reference);
      if (!queue) this.pending.set(reading.reference, (queue = []));
      queue.push(reading);
    }
    this.waitingPoints += readings.length;
    this.schedule();
  }

  /**
   * Stops taking readings and publishes what is held, retrying until timeoutMs has passed. Returns the
   * number of points that could not be published.
   */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    this.closed = true;
    for (const waiter of this.roomWaiters.splice(0)) waiter.reject(new Error('the connector is stopping'));
    clearTimeout(this.lingerTimer);
    this.wakeFromBackoff?.();
    const publishing = (async () => {
      await this.flushing;
      while (this.waitingPoints > 0 && Date.now() < deadline) {
        if (!(await this.flushOnce())) await this.backoff(deadline - Date.now());
      }
    })();
    // A publish that never answers (a bus that holds it forever) must not hold the shutdown too.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([publishing, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return this.heldPoints;
  }

  private schedule(): void {
    // A running flush (or its retry wait) schedules the next one when it ends.
    if (this.closed || this.flushing || this.waitingPoints === 0) return;
    if (this.waitingPoints >= this.settings.batchPoints) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = undefined;
      this.startFlush();
    } else {
      this.lingerTimer ??= setTimeout(() => {
        this.lingerTimer = undefined;
        this.startFlush();
      }, this.settings.lingerMs);
    }
  }

  private startFlush(): void {
    this.flushing = (async () => {
      if (!(await this.flushOnce())) await this.backoff(Number.POSITIVE_INFINITY);
    })().finally(() => {
      this.flushing = undefined;
      this.releaseRoom();
      this.schedule();
    });
  }

  /** Publishes everything waiting; false when something failed and was put back. */
  private async flushOnce(): Promise<boolean> {
    const taken = this.pending;
    this.pending = new Map();
    this.inFlightPoints = this.waitingPoints;
    this.waitingPoints = 0;
    try {
      let ids: Map<string, number>;
      try {
        ids = await this.sinks.resolveIds([...taken.keys()]);
      } catch (error) {
        this.putBack([...taken.values()].flat());
        return this.failed(error);
      }
      const points: MeasurementPoint[] = [];
      for (const [reference, readings] of taken) {
        const variableId = ids.get(reference);
        if (variableId === undefined) {
          this.sinks.reject({
            reason: 'unknown-variable',
            detail: `no variable has the client reference "${reference}"`,
            count: readings.length,
          });
        } else {
          for (const { ts, value } of readings) points.push({ variableId, ts, value });
        }
      }
      const outcomes = await Promise.all(
        [...groupPointsByKey(points, this.settings.keyCount)].map(([key, group]) =>
          this.publishInOrder(key, group),
        ),
      );
      const unpublished = outcomes.flatMap((outcome) => outcome.unpublished);
      if (unpublished.length === 0) {
        if (this.failures > 0) this.sinks.onRecovered(this.failures);
        this.failures = 0;
        return true;
      }
      const referenceOf = new Map([...ids].map(([reference, id]) => [id, reference]));
      this.putBack(
        unpublished.flatMap(({ variableId, ts, value }) => {
          const reference = referenceOf.get(variableId);
          return reference === undefined ? [] : [{ reference, ts, value }];
        }),
      );
      return this.failed(outcomes.find((outcome) => outcome.error !== undefined)?.error);
    } finally {
      this.inFlightPoints = 0;
    }
  }

  // The chunks of one key go out one after the other: a later chunk must not overtake an earlier one.
  private async publishInOrder(
    key: string,
    points: MeasurementPoint[],
  ): Promise<{ unpublished: MeasurementPoint[]; error?: unknown }> {
    for (let start = 0; start < points.length; start += POINTS_PER_MESSAGE) {
      const chunk = points.slice(start, start + POINTS_PER_MESSAGE);
      try {
        await this.sinks.publish(key, chunk);
        this.published += chunk.length;
      } catch (error) {
        return { unpublished: points.slice(start), error };
      }
    }
    return { unpublished: [] };
  }

  // Failed points go back in front of the ones that arrived meanwhile, keeping each variable's order.
  private putBack(readings: Reading[]): void {
    const byReference = new Map<string, Reading[]>();
    for (const reading of readings) {
      let queue = byReference.get(reading.reference);
      if (!queue) byReference.set(reading.reference, (queue = []));
      queue.push(reading);
    }
    for (const [reference, queue] of byReference) {
      this.pending.set(reference, [...queue, ...(this.pending.get(reference) ?? [])]);
    }
    this.waitingPoints += readings.length;
  }

  private failed(error: unknown): false {
    this.failures += 1;
    this.lastError = error;
    return false;
  }

  private async backoff(limitMs: number): Promise<void> {
    const { initial, max } = this.settings.retryMs;
    const delayMs = Math.max(0, Math.min(limitMs, max, initial * 2 ** (this.failures - 1)));
    this.sinks.onRetry(this.lastError, this.failures, delayMs);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      this.wakeFromBackoff = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeFromBackoff = undefined;
  }

  private releaseRoom(): void {
    while (this.heldPoints < this.settings.capacityPoints) {
      const waiter = this.roomWaiters.shift();
      if (!waiter) return;
      waiter.resolve();
    }
  }
}
