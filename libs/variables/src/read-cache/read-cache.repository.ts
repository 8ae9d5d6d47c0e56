import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { VariablesDb } from '../database/variables-database';

/** Raw points of one variable (every variable when null) changed in [fromMs, toMs], both ends included. */
export interface ChangedRange {
  variableId: number | null;
  fromMs: number;
  toMs: number;
}

export interface NewCacheEntry {
  key: string;
  value: string;
  sizeBytes: number;
  variableIds: number[];
  fromMs: number;
  toMs: number;
}

export interface CacheEntryPreview {
  id: number;
  key: string;
  /** the first `previewChars` + 1 characters: one more than shown says the value goes on */
  head: string;
  sizeBytes: number;
  hits: number;
  createdAt: Date;
}

// Storing an answer and invalidating a range take this lock in turn, so each sees what the other committed:
// an answer computed while points of its range were written is either refused or deleted afterwards.
const LOCK = `select pg_advisory_xact_lock(hashtext('variables.read_cache'))`;
// Longer than any computation: an answer computed for longer is not stored (its invalidations may be gone).
const INVALIDATION_MEMORY = `interval '1 hour'`;

const STORE_UNLESS_INVALIDATED = `
  insert into variables.read_cache (key, value, size_bytes, variable_ids, from_ts, to_ts)
  select $1, $2, $3, $4::int4[], to_timestamp($5::float8 / 1000), to_timestamp($6::float8 / 1000)
  where clock_timestamp() - $7::timestamptz < ${INVALIDATION_MEMORY}
    and not exists (
      select 1 from variables.read_cache_invalidation changed
      where changed.at >= $7::timestamptz
        and (changed.variable_id is null or changed.variable_id = any($4::int4[]))
        and changed.from_ts <= to_timestamp($6::float8 / 1000)
        and changed.to_ts >= to_timestamp($5::float8 / 1000))
  on conflict (key) do nothing
  returning id`;

const EVICT_OLDEST = `
  delete from variables.read_cache
  where id in (select id from variables.read_cache order by created_at desc, id desc offset $1::int8)`;

const CHANGED_RANGES = `
  select * from unnest($1::int4[], $2::float8[], $3::float8[]) as changed(variable_id, from_ms, to_ms)`;

const RECORD_INVALIDATION = `
  insert into variables.read_cache_invalidation (variable_id, from_ts, to_ts)
  select variable_id, to_timestamp(from_ms / 1000), to_timestamp(to_ms / 1000) from (${CHANGED_RANGES}) changed`;

const DELETE_OVERLAPPING = `
  with gone as (
    delete from variables.read_cache entry
    using (${CHANGED_RANGES}) changed
    where (changed.variable_id is null or changed.variable_id = any(entry.variable_ids))
      and entry.from_ts <= to_timestamp(changed.to_ms / 1000)
      and entry.to_ts >= to_timestamp(changed.from_ms / 1000)
    returning entry.id)
  select count(distinct id)::int as deleted from gone`;

const FORGET_OLD_INVALIDATIONS = `
  delete from variables.read_cache_invalidation where at < clock_timestamp() - ${INVALIDATION_MEMORY}`;

@Injectable()
export class ReadCacheRepository {
  private readonly db: VariablesDb;

  constructor(private readonly database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  /**
   * The value of `key`, counting the hit, if there is one; and the database's clock now (before the answer is
   * computed on a miss). One statement either way.
   */
  async lookup(key: string): Promise<{ value?: string; now: Date }> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<{ now: Date; value: string | null }>(
        `with hit as (
           update variables.read_cache set hits = hits + 1 where key = $1 returning value)
         select clock.now, hit.value
         from (select clock_timestamp() as now) clock left join hit on true`,
        [key],
      ),
    );
    if (!row) throw new Error('the clock query answered no row');
    const now = new Date(row.now);
    return row.value === null ? { now } : { value: row.value, now };
  }

  /**
   * Stores the entry unless points of its variables and range were invalidated since `computedSince` (the
   * answer may have missed them), then evicts the oldest entries beyond `maxEntries`. False when not stored.
   */
  async storeUnlessInvalidated(
    entry: NewCacheEntry,
    computedSince: Date,
    maxEntries: number,
  ): Promise<boolean> {
    return this.database.transaction(async (connection) => {
      await connection.query(LOCK);
      const stored = await connection.query(STORE_UNLESS_INVALIDATED, [
        entry.key,
        entry.value,
        entry.sizeBytes,
        entry.variableIds,
        entry.fromMs,
        entry.toMs,
        computedSince,
      ]);
      await connection.query(EVICT_OLDEST, [maxEntries]);
      return stored.length > 0;
    });
  }

  /** Deletes the entries whose variables and range overlap a changed range; how many went. */
  async invalidate(ranges: readonly ChangedRange[]): Promise<number> {
    const columns = [
      ranges.map((range) => range.variableId),
      ranges.map((range) => range.fromMs),
      ranges.map((range) => range.toMs),
    ];
    return this.database.transaction(async (connection) => {
      await connection.query(LOCK);
      await connection.query(RECORD_INVALIDATION, columns);
      const [row] = await connection.query<{ deleted: number }>(DELETE_OVERLAPPING, columns);
      await connection.query(FORGET_OLD_INVALIDATIONS);
      return row?.deleted ?? 0;
    });
  }

  /**
   * Within the caller's transaction (`db`), the entries of a variable being deleted go, and an answer being
   * computed with it is not stored afterwards.
   */
  async forgetVariable(db: VariablesDb, variableId: number): Promise<void> {
    await sql.raw(LOCK).execute(db);
    await sql`insert into variables.read_cache_invalidation (variable_id, from_ts, to_ts)
              values (${variableId}, '-infinity', 'infinity')`.execute(db);
    await sql`delete from variables.read_cache where ${variableId}::int4 = any(variable_ids)`.execute(db);
  }

  /** The newest entries first, each with the beginning of its value only. */
  async list(limit: number, previewChars: number): Promise<CacheEntryPreview[]> {
    const rows = await this.database.withConnection((connection) =>
      connection.query<Omit<CacheEntryPreview, 'createdAt'> & { createdAt: Date | string }>(
        `select id, key, left(value, $2::int4 + 1) as head, size_bytes as "sizeBytes", hits,
                created_at as "createdAt"
         from variables.read_cache order by created_at desc, id desc limit $1::int8`,
        [limit, previewChars],
      ),
    );
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
  }

  async delete(ids: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('variables.read_cache')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
