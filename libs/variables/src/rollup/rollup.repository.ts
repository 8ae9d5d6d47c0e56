import { Injectable } from '@nestjs/common';
import type { MeasurementPoint } from '@plantlens/contracts';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import type { TouchedRange } from '../measurement/measurement-batch';
import { encodePartialsCopy, rollupPartials } from './rollup-partials';
import { ROLLUP_RESOLUTIONS_S } from './rollup-resolutions';

// Who may change rollups at the same time, said with the lock modes of a table every party knows
// (`rollup_pending`) because their conflict table is exactly the one needed. Writers merge their new points
// into the rollups (ROW EXCLUSIVE: writers run side by side). A recomputation replaces rows with what its
// snapshot of the raw points says, so no writer may commit between its snapshot and its commit: the
// maintainer takes SHARE ROW EXCLUSIVE (one at a time, also excluding rebuilds, so a recomputation from an
// older snapshot never lands after a newer one) and rebuild chunks SHARE (side by side with each other).
const WRITER_LOCK = 'lock table variables.rollup_pending in row exclusive mode';
const MAINTAINER_LOCK = 'lock table variables.rollup_pending in share row exclusive mode';
const REBUILD_LOCK = 'lock table variables.rollup_pending in share mode';

// Per-session scratch table for the partial rollups of one write, emptied at commit.
const CREATE_PARTIALS_STAGING = `
  create temp table if not exists rollup_partials (like variables.rollup) on commit delete rows`;

// Adds partial rollups of new points to the stored rows. Count and sum add up; min and max keep the more
// extreme value, the earlier instant on a tie; first and last the earlier and later instant. Rows are taken
// in key order so that two writers locking the same rows lock them in the same order (no deadlock).
const MERGE_PARTIALS = `
  insert into variables.rollup as r
  select * from pg_temp.rollup_partials order by variable_id, resolution_s, bucket
  on conflict (variable_id, resolution_s, bucket) do update set
    count = r.count + excluded.count,
    sum = r.sum + excluded.sum,
    min = case when (excluded.min, excluded.min_ts) < (r.min, r.min_ts) then excluded.min else r.min end,
    min_ts = case when (excluded.min, excluded.min_ts) < (r.min, r.min_ts) then excluded.min_ts else r.min_ts end,
    max = case when excluded.max > r.max or (excluded.max = r.max and excluded.max_ts < r.max_ts)
               then excluded.max else r.max end,
    max_ts = case when excluded.max > r.max or (excluded.max = r.max and excluded.max_ts < r.max_ts)
                  then excluded.max_ts else r.max_ts end,
    first = case when excluded.first_ts < r.first_ts then excluded.first else r.first end,
    first_ts = least(excluded.first_ts, r.first_ts),
    last = case when excluded.last_ts > r.last_ts then excluded.last else r.last end,
    last_ts = greatest(excluded.last_ts, r.last_ts)`;

// The ranges to recompute at one resolution: the given 10 s ranges widened to whole buckets of that
// resolution and merged, so that no raw point or finer bucket is counted twice.
function rangesAt(resolutionS: number): string {
  const width = `interval '${resolutionS} seconds'`;
  return `
    select variable_id, lower(span) as from_ts, upper(span) as to_ts
    from (
      select variable_id, unnest(range_agg(tstzrange(
        date_bin(${width}, to_timestamp(from_ms / 1000), timestamptz 'epoch'),
        date_bin(${width}, to_timestamp(to_ms / 1000) - interval '1 microsecond', timestamptz 'epoch') + ${width}
      ))) as span
      from unnest($1::int4[], $2::float8[], $3::float8[]) as given(variable_id, from_ms, to_ms)
      group by variable_id
    ) merged`;
}

