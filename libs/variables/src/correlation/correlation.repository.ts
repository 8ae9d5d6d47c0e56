import { Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import { Database } from '@plantlens/platform';
import type { VariablesDb } from '../database/variables-database';
import type { AlignedColumns, SeriesColumns } from './series-merge';
import type { BucketPlan } from './bucket-plan';

const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;
// Instants travel as float8 epoch milliseconds. Stored instants are whole milliseconds, so rounding the
// float epoch gives them exactly, and float arithmetic is far cheaper per row than extract's numeric.
const epochMs = (column: RawBuilder<unknown>) => sql`round(date_part('epoch', ${column}) * 1000)`;
const EPOCH_MS = epochMs(sql.ref('measurement.ts'));
const atMs = (ms: number) => sql`to_timestamp(${ms} / 1000.0)`;

@Injectable()
export class CorrelationRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  /** Points of the variable in [startMs, endMs), counted up to `limit` only (the caller needs no more). */
  async countUpTo(variableId: number, startMs: number, endMs: number, limit: number): Promise<number> {
    const result = await sql<{ count: number }>`
      select count(*)::int as count from (
        select 1 from variables.measurement
        where variable_id = ${variableId} and ts >= ${atMs(startMs)} and ts < ${atMs(endMs)}
        limit ${limit}
      ) as capped`.execute(this.db);
    return result.rows[0]?.count ?? 0;
  }

  /** The points of the variable in [startMs, endMs), oldest first. */
  points(variableId: number, startMs: number, endMs: number): Promise<SeriesColumns> {
    const points = sql`
      select ${EPOCH_MS} as ts, value from variables.measurement
      where variable_id = ${variableId} and ts >= ${atMs(startMs)} and ts < ${atMs(endMs)}`;
    return seriesColumns(this.db, points, sql`ts`);
  }

  /**
   * The points of the variable in [startMs, endMs), oldest first, after its latest point before startMs
   * if that is at most `maxAgeS` older: every point an as-of pairing over the range may use.
   */
  async pointsWithPrevious(
    variableId: number,
    startMs: number,
    endMs: number,
    maxAgeS: number,
  ): Promise<SeriesColumns> {
    // One ordered index range scan that starts at that previous point when there is one.
    const points = sql`
      select ${EPOCH_MS} as ts, value from variables.measurement
      where variable_id = ${variableId} and ts < ${atMs(endMs)} and ts >= coalesce(
        (select max(ts) from variables.measurement
         where variable_id = ${variableId} and ts < ${atMs(startMs)}
           and ts >= ${atMs(startMs)} - make_interval(secs => ${maxAgeS})),
        ${atMs(startMs)})`;
    return seriesColumns(this.db, points, sql`ts`);
  }

  /**
   * For each point of `xId` in [startMs, endMs), the variable's latest point at or before it and at most
   * `maxAgeS` older, oldest first (repeated when X points share it): one index probe per X point, for a
   * variable far denser than X, whose other points the as-of pairing would skip anyway.
   */
  async asOfPoints(
    variableId: number,
    xId: number,
    startMs: number,
    endMs: number,
    maxAgeS: number,
  ): Promise<SeriesColumns> {
    const points = sql`
      select as_of.ts, as_of.value, x.ts as x_ts from variables.measurement x
      cross join lateral (
        select ${EPOCH_MS} as ts, value from variables.measurement
        where variable_id = ${variableId} and ts <= x.ts and ts >= x.ts - make_interval(secs => ${maxAgeS})
        order by measurement.ts desc
        limit 1
      ) as as_of
      where x.variable_id = ${xId} and x.ts >= ${atMs(startMs)} and x.ts < ${atMs(endMs)}`;
    return seriesColumns(this.db, points, sql`x_ts`);
  }

  /**
   * The mean of every variable in each bucket of the plan, for the buckets where all variables have
   * data, oldest first; from the rollup rows (sum / count) or from the raw points, as the plan says. By
   * column, as texts aggregated in SQL like seriesColumns.
   */
  async bucketMeans(variableIds: number[], plan: BucketPlan): Promise<AlignedColumns> {
    const means = variableIds.map(
      (id, index) => sql`${sql.ref(`s${index}`)} as (${bucketMeansOf(id, plan)})`,
    );
    const values = variableIds.map(
      (_, index) => sql`${sql.ref(`s${index}.mean`)} as ${sql.ref(`v${index}`)}`,
    );
    const joins = variableIds
      .slice(1)
      .map(
        (_, index) => sql`join ${sql.ref(`s${index + 1}`)} on ${sql.ref(`s${index + 1}.bucket`)} = s0.bucket`,
      );
    const texts = variableIds.map(
      (_, index) =>
        sql`string_agg(${sql.ref(`v${index}`)}::text, ',' order by ts) as ${sql.ref(`v${index}`)}`,
    );
    const row = await this.db.transaction().execute(async (transaction) => {
      // The join's row estimate is far too high, which would make PostgreSQL spend longer compiling the
      // statement to machine code than running it.
      await sql`set local jit = off`.execute(transaction);
      const result = await sql<Record<string, string | null>>`
        with ${sql.join(means)}
        select string_agg(ts::text, ',' order by ts) as ts, ${sql.join(texts)} from (
          select ${epochMs(sql.ref('s0.bucket'))} as ts, ${sql.join(values)}
          from s0 ${sql.join(joins, sql` `)}
        ) as aligned`.execute(transaction);
      return result.rows[0];
    });
    return {
      ts: numbers(row?.ts),
      values: variableIds.map((_, index) => numbers(row?.[`v${index}`])),
    };
  }
}

function bucketMeansOf(variableId: number, plan: BucketPlan) {
  const width = sql`make_interval(secs => ${plan.widthMs / 1000})`;
  // The plan's width is a multiple of the rollup resolution: each rollup row lies in exactly one bucket.
  return plan.rollupResolutionS === null
    ? sql`
        select date_bin(${width}, ts, ${EPOCH}) as bucket, avg(value) as mean
        from variables.measurement
        where variable_id = ${variableId} and ts >= ${atMs(plan.fromMs)} and ts < ${atMs(plan.toMs)}
        group by 1`
    : sql`
        select date_bin(${width}, bucket, ${EPOCH}) as bucket, sum(sum) / sum(count) as mean
        from variables.rollup
        where variable_id = ${variableId} and resolution_s = ${plan.rollupResolutionS}
          and bucket >= ${atMs(plan.fromMs)} and bucket < ${atMs(plan.toMs)}
        group by 1`;
}

// A series' points as two comma-separated texts aggregated in SQL (instants and values, in `order`): the
// driver hands over two strings instead of building an object per row, and they split into the columns.
async function seriesColumns(
  db: VariablesDb,
  points: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<SeriesColumns> {
  const result = await sql<{ ts: string | null; values: string | null }>`
    select string_agg(ts::text, ',' order by ${order}) as ts,
           string_agg(value::text, ',' order by ${order}) as values
    from (${points}) as points`.execute(db);
  const row = result.rows[0];
  return { ts: numbers(row?.ts), values: numbers(row?.values) };
}

const numbers = (text: string | null | undefined): number[] => (text ? text.split(',').map(Number) : []);
