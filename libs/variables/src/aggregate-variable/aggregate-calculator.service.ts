import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  MEASUREMENT_MAX_FUTURE_MS,
  Topics,
  type MeasurementBatch,
  type MeasurementPoint,
  MeasurementSources,
} from '@plantlens/contracts';
import { EventPublisher, PeriodicJob, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { AggregateCatalog, type AggregateEntry } from './aggregate-catalog.service';
import { AggregateSeriesRepository } from './aggregate-series.repository';
import { calculateAggregate, type CalculationWindow } from './calculation/aggregate-math';
import {
  inputRanges,
  liveWindows,
  mergeRanges,
  waitingWindow,
  type InputFacts,
  type ReadRange,
} from './calculation/input-ranges';

export const AGGREGATE_SOURCE = MeasurementSources.aggregate;
// Like the data sources' batches: about 70 bytes of JSON a point keeps a message well under Kafka's default
// 1 MB limit (message.max.bytes), which a larger one breaks with a non-retriable error.
const MAX_POINTS_PER_MESSAGE = 5_000;
// How far back a resumed input completes waiting instants, and the wait looks for them: what is older was
// calculated by the wait while it waited (docs/aggregate-variables.md "Live").
export const AGGREGATE_LIVE_REACH_MS = 86_400_000;

interface QueuedCalculation {
  points: readonly MeasurementPoint[];
  /** the waiting instants too: those waiting since the previous look, or all of them (`now`) */
  waiting?: 'due' | 'now';
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The live calculation of aggregate variables (docs/aggregate-variables.md "Live"). After a batch of
 * points is stored (from `measurements` or `measurements.derived`), the aggregates reading its variables
 * are calculated at the instants the batch makes final (every input has reached them) or changes, and
 * their points are published on `measurements.derived`, where they are consumed and stored like any
 * point — and trigger their own readers, so aggregates of aggregates follow. The returned promise resolves
 * once they are published, before the consumed message is acknowledged: at-least-once; a replay publishes
 * the same values again, which the storage merge ignores.
 *
 * Instants some input has not reached yet wait: every AGGREGATE_LIVE_WAIT_SECONDS the calculator looks at
 * what waits and calculates what waited at the previous look already for inputs that stood still over the
 * two previous looks (waitingWindow). What waits is read from the store
 * (the inputs' latest points against the aggregate's), so a restart loses none of it.
 *
 * One calculation runs at a time and takes every batch queued meanwhile (one read for all of them): it
 * reads after their points committed, and publishes in order, so a later calculation never loses to an
 * earlier one with older inputs.
 */
@Injectable()
export class AggregateCalculator implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AggregateCalculator.name);
  private readonly maxAgeMs: number;
  private readonly keys: number;
  private readonly queue: QueuedCalculation[] = [];
  private readonly job: PeriodicJob<void>;
  private running = false;
  // Per aggregate, the last instant this process calculated for waiting; the inputs' latest points at the two
  // previous looks (an input that did not advance over both holds nothing back any more).
  private readonly calculatedUntil = new Map<number, number>();
  private looks: ReadonlyMap<number, number | null>[] = [];

  constructor(
    private readonly catalog: AggregateCatalog,
    private readonly series: AggregateSeriesRepository,
    private readonly publisher: EventPublisher,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
  ) {
    this.maxAgeMs = config.AGGREGATE_ASOF_MAX_AGE_SECONDS * 1000;
    this.keys = config.KAFKA_TOPIC_PARTITIONS;
    this.job = new PeriodicJob({
      everyMs: config.AGGREGATE_LIVE_WAIT_SECONDS * 1000,
      run: () => this.calculateWaiting('due'),
      onError: (error) =>
        this.logger.warn(
          `Waiting aggregate instants not calculated: ${error instanceof Error ? error.message : error}`,
        ),
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }

  /** Recomputes and publishes what the stored points change; resolves at once when no aggregate reads them. */
  afterStored(points: readonly MeasurementPoint[]): Promise<void> {
    if (!points.some((point) => this.catalog.readersOf(point.variableId).length > 0))
      return Promise.resolve();
    return this.enqueue({ points });
  }

  /**
   * Calculates the instants that wait for an input: those that already waited at the previous look
   * (`due`, the periodic job), or all of them now (`now`: tests, tools).
   */
  calculateWaiting(waiting: 'due' | 'now' = 'now'): Promise<void> {
    return this.enqueue({ points: [], waiting });
  }

  private enqueue(calculation: Omit<QueuedCalculation, 'resolve' | 'reject'>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ ...calculation, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let group = this.queue.splice(0); group.length > 0; group = this.queue.splice(0)) {
        try {
          const points = await this.calculate(group.flatMap((queued) => queued.points));
          const waiting = group.some((queued) => queued.waiting === 'now')
            ? 'now'
            : group.some((queued) => queued.waiting === 'due')
              ? 'due'
              : undefined;
          if (waiting) points.push(...(await this.waitingPoints(waiting)));
          await this.publish(points);
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
   * The aggregates' points at every instant the stored input points make final or change (liveWindows).
   * All are published, unchanged ones too: comparing with the stored values would miss points still on
   * their way (a value computed from inputs older than a later calculation's must be overwritten by it),
   * and an equal value costs the storage nothing.
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
    if (aggregates.size === 0) return [];
    // Every input's latest point, and around each changed range; each aggregate's latest stored point.
    const asked = new Map<number, { variableId: number; range?: CalculationWindow }>();
    for (const entry of aggregates.values()) {
      asked.set(entry.variableId, { variableId: entry.variableId });
      for (const id of entry.inputIds) asked.set(id, { variableId: id, range: changed.get(id) });
    }
    const around = await this.series.around([...asked.values()]);
    const lastMs = new Map([...around].map(([id, facts]) => [id, facts.lastMs]));
    const facts = new Map<number, InputFacts>();
    for (const id of changed.keys()) {
      const found = around.get(id);
      facts.set(id, { prevMs: found?.prevMs ?? null, nextMs: found?.nextMs ?? null });
    }
    return this.calculateWindows(
      [...aggregates.values()].map((entry) => ({
        entry,
        windows: liveWindows(entry.definition, changed, {
          lastMs,
          facts,
          horizonMs: this.horizon(entry.variableId, around.get(entry.variableId)?.lastMs ?? null),
          maxAgeMs: this.maxAgeMs,
          reachMs: AGGREGATE_LIVE_REACH_MS,
        }),
      })),
    );
  }

  // The waiting instants of every operated and metrical aggregate (waitingWindow).
  private async waitingPoints(waiting: 'due' | 'now'): Promise<MeasurementPoint[]> {
    const entries = [...this.catalog.all()].filter((entry) => entry.definition.goal !== 'gradual');
    if (entries.length === 0) return [];
    const ids = new Set(entries.flatMap((entry) => [entry.variableId, ...entry.inputIds]));
    const around = await this.series.around([...ids].map((variableId) => ({ variableId })));
    const lastMs = new Map([...around].map(([id, facts]) => [id, facts.lastMs]));
    const work: { entry: AggregateEntry; windows: CalculationWindow[] }[] = [];
    for (const entry of entries) {
      const window = waitingWindow(
        entry.inputIds,
        lastMs,
        this.looks,
        this.horizon(entry.variableId, lastMs.get(entry.variableId) ?? null),
        { reachMs: AGGREGATE_LIVE_REACH_MS, now: waiting === 'now' },
      );
      if (!window) continue;
      work.push({ entry, windows: [window] });
      this.calculatedUntil.set(entry.variableId, window.toMs);
    }
    this.looks = [...this.looks.slice(-1), lastMs];
    return this.calculateWindows(work);
  }

  // The latest instant of the aggregate calculated already: stored, or published by this process's wait.
  private horizon(variableId: number, storedMs: number | null): number | null {
    const calculated = this.calculatedUntil.get(variableId);
    if (calculated === undefined) return storedMs;
    return storedMs === null ? calculated : Math.max(storedMs, calculated);
  }

  private async calculateWindows(
    planned: readonly { entry: AggregateEntry; windows: readonly CalculationWindow[] }[],
  ): Promise<MeasurementPoint[]> {
    // No point lies beyond the writer's future limit: the instants one gap after live points (gradual)
    // usually do not exist yet, and reading the inputs a gap before them would be wasted.
    const latestMs = Date.now() + MEASUREMENT_MAX_FUTURE_MS;
    const work = planned.map(({ entry, windows }) => ({
      entry,
      windows: windows.flatMap((window) =>
        window.fromMs > latestMs ? [] : [{ fromMs: window.fromMs, toMs: Math.min(window.toMs, latestMs) }],
      ),
    }));
    const ranges: ReadRange[] = work.flatMap(({ entry, windows }) =>
      windows.flatMap((window) => inputRanges(entry.definition, window)),
    );
    if (ranges.length === 0) return [];
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