// Recomputes every bucket of one resolution inside the ranges from the level below (raw points for 10 s).
// Ties are broken by time so the result is a pure function of the data: min_ts / max_ts are the earliest
// instants holding the lowest / highest value. The float8[] pairs compare element by element, which picks
// (value, instant) together in one pass.
function recomputeLevel(resolutionS: number, childResolutionS: number | null): string {
  const epoch = (column: string) => `date_part('epoch', ${column})`;
  const source =
    childResolutionS === null
      ? {
          table: 'variables.measurement',
          time: 'ts',
          filter: '',
          count: 'count(*)::int',
          sum: 'sum(c.value)',
          low: `min(array[c.value, ${epoch('c.ts')}])`,
          high: `max(array[c.value, -${epoch('c.ts')}])`,
          head: `min(array[${epoch('c.ts')}, c.value])`,
          tail: `max(array[${epoch('c.ts')}, c.value])`,
        }
      : {
          table: 'variables.rollup',
          time: 'bucket',
          filter: `and c.resolution_s = ${childResolutionS}`,
          count: 'sum(c.count)::int',
          sum: 'sum(c.sum)',
          low: `min(array[c.min, ${epoch('c.min_ts')}])`,
          high: `max(array[c.max, -${epoch('c.max_ts')}])`,
          head: `min(array[${epoch('c.first_ts')}, c.first])`,
          tail: `max(array[${epoch('c.last_ts')}, c.last])`,
        };
  return `
    with ranges as (${rangesAt(resolutionS)})
    insert into variables.rollup as r
      (variable_id, resolution_s, bucket, count, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
    select variable_id, ${resolutionS}, bucket, n, total,
           low[1], to_timestamp(low[2]), high[1], to_timestamp(-high[2]),
           head[2], to_timestamp(head[1]), tail[2], to_timestamp(tail[1])
    from (
      select c.variable_id, date_bin(interval '${resolutionS} seconds', c.${source.time}, timestamptz 'epoch') as bucket,
             ${source.count} as n, ${source.sum} as total,
             ${source.low} as low, ${source.high} as high, ${source.head} as head, ${source.tail} as tail
      from ranges w
      -- One index range scan per range. The planner cannot know how few rows the ranges hold and, given
      -- a plain join, merge-joins them against a scan of the whole table; OFFSET 0 keeps this LATERAL
      -- subquery from being flattened into such a join.
      cross join lateral (
        select * from ${source.table} c
        where c.variable_id = w.variable_id ${source.filter}
          and c.${source.time} >= w.from_ts and c.${source.time} < w.to_ts
        offset 0
      ) c
      group by 1, 2
    ) summary
    on conflict (variable_id, resolution_s, bucket) do update set
      count = excluded.count, sum = excluded.sum, min = excluded.min, min_ts = excluded.min_ts,
      max = excluded.max, max_ts = excluded.max_ts, first = excluded.first, first_ts = excluded.first_ts,
      last = excluded.last, last_ts = excluded.last_ts`;
}

const RECOMPUTE_LEVELS = ROLLUP_RESOLUTIONS_S.map((resolutionS, index) =>
  recomputeLevel(resolutionS, index === 0 ? null : (ROLLUP_RESOLUTIONS_S[index - 1] ?? null)),
);

const TAKE_PENDING = `
  with taken as (
    delete from variables.rollup_pending
    where id in (select id from variables.rollup_pending order by id limit $1)
    returning id, variable_id, from_ts, to_ts
  )
  select variable_id as "variableId", date_part('epoch', lower(span)) * 1000 as "fromMs",
         date_part('epoch', upper(span)) * 1000 as "toMs", (select min(id) from taken)::text as "firstId"
  from (select variable_id, unnest(range_agg(tstzrange(from_ts, to_ts))) as span from taken group by variable_id) merged`;

// Ranges put back keep the position of what was taken, so they stay first in line (and a reader waiting
// for the pending rows up to some id still waits for them).
const RETURN_PENDING = `
  insert into variables.rollup_pending (id, variable_id, from_ts, to_ts) overriding system value
  select $4::int8, variable_id, to_timestamp(from_ms / 1000), to_timestamp(to_ms / 1000)
  from unnest($1::int4[], $2::float8[], $3::float8[]) as given(variable_id, from_ms, to_ms)`;

function asArrays(ranges: readonly TouchedRange[]): [number[], number[], number[]] {
  return [ranges.map((r) => r.variableId), ranges.map((r) => r.fromMs), ranges.map((r) => r.toMs)];
}

