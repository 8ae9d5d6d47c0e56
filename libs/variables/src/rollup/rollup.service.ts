import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicJob } from '@plantlens/platform';
import type { TouchedRange } from '../measurement/measurement-batch';
import { RetentionPolicy } from '../retention/retention-policy';
import { VariableRepository } from '../variable/variable.repository';
import { RollupRepository } from './rollup.repository';
import { DAY_MS } from './rollup-resolutions';

// A step costs about the same for one second or a few seconds of live data per variable (its pending rows
// merge into one range per variable), so maintenance runs every few seconds rather than every second: at
// 1 s, PGlite under load spent more than each second on rollups and the backlog, and every read behind it,
// grew without bound. Reads never see stale rollups: they call ensureCurrent first.
const CATCH_UP_INTERVAL_MS = 5_000;
const PENDING_ROWS_PER_STEP = 10_000;
// One step recomputes at most this much variable-time, in pieces of at most an hour, so a backlog (a
// bulk import, a restart) is worked off in short transactions instead of one that holds the lock for minutes,
// while the short live ranges of every variable fit in one step.
const PIECE_MS = 3_600_000;
const VARIABLE_TIME_PER_STEP_MS = 48 * PIECE_MS;
// Days rebuilt at once on PostgreSQL (one connection each); PGlite has a single connection.
const POSTGRES_REBUILD_CONCURRENCY = 2;

/**
 * Keeps `variables.rollup` equal to a recomputation from the raw points. Writers merge the partial rollups
 * of their new points in their own transaction (mergeIntoRollups); what a partial cannot express — a changed
 * value — they list as 10 s ranges in `rollup_pending`, and this service recomputes those buckets (10 s from
 * raw, each coarser level from the one below) shortly after: every few seconds, at start, and on demand
 * before a read that needs them. Rebuild recomputes days of points loaded around the writer.
 */
@Injectable()
export class RollupService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RollupService.name);
  private caughtUpAtMs: number | null = null;
  private readonly maintenance = new PeriodicJob({
    everyMs: CATCH_UP_INTERVAL_MS,
    run: async () => {
      for (;;) {
        const stepStartedAt = Date.now();
        if (!(await this.step())) {
          this.caughtUpAtMs = stepStartedAt;
          return;
        }
      }
    },
    // The pending rows are still there (the step rolled back): the next run retries them.
    onError: (error) =>
      this.logger.error(`Rollup maintenance failed: ${error instanceof Error ? error.message : error}`),
  });

  constructor(
    private readonly rollups: RollupRepository,
    private readonly variables: VariableRepository,
    private readonly retention: RetentionPolicy,
  ) {}

  onApplicationBootstrap(): void {
    this.maintenance.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.maintenance.stop();
  }

  /**
   * When maintenance last found nothing pending (epoch ms): the rollups hold every point written before
   * that instant. Null until the first run completes.
   */
  get caughtUpAt(): number | null {
    return this.caughtUpAtMs;
  }

  /** Works off every pending range (one run at a time; a call during a run joins it). */
  catchUp(): Promise<void> {
    return this.maintenance.runNow();
  }

  /**
   * Returns once every change to these variables in [fromMs, toMs) committed before the call is in the
   * rollups. Readers of rollups call it first; it costs one indexed probe when nothing is pending.
   */
  async ensureCurrent(variableIds: number[], fromMs: number, toMs: number): Promise<void> {
    const watermark = await this.rollups.newestPendingId(variableIds, fromMs, toMs);
    if (watermark === null) return;
    while ((await this.rollups.newestPendingId(variableIds, fromMs, toMs, watermark)) !== null) {
      await this.step();
    }
  }

  /**
   * Recomputes every rollup of the variables (all when omitted) over [fromMs, toMs), widened to whole UTC
   * days and limited to the kept raw history, one day per transaction. For bulk loads that bypass the
   * writer (e.g. generated data); the writer's own points need no rebuild.
   */
  async rebuild(fromMs: number, toMs: number, variableIds?: number[]): Promise<{ days: number }> {
    const ids = variableIds ?? (await this.variables.findAllIds());
    const firstDay = Math.max(Math.floor(fromMs / DAY_MS) * DAY_MS, this.retention.rawHorizonMs());
    const endDay = Math.ceil(toMs / DAY_MS) * DAY_MS;
    const days: number[] = [];
    for (let day = firstDay; day < endDay; day += DAY_MS) days.push(day);
    if (ids.length === 0 || days.length === 0) return { days: 0 };
    const concurrency = this.rollups.engine === 'postgres' ? POSTGRES_REBUILD_CONCURRENCY : 1;
    const started = Date.now();
    const queue = [...days];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let day = queue.shift(); day !== undefined; day = queue.shift()) {
          await this.rollups.rebuildDays(ids, day, day + DAY_MS);
        }
      }),
    );
    this.logger.log(
      `Rebuilt the rollups of ${ids.length} variables over ${days.length} days in ${Date.now() - started} ms`,
    );
    return { days: days.length };
  }

  private async step(): Promise<boolean> {
    const horizon = this.retention.rawHorizonMs();
    const recomputed = await this.rollups.maintain(PENDING_ROWS_PER_STEP, (ranges) =>
      scheduleRanges(ranges, horizon),
    );
    return recomputed.length > 0;
  }
}

/**
 * Splits merged pending ranges into pieces of at most an hour (on hour boundaries) and picks pieces for now
 * until they cover VARIABLE_TIME_PER_STEP_MS of variable-time. Ranges before the raw horizon are dropped: their raw points are gone and their
 * rollups are final.
 */
export function scheduleRanges(
  ranges: readonly TouchedRange[],
  horizonMs: number,
): { now: TouchedRange[]; later: TouchedRange[] } {
  const now: TouchedRange[] = [];
  const later: TouchedRange[] = [];
  let budgetMs = VARIABLE_TIME_PER_STEP_MS;
  for (const range of ranges) {
    let fromMs = Math.max(range.fromMs, horizonMs);
    while (fromMs < range.toMs) {
      const toMs = Math.min(range.toMs, (Math.floor(fromMs / PIECE_MS) + 1) * PIECE_MS);
      // The first piece always goes, so a step always makes progress.
      if (now.length === 0 || toMs - fromMs <= budgetMs) {
        now.push({ variableId: range.variableId, fromMs, toMs });
        budgetMs -= toMs - fromMs;
        fromMs = toMs;
      } else {
        later.push({ variableId: range.variableId, fromMs, toMs: range.toMs });
        break;
      }
    }
  }
  return { now, later };
}
