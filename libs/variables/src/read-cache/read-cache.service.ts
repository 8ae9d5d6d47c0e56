import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  DATASTORE_MAX_LISTED,
  DATASTORE_VALUE_PREVIEW_CHARS,
  type DatastoreEntryDto,
} from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { ReadCacheRepository, type ChangedRange } from './read-cache.repository';

/** What an answer read: its variables over [fromMs, toMs] (both ends included). */
export interface CachedRead {
  key: string;
  variableIds: number[];
  fromMs: number;
  toMs: number;
}

/**
 * The read cache (docs/read-cache.md): answers of reads whose range lies wholly in the settled past, stored
 * in PostgreSQL so every replica of the service shares them, deleted when points arrive (or are purged) in
 * their range, listed and deleted from the cache back office.
 */
@Injectable()
export class ReadCacheService implements OnModuleDestroy {
  private readonly logger = new Logger(ReadCacheService.name);
  // Answers sent but not stored yet, by key: the store runs after the answer has gone (docs/read-cache.md).
  private readonly storing = new Map<string, Promise<void>>();

  constructor(
    private readonly entries: ReadCacheRepository,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** Points at or after this instant may still be on their way: a range reaching it is not cached. */
  settledBeforeMs(now = Date.now()): number {
    return now - this.config.READ_CACHE_SETTLE_SECONDS * 1000;
  }

  /**
   * The stored answer of `read`, or `compute`'s. A computed answer is returned at once and stored afterwards
   * (when the range is settled and the answer not too big): compressing and committing it is not the
   * requester's wait. The race guard still holds, as it compares with the clock read before computing.
   */
  async getOrCompute<T>(read: CachedRead, compute: () => Promise<T>): Promise<T> {
    if (this.config.READ_CACHE_MAX_ENTRIES === 0 || read.toMs >= this.settledBeforeMs()) return compute();
    // The same request again while its answer is being stored: served from the entry, as after the store.
    await this.storing.get(read.key);
    const { value: stored, now } = await this.entries.lookup(read.key);
    if (stored !== undefined) return JSON.parse(stored) as T;
    const answer = await compute();
    if (!this.storing.has(read.key)) {
      const store = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.store(read, answer, now))
        .finally(() => this.storing.delete(read.key));
      this.storing.set(read.key, store);
    }
    return answer;
  }

  /** Resolves once every answer already returned by getOrCompute is stored (or refused). */
  async settled(): Promise<void> {
    while (this.storing.size > 0) await Promise.all(this.storing.values());
  }

  async onModuleDestroy(): Promise<void> {
    await this.settled();
  }

  // Never rejects: nobody awaits a store but a later request of its key, settled() and shutdown.
  private async store(read: CachedRead, answer: unknown, computedSince: Date): Promise<void> {
    try {
      const value = JSON.stringify(answer);
      const sizeBytes = Buffer.byteLength(value);
      if (sizeBytes > this.config.READ_CACHE_MAX_ENTRY_BYTES) return;
      await this.entries.storeUnlessInvalidated(
        { ...read, value, sizeBytes },
        computedSince,
        this.config.READ_CACHE_MAX_ENTRIES,
      );
    } catch (error) {
      // The answer was right; only the next request will compute it again.
      this.logger.warn(`Could not cache ${read.key}: ${error instanceof Error ? error.message : error}`);
    }
  }

  /**
   * Deletes the entries that read a changed range. Points written after the settle time need no work: no
   * entry reaches them, and none computed while they were written can (replica clocks agree to well within
   * half of READ_CACHE_SETTLE_SECONDS).
   */
  async invalidate(ranges: readonly ChangedRange[], now = Date.now()): Promise<number> {
    const settledBefore = now - (this.config.READ_CACHE_SETTLE_SECONDS * 1000) / 2;
    const relevant = ranges.filter((range) => range.fromMs < settledBefore);
    return relevant.length === 0 ? 0 : this.entries.invalidate(relevant);
  }

  async list(): Promise<DatastoreEntryDto[]> {
    // What this replica has answered is listed, even if it was answered a moment ago.
    await this.settled();
    const rows = await this.entries.list(DATASTORE_MAX_LISTED, DATASTORE_VALUE_PREVIEW_CHARS);
    return rows.map((row) => ({
      id: row.id,
      key: row.key,
      value: row.head.slice(0, DATASTORE_VALUE_PREVIEW_CHARS),
      abridged: row.head.length > DATASTORE_VALUE_PREVIEW_CHARS,
      date: row.createdAt.toISOString(),
      sizeBytes: row.sizeBytes,
      hits: row.hits,
    }));
  }

  delete(ids: readonly number[]): Promise<number> {
    return this.entries.delete(ids);
  }
}