@Injectable()
export class RollupRepository {
  constructor(private readonly database: Database) {}

  get engine(): Database['engine'] {
    return this.database.engine;
  }

  /**
   * One maintainer step in one transaction: takes up to `limit` pending rows (oldest first), lets
   * `select` choose which of their merged ranges to recompute now, puts the rest back, and recomputes the
   * chosen ranges at every resolution. Returns the ranges recomputed.
   */
  maintain(
    limit: number,
    select: (ranges: TouchedRange[]) => { now: TouchedRange[]; later: TouchedRange[] },
  ): Promise<TouchedRange[]> {
    return this.database.transaction(async (connection) => {
      // Nothing pending is the usual case: then no lock, which would hold writers up while it waits.
      const [pending] = await connection.query<{ any: boolean }>(
        'select exists (select 1 from variables.rollup_pending) as any',
      );
      if (!pending?.any) return [];
      await connection.query(MAINTAINER_LOCK);
      const taken = await connection.query<TouchedRange & { firstId: string }>(TAKE_PENDING, [limit]);
      const firstId = taken[0]?.firstId;
      if (firstId === undefined) return [];
      const { now, later } = select(
        taken.map(({ variableId, fromMs, toMs }) => ({ variableId, fromMs, toMs })),
      );
      if (later.length > 0) await connection.query(RETURN_PENDING, [...asArrays(later), firstId]);
      await recompute(connection, now);
      return now;
    });
  }

  /** Replaces every rollup of the variables in [fromMs, toMs) — whole UTC days — by a recomputation. */
  rebuildDays(variableIds: number[], fromMs: number, toMs: number): Promise<void> {
    return this.database.transaction(async (connection) => {
      await connection.query(REBUILD_LOCK);
      await connection.query(
        `delete from variables.rollup
         where variable_id = any($1::int4[]) and resolution_s = any($2::int4[])
           and bucket >= to_timestamp($3::float8 / 1000) and bucket < to_timestamp($4::float8 / 1000)`,
        [variableIds, [...ROLLUP_RESOLUTIONS_S], fromMs, toMs],
      );
      await recompute(
        connection,
        variableIds.map((variableId) => ({ variableId, fromMs, toMs })),
      );
    });
  }

  /**
   * Id of the newest pending row of these variables overlapping [fromMs, toMs) — among rows up to `upToId`
   * when given — or null when there is none.
   */
  async newestPendingId(
    variableIds: number[],
    fromMs: number,
    toMs: number,
    upToId?: string,
  ): Promise<string | null> {
    const rows = await this.database.withConnection((connection) =>
      connection.query<{ id: string | null }>(
        `select max(id)::text as id from variables.rollup_pending
         where variable_id = any($1::int4[]) and ($4::int8 is null or id <= $4::int8)
           and from_ts < to_timestamp($3::float8 / 1000) and to_ts > to_timestamp($2::float8 / 1000)`,
        [variableIds, fromMs, toMs, upToId ?? null],
      ),
    );
    return rows[0]?.id ?? null;
  }
}

/**
 * Merges points just inserted into `measurement` (none of them stored before, grouped by variable, each
 * group in ascending time) into the rollups, within the caller's transaction.
 */
export async function mergeIntoRollups(
  connection: DatabaseConnection,
  inserted: readonly MeasurementPoint[],
): Promise<void> {
  if (inserted.length === 0) return;
  const partials = encodePartialsCopy(rollupPartials(inserted));
  await connection.query(CREATE_PARTIALS_STAGING);
  await connection.copyFrom('copy pg_temp.rollup_partials from stdin (format binary)', partials);
  await connection.query(WRITER_LOCK);
  await connection.query(MERGE_PARTIALS);
}

async function recompute(connection: DatabaseConnection, ranges: readonly TouchedRange[]): Promise<void> {
  if (ranges.length === 0) return;
  // The row estimates of these statements are far too high (see above), which would make PostgreSQL
  // spend longer compiling them to machine code than running them.
  await connection.query('set local jit = off');
  const parameters = asArrays(ranges);
  for (const statement of RECOMPUTE_LEVELS) await connection.query(statement, parameters);
}
