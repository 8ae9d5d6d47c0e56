import { Injectable } from '@nestjs/common';
import type { ValveOperation } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { ValvesDb } from '../database/valves-database';

export interface NormalCurveRow {
  asset: string;
  operation: ValveOperation;
  /** by curve level 0..120 (level 0 = closed) */
  values: (number | null)[];
  actuationCount: number;
  windowBeginMs: number;
  windowEndMs: number;
  learnedAtMs: number;
}

export interface FaultFreeActuationRow {
  beginMs: number;
  endMs: number;
  torqueProfile: (number | null)[];
}

// The learned normal curves (valves.normal_curve) and the fault-free actuations they are learned from.
@Injectable()
export class NormalCurveRepository {
  private readonly db: ValvesDb;

  constructor(database: Database) {
    this.db = database.kysely as ValvesDb;
  }

  async ofAsset(asset: string): Promise<NormalCurveRow[]> {
    const result = await sql<NormalCurveRow>`
      select asset, operation, "values", actuation_count as "actuationCount",
             window_begin_ms::float8 as "windowBeginMs", window_end_ms::float8 as "windowEndMs",
             (extract(epoch from learned_at) * 1000)::float8 as "learnedAtMs"
        from valves.normal_curve where asset = ${asset}`.execute(this.db);
    return result.rows;
  }

  /** The last `limit` actuations of the operation that raised no failure code, newest first. */
  async lastFaultFree(
    asset: string,
    operation: ValveOperation,
    limit: number,
  ): Promise<FaultFreeActuationRow[]> {
    const result = await sql<FaultFreeActuationRow>`
      select begin_ms::float8 as "beginMs", end_ms::float8 as "endMs", torque_profile as "torqueProfile"
        from valves.actuation
       where asset = ${asset} and operation = ${operation} and codes = '{}'
       order by begin_ms desc
       limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Stores the curve in place of the valve's previous one for the operation; answers it as stored. */
  async save(curve: Omit<NormalCurveRow, 'learnedAtMs'>): Promise<NormalCurveRow> {
    const result = await sql<NormalCurveRow>`
      insert into valves.normal_curve (asset, operation, "values", actuation_count, window_begin_ms, window_end_ms)
      values (${curve.asset}, ${curve.operation}, ${curve.values}::float8[], ${curve.actuationCount},
              ${curve.windowBeginMs}, ${curve.windowEndMs})
      on conflict (asset, operation) do update
         set "values" = excluded."values", actuation_count = excluded.actuation_count,
             window_begin_ms = excluded.window_begin_ms, window_end_ms = excluded.window_end_ms,
             learned_at = now()
      returning asset, operation, "values", actuation_count as "actuationCount",
                window_begin_ms::float8 as "windowBeginMs", window_end_ms::float8 as "windowEndMs",
                (extract(epoch from learned_at) * 1000)::float8 as "learnedAtMs"`.execute(this.db);
    const [stored] = result.rows;
    if (!stored) throw new Error('valves.normal_curve: the upsert returned no row');
    return stored;
  }
}
