import { Injectable } from '@nestjs/common';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import type { TouchedRange } from '../measurement/measurement-batch';
import { ROLLUP_RESOLUTIONS_S } from './rollup-resolutions';

// Maintainer transactions hold this advisory lock exclusively, rebuild chunks share it: a recomputation
// from an older snapshot can then never land after a newer one for the same bucket.
const ROLLUP_LOCK = 7_231_004;

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
      await connection.query('select pg_advisory_xact_lock($1)', [ROLLUP_LOCK]);
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
      await connection.query('select pg_advisory_xact_lock_shared($1)', [ROLLUP_LOCK]);
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

async function recompute(connection: DatabaseConnection, ranges: readonly TouchedRange[]): Promise<void> {
  if (ranges.length === 0) return;
  // The row estimates of these statements are far too high (see above), which would make PostgreSQL
  // spend longer compiling them to machine code than running them.
  await connection.query('set local jit = off');
  const parameters = asArrays(ranges);
  for (const statement of RECOMPUTE_LEVELS) await connection.query(statement, parameters);
}
