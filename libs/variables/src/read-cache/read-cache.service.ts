import { Inject, Injectable, Logger } from '@nestjs/common';
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
export class ReadCacheService {
  private readonly logger = new Logger(ReadCacheService.name);

  constructor(
    private readonly entries: ReadCacheRepository,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** Points at or after this instant may still be on their way: a range reaching it is not cached. */
  settledBeforeMs(now = Date.now()): number {
    return now - this.config.READ_CACHE_SETTLE_SECONDS * 1000;
  }

  /** The stored answer of `read`, or `compute`'s, stored when the range is settled and the answer not too big. */
  async getOrCompute<T>(read: CachedRead, compute: () => Promise<T>): Promise<T> {
    if (this.config.READ_CACHE_MAX_ENTRIES === 0 || read.toMs >= this.settledBeforeMs()) return compute();
    const { value: stored, now } = await this.entries.lookup(read.key);
    if (stored !== undefined) return JSON.parse(stored) as T;
    const answer = await compute();
    const value = JSON.stringify(answer);
    const sizeBytes = Buffer.byteLength(value);
    if (sizeBytes <= this.config.READ_CACHE_MAX_ENTRY_BYTES) {
      try {
        await this.entries.storeUnlessInvalidated(
          { ...read, value, sizeBytes },
          now,
          this.config.READ_CACHE_MAX_ENTRIES,
        );
      } catch (error) {
        // The answer is right; only the next request will compute it again.
        this.logger.warn(`Could not cache ${read.key}: ${error instanceof Error ? error.message : error}`);
      }
    }
    return answer;
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
