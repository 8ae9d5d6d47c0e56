import { Inject, Injectable } from '@nestjs/common';
import {
  MEASUREMENT_MAX_FUTURE_MS,
  Topics,
  type MeasurementBatch,
  type MeasurementPoint,
  MeasurementSources,
} from '@plantlens/contracts';
import { EventPublisher, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { AggregateCatalog, type AggregateEntry } from './aggregate-catalog.service';
import { AggregateSeriesRepository } from './aggregate-series.repository';
import { calculateAggregate, type CalculationWindow } from './calculation/aggregate-math';
import { affectedWindows, inputRanges, mergeRanges, type ReadRange } from './calculation/input-ranges';

export const AGGREGATE_SOURCE = MeasurementSources.aggregate;
// Like the data sources' batches: about 70 bytes of JSON a point keeps a message well under Kafka's default
// 1 MB limit (message.max.bytes), which a larger one breaks with a non-retriable error.
const MAX_POINTS_PER_MESSAGE = 5_000;

interface QueuedCalculation {
  points: readonly MeasurementPoint[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The live calculation of aggregate variables (docs/aggregate-variables.md "Live"). After a batch of
 * points is stored (from `measurements` or `measurements.derived`), the aggregates reading its variables
 * are recomputed at the instants the batch may have changed, and their points are published on
 * `measurements.derived`, where they are consumed and stored like any point — and trigger their own
 * readers, so aggregates of aggregates follow. The returned promise resolves once they are published,
 * before the consumed message is acknowledged: at-least-once; a replay publishes the same values again,
 * which the storage merge ignores.
 *
 * One calculation runs at a time and takes every batch queued meanwhile (one read for all of them): it
 * reads after their points committed, and publishes in order, so a later calculation never loses to an
 * earlier one with older inputs.
 */
@Injectable()
export class AggregateCalculator {
  private readonly maxAgeMs: number;
  private readonly keys: number;
  private readonly queue: QueuedCalculation[] = [];
  private running = false;

  constructor(
    private readonly catalog: AggregateCatalog,
    private readonly series: AggregateSeriesRepository,
    private readonly publisher: EventPublisher,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
  ) {
    this.maxAgeMs = config.AGGREGATE_ASOF_MAX_AGE_SECONDS * 1000;
    this.keys = config.KAFKA_TOPIC_PARTITIONS;
  }

  /** Recomputes and publishes what the stored points change; resolves at once when no aggregate reads them. */
  afterStored(points: readonly MeasurementPoint[]): Promise<void> {
    if (!points.some((point) => this.catalog.readersOf(point.variableId).length > 0))
      return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ points, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let group = this.queue.splice(0); group.length > 0; group = this.queue.splice(0)) {
        try {
          await this.publish(await this.calculate(group.flatMap((queued) => queued.points)));
          for (const queued of group) queued.resolve();
        } catch (error) {
          // Each message stays unacknowledged and is delivered again: its points are stored, and the
          // calculation then redone.
          for (const queued of group) queued.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * The aggregates' points at every instant the stored input points may have changed. All are published,
   * unchanged ones too: comparing with the stored values would miss points still on their way (a value
   * computed from inputs older than a later calculation's must be overwritten by it), and an equal value
   * costs the storage nothing.
   */
  async calculate(points: readonly MeasurementPoint[]): Promise<MeasurementPoint[]> {
    const changed = new Map<number, CalculationWindow>();
    const aggregates = new Map<number, AggregateEntry>();
    for (const { variableId, ts } of points) {
      const readers = this.catalog.readersOf(variableId);
      if (readers.length === 0) continue;
      for (const reader of readers) aggregates.set(reader.variableId, reader);
      const range = changed.get(variableId);
      if (!range) changed.set(variableId, { fromMs: ts, toMs: ts });
      else {
        range.fromMs = Math.min(range.fromMs, ts);
        range.toMs = Math.max(range.toMs, ts);
      }
    }
    // No point lies beyond the writer's future limit: the instants one gap after live points (gradual)
    // usually do not exist yet, and reading the inputs a gap before them would be wasted.
    const latestMs = Date.now() + MEASUREMENT_MAX_FUTURE_MS;
    const work = [...aggregates.values()].map((entry) => ({
      entry,
      windows: affectedWindows(entry.definition, changed, this.maxAgeMs).flatMap((window) =>
        window.fromMs > latestMs ? [] : [{ fromMs: window.fromMs, toMs: Math.min(window.toMs, latestMs) }],
      ),
    }));
    const ranges: ReadRange[] = work.flatMap(({ entry, windows }) =>
      windows.flatMap((window) => inputRanges(entry.definition, window)),
    );
    const stored = await this.series.read(mergeRanges(ranges, this.maxAgeMs), this.maxAgeMs);
    const output: MeasurementPoint[] = [];
    for (const { entry, windows } of work) {
      for (const window of windows) {
        const { ts, values } = calculateAggregate(entry.definition, stored, window, this.maxAgeMs);
        for (let index = 0; index < ts.length; index += 1) {
          output.push({ variableId: entry.variableId, ts: ts[index], value: values[index] });
        }
      }
    }
    return output;
  }

  // One message per key at most (chunked to the batch limit): each aggregate always travels under the
  // same key, so its points stay in order, and a calculation adds only a few messages to the topic.
  private async publish(points: readonly MeasurementPoint[]): Promise<void> {
    const byKey = new Map<string, MeasurementPoint[]>();
    for (const point of points) {
      const key = `${AGGREGATE_SOURCE}-${point.variableId % this.keys}`;
      const list = byKey.get(key);
      if (list) list.push(point);
      else byKey.set(key, [point]);
    }
    await Promise.all(
      [...byKey].map(async ([key, list]) => {
        for (let start = 0; start < list.length; start += MAX_POINTS_PER_MESSAGE) {
          const batch: MeasurementBatch = {
            source: AGGREGATE_SOURCE,
            points: list.slice(start, start + MAX_POINTS_PER_MESSAGE),
          };
          await this.publisher.publish(Topics.derivedMeasurements, batch, key);
        }
      }),
    );
  }
}
