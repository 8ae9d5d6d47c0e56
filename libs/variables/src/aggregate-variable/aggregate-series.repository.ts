import { Injectable } from '@nestjs/common';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import type { Series } from './calculation/aggregate-math';
import type { ReadRange } from './calculation/input-ranges';

const atMs = (parameter: string) => `to_timestamp(${parameter} / 1000.0)`;
const EPOCH_MS = (column: string) => `round(date_part('epoch', ${column}) * 1000)`;

// The points of every range in one statement, each range's as two arrays (times, values): one row per
// range instead of one per point, which is what makes a back-fill chunk of 100 000+ points cheap to ship
// and to parse. Each range starts at its variable's latest point before `from` if that is within the max
// age (one index probe), as the correlation's as-of reads do.
const RANGE_POINTS = `
  select r.variable_id as "variableId", r.n,
         array_agg(p.ms order by p.ms) as ts, array_agg(p.value order by p.ms) as values
  from unnest($1::int4[], $2::float8[], $3::float8[]) with ordinality as r(variable_id, from_ms, to_ms, n)
  cross join lateral (
    select ${EPOCH_MS('m.ts')} as ms, m.value
    from variables.measurement m
    where m.variable_id = r.variable_id and m.ts <= ${atMs('r.to_ms')}
      and m.ts >= coalesce(
        (select max(ts) from variables.measurement
         where variable_id = r.variable_id and ts < ${atMs('r.from_ms')}
           and ts >= ${atMs('(r.from_ms - $4::float8)')}),
        ${atMs('r.from_ms')})
  ) p
  group by r.variable_id, r.n
  order by r.n`;

// The earliest instant by which one of the variables has `$3` points after `$2` (a chunk of about that
// many input points each): the k-th point of each is one short index range scan.
const NTH_POINT_AFTER = `
  select min(k.ms) as "endMs"
  from unnest($1::int4[]) as i(variable_id)
  cross join lateral (
    select ${EPOCH_MS('ts')} as ms from variables.measurement
    where variable_id = i.variable_id and ts >= ${atMs('$2::float8')}
    order by ts offset $3::int8 limit 1
  ) k`;

// A back-fill chunk of each variable: its as-of look-back point before `$2` (within the max age `$4`) and its
// first `$3` points from `$2`, as two arrays, with how many of the latter there are. One read instead of
// finding the chunk's end first (an offset scan over the same index) and reading it after.
const CHUNK_POINTS = `
  select r.variable_id as "variableId", count(*) filter (where p.ms >= $2::float8)::int4 as read,
         array_agg(p.ms order by p.ms) as ts, array_agg(p.value order by p.ms) as values
  from unnest($1::int4[]) as r(variable_id)
  cross join lateral (
    (select ${EPOCH_MS('ts')} as ms, value from variables.measurement
     where variable_id = r.variable_id and ts < ${atMs('$2::float8')}
       and ts >= ${atMs('($2::float8 - $4::float8)')}
     order by ts desc limit 1)
    union all
    (select ${EPOCH_MS('ts')} as ms, value from variables.measurement
     where variable_id = r.variable_id and ts >= ${atMs('$2::float8')}
     order by ts limit $3::int8)
  ) p
  group by r.variable_id`;

// First and last stored point over the variables: two index probes per variable.
const EXTENT = `
  select min(e.first_ms) as "firstMs", max(e.last_ms) as "lastMs"
  from unnest($1::int4[]) as i(variable_id)
  cross join lateral (
    select ${EPOCH_MS('min(ts)')} as first_ms, ${EPOCH_MS('max(ts)')} as last_ms
    from variables.measurement where variable_id = i.variable_id
  ) e`;

// Per variable, its latest point before `from`, its earliest after `to` (both null when not asked) and its
// latest: three index probes.
const AROUND = `
  select v.variable_id as "variableId",
         (select ${EPOCH_MS('max(ts)')} from variables.measurement
          where variable_id = v.variable_id and ts < ${atMs('v.from_ms')}) as "prevMs",
         (select ${EPOCH_MS('min(ts)')} from variables.measurement
          where variable_id = v.variable_id and ts > ${atMs('v.to_ms')}) as "nextMs",
         (select ${EPOCH_MS('max(ts)')} from variables.measurement where variable_id = v.variable_id) as "lastMs"
  from unnest($1::int4[], $2::float8[], $3::float8[]) as v(variable_id, from_ms, to_ms)`;

