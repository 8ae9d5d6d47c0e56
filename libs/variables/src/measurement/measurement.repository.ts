import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { MeasurementPoint } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import type { VariablesDb } from '../database/variables-database';

export interface SeriesPoint {
  /** epoch milliseconds */
  ts: number;
  value: number;
}

// Rows per INSERT statement: large enough to amortise the round trip, small enough for PGlite's memory.
const UPSERT_CHUNK = 5_000;

@Injectable()
export class MeasurementRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  /**
   * Stores points idempotently: a point already stored for (variable, ts) takes the new value, so a
   * replayed batch changes nothing and a later correction wins. Within one call the last point wins.
   */
  async upsert(points: MeasurementPoint[]): Promise<number> {
    const latest = new Map<string, MeasurementPoint>();
    for (const point of points) latest.set(`${point.variableId}:${point.ts}`, point);
    const unique = [...latest.values()];
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < unique.length; start += UPSERT_CHUNK) {
        const chunk = unique.slice(start, start + UPSERT_CHUNK);
        await sql`
          insert into variables.measurement (variable_id, ts, value)
          select v, to_timestamp(t / 1000.0), x
          from unnest(${chunk.map((p) => p.variableId)}::int4[], ${chunk.map((p) => p.ts)}::float8[],
                      ${chunk.map((p) => p.value)}::float8[]) as input(v, t, x)
          on conflict (variable_id, ts) do update set value = excluded.value`.execute(trx);
      }
    });
    return unique.length;
  }

  async countInRange(variableId: number, startMs: number, endMs: number): Promise<number> {
    const result = await sql<{ count: number }>`
      select count(*)::int as count from variables.measurement
      where variable_id = ${variableId} and ts >= to_timestamp(${startMs} / 1000.0) and ts < to_timestamp(${endMs} / 1000.0)
    `.execute(this.db);
    return result.rows[0]?.count ?? 0;
  }

  async rawSeries(variableId: number, startMs: number, endMs: number): Promise<SeriesPoint[]> {
    const result = await sql<SeriesPoint>`
      select (extract(epoch from ts) * 1000)::float8 as ts, value from variables.measurement
      where variable_id = ${variableId} and ts >= to_timestamp(${startMs} / 1000.0) and ts < to_timestamp(${endMs} / 1000.0)
      order by ts`.execute(this.db);
    return result.rows;
  }

  /**
   * M4 reduction: for each of `buckets` equal time buckets, the first, last, lowest and highest point.
   * A line through these points draws the same pixels as the raw line at that width.
   */
  async m4Series(
    variableId: number,
    startMs: number,
    endMs: number,
    buckets: number,
  ): Promise<SeriesPoint[]> {
    const result = await sql<SeriesPoint>`
      with points as (
        select ts, value,
               floor((extract(epoch from ts) * 1000 - ${startMs}) * ${buckets} / ${endMs - startMs}::float8)::int as bucket
        from variables.measurement
        where variable_id = ${variableId} and ts >= to_timestamp(${startMs} / 1000.0) and ts < to_timestamp(${endMs} / 1000.0)
      ), ranked as (
        select ts, value,
               row_number() over (partition by bucket order by ts) as first_rank,
               row_number() over (partition by bucket order by ts desc) as last_rank,
               row_number() over (partition by bucket order by value, ts) as min_rank,
               row_number() over (partition by bucket order by value desc, ts) as max_rank
        from points
      )
      select (extract(epoch from ts) * 1000)::float8 as ts, value from ranked
      where first_rank = 1 or last_rank = 1 or min_rank = 1 or max_rank = 1
      order by ts`.execute(this.db);
    return result.rows;
  }
}
