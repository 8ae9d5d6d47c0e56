import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '@plantlens/platform';
import type { VariablesDb } from '../database/variables-database';
import type { BucketPlan } from './bucket-plan';

/** One point of the scatter: the instant and the value of each variable, in the order requested. */
export interface AlignedRow {
  /** epoch milliseconds */
  ts: number;
  values: number[];
}

const EPOCH = sql`timestamptz '1970-01-01 00:00:00+00'`;
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

  /**
   * Each point of `xId` in [startMs, endMs) with the as-of value of every other variable: its latest
   * point at or before the X point, at most `maxAgeS` seconds older. X points for which
   * some variable has no such value are left out.
   */
  async asOfRows(
    xId: number,
    otherIds: number[],
    startMs: number,
    endMs: number,
    maxAgeS: number,
  ): Promise<AlignedRow[]> {
    const lookups = otherIds.map(
      (id, index) => sql`
        cross join lateral (
          select m.value from variables.measurement m
          where m.variable_id = ${id} and m.ts <= x.ts and m.ts >= x.ts - make_interval(secs => ${maxAgeS})
          order by m.ts desc
          limit 1
        ) as ${sql.ref(`o${index + 1}`)}`,
    );
    const values = [sql`x.value`, ...otherIds.map((_, index) => sql.ref(`o${index + 1}.value`))];
    const result = await sql<AlignedRow>`
      select (extract(epoch from x.ts) * 1000)::float8 as ts, array[${sql.join(values)}]::float8[] as values
      from variables.measurement x
      ${sql.join(lookups, sql` `)}
      where x.variable_id = ${xId} and x.ts >= ${atMs(startMs)} and x.ts < ${atMs(endMs)}
      order by x.ts`.execute(this.db);
    return result.rows;
  }

  /**
   * The mean of every variable in each bucket of the plan, for the buckets where all variables have
   * data; from the rollup rows (sum / count) or from the raw points, as the plan says.
   */
  async bucketMeanRows(variableIds: number[], plan: BucketPlan): Promise<AlignedRow[]> {
    const means = variableIds.map((id, index) => sql`${sql.ref(`s${index}`)} as (${bucketMeans(id, plan)})`);
    const values = variableIds.map((_, index) => sql.ref(`s${index}.mean`));
    const joins = variableIds
      .slice(1)
      .map(
        (_, index) => sql`join ${sql.ref(`s${index + 1}`)} on ${sql.ref(`s${index + 1}.bucket`)} = s0.bucket`,
      );
    const result = await sql<AlignedRow>`
      with ${sql.join(means)}
      select (extract(epoch from s0.bucket) * 1000)::float8 as ts, array[${sql.join(values)}]::float8[] as values
      from s0 ${sql.join(joins, sql` `)}
      order by s0.bucket`.execute(this.db);
    return result.rows;
  }
}

function bucketMeans(variableId: number, plan: BucketPlan) {
  const width = sql`make_interval(secs => ${plan.widthMs / 1000})`;
  if (plan.rollupResolutionS === null) {
    return sql`
      select date_bin(${width}, ts, ${EPOCH}) as bucket, avg(value) as mean
      from variables.measurement
      where variable_id = ${variableId} and ts >= ${atMs(plan.fromMs)} and ts < ${atMs(plan.toMs)}
      group by 1`;
  }
  // The plan's width is a multiple of the resolution: each rollup row lies in exactly one bucket.
  return sql`
    select date_bin(${width}, bucket, ${EPOCH}) as bucket, sum(sum) / sum(count) as mean
    from variables.rollup
    where variable_id = ${variableId} and resolution_s = ${plan.rollupResolutionS}
      and bucket >= ${atMs(plan.fromMs)} and bucket < ${atMs(plan.toMs)}
    group by 1`;
}
