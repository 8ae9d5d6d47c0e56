import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { aggregateDefinitionSchema } from '@plantlens/contracts';
import { Database, PeriodicJob, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { prepareBatch, type PreparedBatch } from '../measurement/measurement-batch';
import { MeasurementMetrics } from '../measurement/measurement-metrics';
import { storeOn } from '../measurement/measurement.repository';
import { ExplorerReads } from '../explorer/explorer-reads';
import { changedRanges } from '../measurement/measurement-writer.service';
import { ReadCacheService } from '../read-cache/read-cache.service';
import { AggregateBackfillRepository } from './aggregate-backfill.repository';
import { AGGREGATE_CATALOG_RELOAD_MS } from './aggregate-catalog.service';
import { nthPointAfter, readChunk, readRanges, storedExtent } from './aggregate-series.repository';
import { calculateAggregate, type CalculationWindow, type Series } from './calculation/aggregate-math';
import { inputRanges, mergeRanges } from './calculation/input-ranges';

export const AGGREGATE_BACKFILL_OPTIONS = Symbol('AGGREGATE_BACKFILL_OPTIONS');

export interface AggregateBackfillOptions {
  /** input points per chunk, shared among the inputs */
  chunkInputPoints: number;
  /** pause between chunks, for live ingestion and reads */
  pauseMs: number;
  /**
   * How long a planned back-fill waits before it reads its inputs, and how far past its planning its range
   * reaches. By then the live calculation of every replica knows the aggregate (its catalog reloads every
   * AGGREGATE_CATALOG_RELOAD_MS, and a creation may even be planned here before this replica's own reload
   * ends): a point stored before is read by the back-fill, one stored after is calculated live, and none
   * falls between the two.
   */
  catalogSettleMs: number;
  /** input points per chunk while explorer reads come (one ran within `readRecentMs`) */
  readingChunkInputPoints: number;
  /** how long a chunk waits at most for the explorer reads in flight */
  readWaitMaxMs: number;
  readRecentMs: number;
}

const DEFAULT_OPTIONS: AggregateBackfillOptions = {
  chunkInputPoints: 200_000,
  pauseMs: 20,
  catalogSettleMs: AGGREGATE_CATALOG_RELOAD_MS + 5_000,
  readingChunkInputPoints: 10_000,
  readWaitMaxMs: 1_000,
  readRecentMs: 1_000,
};
// Pending rows of other replicas (or missed wakes) are picked up within this delay.
const POLL_EVERY_MS = 5_000;
// A chunk that fails this many times in a row fails the back-fill (a passing database hiccup does not).
const MAX_ATTEMPTS = 3;

type StepOutcome = 'progress' | 'finished' | 'busy' | 'settling';

/**
 * The history of `historic` aggregate variables (docs/aggregate-variables.md "Back-fill"): planned over the
 * stored range of the inputs, computed in chunks of about `chunkInputPoints` input points in time order,
 * each chunk stored through the writer's storage path together with its progress (`backfill_done_until`)
 * in one transaction — a restart resumes after the last committed chunk, and replicas never compute the
 * same chunk at once. Back-filled points are not published: the rules evaluate new points only.
 */
@Injectable()
export class AggregateBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AggregateBackfill.name);
  private readonly options: AggregateBackfillOptions;
  private readonly maxAgeMs: number;
  private readonly job: PeriodicJob<void>;
  private readonly failures = new Map<number, number>();
  private wakeRequested = false;
  private stopping = false;
  // A settling back-fill is taken up when its range ends, not at the next poll (up to 5 s later).
  private settledAt: number | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly backfills: AggregateBackfillRepository,
    private readonly readCache: ReadCacheService,
    private readonly metrics: MeasurementMetrics,
    private readonly reads: ExplorerReads,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Optional() @Inject(AGGREGATE_BACKFILL_OPTIONS) options?: Partial<AggregateBackfillOptions>,
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.maxAgeMs = config.AGGREGATE_ASOF_MAX_AGE_SECONDS * 1000;
    this.job = new PeriodicJob({
      everyMs: POLL_EVERY_MS,
      run: () => this.run(),
      onError: (error) => this.logger.error(`Aggregate back-fill stopped: ${describe(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.wakeTimer);
    await this.job.stop();
  }

  /** Has the open back-fills worked off now (after a create), in the background. */
  wake(): void {
    this.workOff().catch((error: unknown) =>
      this.logger.error(`Aggregate back-fill stopped: ${describe(error)}`),
    );
  }

  /** Works off the open back-fills; resolves when none is left that can progress (tests, tools). */
  workOff(): Promise<void> {
    this.wakeRequested = true;
    return this.job.runNow();
  }

  private async run(): Promise<void> {
    for (;;) {
      this.wakeRequested = false;
      let finishedAny = false;
      for (const open of await this.backfills.open()) {
        if (this.stopping) return;
        if (open.failedInputId !== null) {
          await this.backfills.fail(
            open.variableId,
            `the history of input variable ${open.failedInputId} could not be calculated`,
          );
        } else if (!open.waiting) {
          finishedAny = (await this.fill(open.variableId)) || finishedAny;
        }
      }
      // Another back-fill may now have its inputs ready, or one was created meanwhile.
      if (!finishedAny && !this.wakeRequested) return;
    }
  }

  // Chunk after chunk until the back-fill ends (true) or another replica holds it.
  private async fill(variableId: number): Promise<boolean> {
    for (;;) {
      if (this.stopping) return false;
      let outcome: StepOutcome;
      try {
        // Explorer reads first: a chunk starts when none runs, and is small while they come.
        const reading = await this.reads.whenIdle(this.options.readWaitMaxMs, this.options.readRecentMs);
        outcome = await this.step(
          variableId,
          Date.now(),
          reading ? this.options.readingChunkInputPoints : this.options.chunkInputPoints,
        );
        this.failures.delete(variableId);
      } catch (error) {
        const attempts = (this.failures.get(variableId) ?? 0) + 1;
        this.failures.set(variableId, attempts);
        this.logger.warn(
          `Back-fill of aggregate ${variableId} failed (attempt ${attempts}): ${describe(error)}`,
        );
        if (attempts < MAX_ATTEMPTS) return false;
        this.failures.delete(variableId);
        await this.backfills.fail(variableId, describe(error));
        return true;
      }
      if (outcome === 'settling' && this.settledAt !== undefined) this.wakeAt(this.settledAt);
      if (outcome !== 'progress') return outcome === 'finished';
      // Lets queued live writes and reads run between chunks.
      await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs));
    }
  }

  private wakeAt(atMs: number): void {
    if (this.stopping) return;
    clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(() => this.wake(), Math.max(0, atMs - Date.now()) + 10);
    this.wakeTimer.unref();
  }

  /** One transaction: plans the range (the first step), or computes, stores and records one chunk. */
  async step(
    variableId: number,
    now = Date.now(),
    chunkInputPoints = this.options.chunkInputPoints,
  ): Promise<StepOutcome> {
    let written: PreparedBatch | undefined;
    const outcome = await this.database.transaction(async (connection): Promise<StepOutcome> => {
      const claimed = await this.backfills.claim(connection, variableId);
      if (!claimed) return 'busy';
      if (claimed.state === 'pending' || claimed.fromMs === null || claimed.toMs === null) {
        // Up to the moment every replica's live calculation knows the aggregate at least (catalogSettleMs).
        const { firstMs, lastMs } = await storedExtent(connection, claimed.inputIds);
        const settle = this.options.catalogSettleMs;
        const range =
          firstMs === null && settle === 0
            ? null
            : { fromMs: firstMs ?? now, toMs: Math.max(lastMs ?? now, now + settle) };
        await this.backfills.plan(connection, variableId, range);
        return range ? 'progress' : 'finished';
      }
      // Read nothing before the range's end: only then is every point up to it stored or calculated live.
      if (now < claimed.toMs) {
        this.settledAt = claimed.toMs;
        return 'settling';
      }
      const definition = aggregateDefinitionSchema.parse(claimed.definition);
      const fromMs = claimed.doneUntilMs === null ? claimed.fromMs : claimed.doneUntilMs + 1;
      const perInput = Math.max(1, Math.floor(chunkInputPoints / claimed.inputIds.length));
      let window: CalculationWindow;
      let inputs: Map<number, Series>;
      if (definition.goal === 'gradual') {
        // It also reads its input one gap earlier, which depends on where the chunk ends.
        const bound = await nthPointAfter(connection, claimed.inputIds, fromMs, perInput);
        window = { fromMs, toMs: bound === null ? claimed.toMs : Math.min(bound, claimed.toMs) };
        inputs = await readRanges(
          connection,
          mergeRanges(inputRanges(definition, window), this.maxAgeMs),
          this.maxAgeMs,
        );
      } else {
        const chunk = await readChunk(connection, claimed.inputIds, fromMs, perInput, this.maxAgeMs);
        window = { fromMs, toMs: Math.min(chunk.endMs ?? Infinity, claimed.toMs) };
        inputs = chunk.series;
      }
      const { ts, values } = calculateAggregate(definition, inputs, window, this.maxAgeMs);
      written = prepareBatch(ts.map((at, index) => ({ variableId, ts: at, value: values[index] })));
      await storeOn(connection, written);
      const finished = window.toMs >= claimed.toMs;
      await this.backfills.advance(connection, variableId, window.toMs, finished);
      return finished ? 'finished' : 'progress';
    });
    // After the commit, as the writer does (the read cache is another connection's work).
    if (written && written.points.length > 0) {
      this.metrics.countWritten(written.points.length);
      await this.readCache.invalidate(changedRanges(written));
    }
    return outcome;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
