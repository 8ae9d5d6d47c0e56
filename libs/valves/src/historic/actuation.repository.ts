import { Injectable } from '@nestjs/common';
import type { ValveOperation } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { ValvesDb } from '../database/valves-database';

export interface ActuationSpanRow {
  beginMs: number;
  endMs: number;
  operation: ValveOperation;
}

// The analysed actuations (valves.actuation) as the historic screens read them.
@Injectable()
export class ActuationRepository {
  private readonly db: ValvesDb;

  constructor(database: Database) {
    this.db = database.kysely as ValvesDb;
  }

  async countFrom(asset: string, fromMs: number): Promise<number> {
    const result = await sql<{ count: number }>`
      select count(*)::int as count from valves.actuation
       where asset = ${asset} and begin_ms >= ${fromMs}`.execute(this.db);
    return result.rows[0]?.count ?? 0;
  }

  /** Actuations beginning in [fromMs, toMs], in time order. */
  async beginningBetween(asset: string, fromMs: number, toMs: number): Promise<ActuationSpanRow[]> {
    const result = await sql<ActuationSpanRow>`
      select begin_ms::float8 as "beginMs", end_ms::float8 as "endMs", operation
        from valves.actuation
       where asset = ${asset} and begin_ms between ${fromMs} and ${toMs}
       order by begin_ms`.execute(this.db);
    return result.rows;
  }
}
