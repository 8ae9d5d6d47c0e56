import { Injectable } from '@nestjs/common';
import { VALVE_SIGNAL_NAMES } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { ValvesDb } from '../database/valves-database';

export interface AssetErrorRow {
  asset: string;
  beginMs: number;
  endMs: number;
  code: number;
}

// What the current status reads: the latest valve sample and the errors of the window before it.
@Injectable()
export class CurrentStatusRepository {
  private readonly db: ValvesDb;

  constructor(database: Database) {
    this.db = database.kysely as ValvesDb;
  }

  /** Epoch ms of the latest sample of any valve signal, null when none. */
  async latestSampleMs(): Promise<number | null> {
    // One index probe per valve and signal (the key is asset, signal, ts) instead of a scan of every sample.
    const result = await sql<{ latest: number | null }>`
      select max(latest.ts)::float8 as latest
        from valves.asset a
       cross join unnest(${[...VALVE_SIGNAL_NAMES]}::text[]) as s(signal)
       cross join lateral (
         select ts from valves.signal_sample
          where asset = a.id and signal = s.signal
          order by ts desc limit 1) latest`.execute(this.db);
    return result.rows[0]?.latest ?? null;
  }

  /** Errors whose actuation ended in (sinceMs, untilMs], newest first. */
  errorsEndedBetween(sinceMs: number, untilMs: number): Promise<AssetErrorRow[]> {
    return sql<AssetErrorRow>`
      select asset, begin_ms::float8 as "beginMs", end_ms::float8 as "endMs", code
        from valves.asset_error
       where end_ms > ${sinceMs} and end_ms <= ${untilMs}
       order by begin_ms desc, code`
      .execute(this.db)
      .then((result) => result.rows);
  }
}
