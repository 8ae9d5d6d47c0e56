import { Injectable } from '@nestjs/common';
import type { MeasurementPoint } from '@plantlens/contracts';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import { mergeIntoRollups } from '../rollup/rollup.repository';
import { ROLLUP_RESOLUTIONS_S } from '../rollup/rollup-resolutions';
import { encodeMeasurementCopy } from './binary-copy';
import type { PreparedBatch } from './measurement-batch';

const UNIQUE_VIOLATION = '23505';

// Per-session scratch table for one write: temporary (no WAL, invisible to others) and emptied at commit.
const CREATE_STAGING = `
  create temp table if not exists measurement_staging (
    variable_id int4 not null, ts timestamptz not null, value float8 not null
  ) on commit delete rows`;

// Points not stored yet. A replayed point is left alone (no dead tuple, no WAL) and not returned, so it is
// not merged into the rollups twice. Time as epoch milliseconds, exactly (numeric before the cast).
const INSERT_NEW = `
  insert into variables.measurement (variable_id, ts, value)
  select variable_id, ts, value from pg_temp.measurement_staging
  on conflict (variable_id, ts) do nothing
  returning variable_id as "variableId", (extract(epoch from ts) * 1000)::float8 as ts, value`;

// Stored points whose value changed: the later value wins, and their 10 s buckets go to the rollup
// maintainer, which recomputes them from the raw points (a partial cannot take an old min or max back).
const FINEST = `interval '${ROLLUP_RESOLUTIONS_S[0]} seconds'`;
const CORRECT_CHANGED = `
  with corrected as (
    update variables.measurement as stored set value = staged.value
    from pg_temp.measurement_staging as staged
    where stored.variable_id = staged.variable_id and stored.ts = staged.ts
      and stored.value is distinct from staged.value
    returning stored.variable_id, date_bin(${FINEST}, stored.ts, timestamptz 'epoch') as bucket
  )
  insert into variables.rollup_pending (variable_id, from_ts, to_ts)
  select distinct variable_id, bucket, bucket + ${FINEST} from corrected`;

@Injectable()
export class MeasurementRepository {
  constructor(private readonly database: Database) {}

  /**
   * Stores a prepared batch (at most one point per variable and instant) in one transaction, with the
   * rollups updated from it; nothing of it is visible, or lost, unless all of it commits. Almost every
   * batch is new data, so it is first COPied straight into `measurement` — as fast as a plain COPY — and
   * its partial rollups merged into the stored ones. If any point already exists (a replay, a
   * correction), that attempt is undone to a savepoint and the batch goes the general way: COPY into the
   * session's staging table, insert the new points (only those are merged into the rollups), overwrite
   * the changed ones (their buckets are recomputed by the rollup maintainer).
   */
  async store(batch: PreparedBatch): Promise<void> {
    if (batch.points.length === 0) return;
    await this.database.transaction((connection) => storeOn(connection, batch));
  }
}

/** `store` within a transaction the caller holds (the back-fill commits a chunk and its progress together). */
export async function storeOn(connection: DatabaseConnection, batch: PreparedBatch): Promise<void> {
  if (batch.points.length === 0) return;
  const copy = encodeMeasurementCopy(batch.points);
  await connection.query('savepoint new_points');
  let inserted: readonly MeasurementPoint[];
  try {
    await connection.copyFrom(
      'copy variables.measurement (variable_id, ts, value) from stdin (format binary)',
      copy,
    );
    await connection.query('release savepoint new_points');
    inserted = batch.points;
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await connection.query('rollback to savepoint new_points');
    await connection.query(CREATE_STAGING);
    await connection.copyFrom('copy pg_temp.measurement_staging from stdin (format binary)', copy);
    // New points first: a conflicting insert of a transaction still running waits for it, and the update
    // after it then sees that row and applies this batch's value over it.
    inserted = (await connection.query<MeasurementPoint>(INSERT_NEW)).sort(
      (a, b) => a.variableId - b.variableId || a.ts - b.ts,
    );
    await connection.query(CORRECT_CHANGED);
  }
  await mergeIntoRollups(connection, inserted);
}
