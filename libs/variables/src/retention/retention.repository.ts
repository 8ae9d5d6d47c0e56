import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import { ROLLUP_RESOLUTIONS_S } from '../rollup/rollup-resolutions';

const ALL_RESOLUTIONS = [...ROLLUP_RESOLUTIONS_S];
const COARSEST_RESOLUTION = Math.max(...ROLLUP_RESOLUTIONS_S);

// Every statement names one variable and a time range, so each delete is a range scan of the primary
// key (variable first) and no index on time alone is needed.
@Injectable()
export class RetentionRepository {
  constructor(private readonly database: Database) {}

  async usesTimescale(): Promise<boolean> {
    const rows = await this.query<{ installed: boolean }>(
      `select exists (select 1 from pg_extension where extname = 'timescaledb') as installed`,
    );
    return rows[0]?.installed ?? false;
  }

  /** TimescaleDB: drops the raw chunks entirely before the horizon (no row-by-row delete). */
  async dropRawChunks(beforeMs: number): Promise<void> {
    await this.query(
      `select drop_chunks('variables.measurement', older_than => to_timestamp($1::float8 / 1000))`,
      [beforeMs],
    );
  }

  async oldestRawMs(variableId: number): Promise<number | null> {
    const rows = await this.query<{ oldest: number | null }>(
      `select date_part('epoch', min(ts)) * 1000 as oldest from variables.measurement where variable_id = $1`,
      [variableId],
    );
    return rows[0]?.oldest ?? null;
  }

  async deleteRaw(variableId: number, fromMs: number, toMs: number): Promise<number> {
    const rows = await this.query<{ deleted: number }>(
      `with gone as (
         delete from variables.measurement
         where variable_id = $1 and ts >= to_timestamp($2::float8 / 1000) and ts < to_timestamp($3::float8 / 1000)
         returning 1)
       select count(*)::int as deleted from gone`,
      [variableId, fromMs, toMs],
    );
    return rows[0]?.deleted ?? 0;
  }

  /** The oldest daily bucket: every finer bucket lies within some daily one. */
  async oldestRollupMs(variableId: number): Promise<number | null> {
    const rows = await this.query<{ oldest: number | null }>(
      `select date_part('epoch', min(bucket)) * 1000 as oldest from variables.rollup
       where variable_id = $1 and resolution_s = $2`,
      [variableId, COARSEST_RESOLUTION],
    );
    return rows[0]?.oldest ?? null;
  }

  async deleteRollups(variableId: number, fromMs: number, toMs: number): Promise<number> {
    const rows = await this.query<{ deleted: number }>(
      `with gone as (
         delete from variables.rollup
         where variable_id = $1 and resolution_s = any($2::int4[])
           and bucket >= to_timestamp($3::float8 / 1000) and bucket < to_timestamp($4::float8 / 1000)
         returning 1)
       select count(*)::int as deleted from gone`,
      [variableId, ALL_RESOLUTIONS, fromMs, toMs],
    );
    return rows[0]?.deleted ?? 0;
  }

  private query<R>(text: string, values?: readonly unknown[]): Promise<R[]> {
    return this.database.withConnection((connection) => connection.query<R>(text, values));
  }
}