export interface PointsAround {
  prevMs: number | null;
  nextMs: number | null;
  lastMs: number | null;
}

/** Reads of the stored points the aggregate calculation needs (live, back-fill and preview). */
@Injectable()
export class AggregateSeriesRepository {
  constructor(private readonly database: Database) {}

  /**
   * Per variable: its latest point before `fromMs` and earliest after `toMs` when a range is given, and its
   * latest point.
   */
  async around(
    variables: readonly { variableId: number; range?: { fromMs: number; toMs: number } }[],
  ): Promise<Map<number, PointsAround>> {
    if (variables.length === 0) return new Map();
    const rows = await this.database.withConnection((connection) =>
      connection.query<PointsAround & { variableId: number }>(AROUND, [
        variables.map(({ variableId }) => variableId),
        variables.map(({ range }) => range?.fromMs ?? null),
        variables.map(({ range }) => range?.toMs ?? null),
      ]),
    );
    const number = (value: number | string | null) => (value === null ? null : Number(value));
    return new Map(
      rows.map((row) => [
        row.variableId,
        { prevMs: number(row.prevMs), nextMs: number(row.nextMs), lastMs: number(row.lastMs) },
      ]),
    );
  }

  /** `readRanges` on a connection of its own. */
  read(ranges: readonly ReadRange[], maxAgeMs: number): Promise<Map<number, Series>> {
    return this.database.withConnection((connection) => readRanges(connection, ranges, maxAgeMs));
  }
}

/**
 * The points of each range (with its as-of look-back), per variable in time order. Ranges of one variable
 * must not overlap, look-back included, and come in time order (mergeRanges).
 */
export async function readRanges(
  connection: DatabaseConnection,
  ranges: readonly ReadRange[],
  maxAgeMs: number,
): Promise<Map<number, Series>> {
  const result = new Map<number, Series>();
  if (ranges.length === 0) return result;
  const rows = await connection.query<{ variableId: number; ts: number[]; values: number[] }>(RANGE_POINTS, [
    ranges.map((range) => range.variableId),
    ranges.map((range) => range.fromMs),
    ranges.map((range) => range.toMs),
    maxAgeMs,
  ]);
  for (const { variableId, ts, values } of rows) {
    const series = result.get(variableId);
    if (!series) result.set(variableId, { ts, values });
    else {
      // Spreading 100 000 arguments would overflow the stack.
      series.ts = series.ts.concat(ts);
      series.values = series.values.concat(values);
    }
  }
  return result;
}

/** The instant by which some variable has `points` points at or after fromMs; null when none has. */
export async function nthPointAfter(
  connection: DatabaseConnection,
  variableIds: readonly number[],
  fromMs: number,
  points: number,
): Promise<number | null> {
  const [row] = await connection.query<{ endMs: number | null }>(NTH_POINT_AFTER, [
    variableIds,
    fromMs,
    points,
  ]);
  return row?.endMs ?? null;
}

/** The first and last stored instants over the variables (null when none has points). */
export async function storedExtent(
  connection: DatabaseConnection,
  variableIds: readonly number[],
): Promise<{ firstMs: number | null; lastMs: number | null }> {
  const [row] = await connection.query<{ firstMs: number | null; lastMs: number | null }>(EXTENT, [
    variableIds,
  ]);
  return { firstMs: row?.firstMs ?? null, lastMs: row?.lastMs ?? null };
}

/**
 * The next back-fill chunk of the variables from `fromMs`: up to `points` points of each (with the as-of
 * look-back), and `endMs`, the last instant up to which every variable's points are all read — the
 * earliest last point among those that had `points` to give; null when none had (all read to their end).
 */
export async function readChunk(
  connection: DatabaseConnection,
  variableIds: readonly number[],
  fromMs: number,
  points: number,
  maxAgeMs: number,
): Promise<{ series: Map<number, Series>; endMs: number | null }> {
  const rows = await connection.query<{ variableId: number; read: number; ts: number[]; values: number[] }>(
    CHUNK_POINTS,
    [variableIds, fromMs, points, maxAgeMs],
  );
  const series = new Map<number, Series>();
  let endMs: number | null = null;
  for (const { variableId, read, ts, values } of rows) {
    series.set(variableId, { ts, values });
    if (read >= points) endMs = Math.min(endMs ?? Infinity, ts.at(-1) ?? -Infinity);
  }
  return { series, endMs };
}
