import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicJob } from '@plantlens/platform';
import { DAY_MS } from '../rollup/rollup-resolutions';
import { ReadCacheService } from '../read-cache/read-cache.service';
import { VariableRepository } from '../variable/variable.repository';
import { RetentionPolicy } from './retention-policy';
import { RetentionRepository } from './retention.repository';

const PURGE_INTERVAL_MS = 3_600_000;
// Raw points are deleted a day per statement, rollups (about 10 000 rows per variable and day) a month.
const RAW_SLICE_MS = DAY_MS;
const ROLLUP_SLICE_MS = 30 * DAY_MS;

export interface PurgeResult {
  rawDeleted: number;
  rollupsDeleted: number;
}

/**
 * Deletes raw points older than RAW_RETENTION_DAYS and rollups older than ROLLUP_RETENTION_DAYS, whole
 * days at a time, oldest first, in short statements so that ingestion and reads go on meanwhile. Runs at
 * start and every hour.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionService.name);
  private readonly purges = new PeriodicJob<PurgeResult>({
    everyMs: PURGE_INTERVAL_MS,
    run: () => this.purgeOnce(Date.now()),
    onResult: ({ rawDeleted, rollupsDeleted }) => {
      if (rawDeleted + rollupsDeleted > 0) {
        this.logger.log(`Retention removed ${rawDeleted} raw points and ${rollupsDeleted} rollup rows`);
      }
    },
    onError: (error) =>
      this.logger.error(`Retention purge failed: ${error instanceof Error ? error.message : error}`),
  });

  constructor(
    private readonly retention: RetentionRepository,
    private readonly variables: VariableRepository,
    private readonly policy: RetentionPolicy,
    private readonly readCache: ReadCacheService,
  ) {}

  onApplicationBootstrap(): void {
    this.purges.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.purges.stop();
  }

  /** One purge run as of `now` (a call during a run joins it). */
  purge(now = Date.now()): Promise<PurgeResult> {
    return this.purges.runNow(() => this.purgeOnce(now));
  }

  private async purgeOnce(now: number): Promise<PurgeResult> {
    const rawHorizon = this.policy.rawHorizonMs(now);
    const rollupHorizon = this.policy.rollupHorizonMs(now);
    const dropped = rawHorizon > 0 && (await this.retention.usesTimescale());
    if (dropped) await this.retention.dropRawChunks(rawHorizon);
    let rawDeleted = 0;
    let rollupsDeleted = 0;
    for (const variableId of await this.variables.findAllIds()) {
      if (rawHorizon > 0) {
        rawDeleted += await deleteOldest(
          () => this.retention.oldestRawMs(variableId),
          (fromMs, toMs) => this.retention.deleteRaw(variableId, fromMs, toMs),
          rawHorizon,
          RAW_SLICE_MS,
        );
      }
      if (rollupHorizon > 0) {
        rollupsDeleted += await deleteOldest(
          () => this.retention.oldestRollupMs(variableId),
          (fromMs, toMs) => this.retention.deleteRollups(variableId, fromMs, toMs),
          rollupHorizon,
          ROLLUP_SLICE_MS,
        );
      }
    }
    // Cached answers that read what is now gone would show it still; a chunk drop counts no rows.
    const purged = Math.max(rawHorizon, rollupHorizon);
    if (rawDeleted + rollupsDeleted > 0 || dropped) {
      await this.readCache.invalidate([{ variableId: null, fromMs: 0, toMs: purged }], now);
    }
    return { rawDeleted, rollupsDeleted };
  }
}

// Deletes [oldest, horizon) slice by slice; asking for the oldest row again after each slice skips gaps.
async function deleteOldest(
  oldestMs: () => Promise<number | null>,
  deleteRange: (fromMs: number, toMs: number) => Promise<number>,
  horizonMs: number,
  sliceMs: number,
): Promise<number> {
  let deleted = 0;
  for (let oldest = await oldestMs(); oldest !== null && oldest < horizonMs; oldest = await oldestMs()) {
    const fromMs = Math.floor(oldest / DAY_MS) * DAY_MS;
    deleted += await deleteRange(fromMs, Math.min(horizonMs, fromMs + sliceMs));
  }
  return deleted;
}
