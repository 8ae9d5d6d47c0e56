import { Injectable } from '@nestjs/common';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import { encodeMeasurementCopy } from './binary-copy';
import type { PreparedBatch } from './measurement-batch';

const UNIQUE_VIOLATION = '23505';

// Per-session scratch table for one write: temporary (no WAL, invisible to others) and emptied at commit.
const CREATE_STAGING = `
  create temp table if not exists measurement_staging (
    variable_id int4 not null, ts timestamptz not null, value float8 not null
  ) on commit delete rows`;

// A replayed point matches its stored value and writes nothing (no dead tuple, no WAL); a changed one wins.
const MERGE_STAGING = `
  insert into variables.measurement as stored (variable_id, ts, value)
  select variable_id, ts, value from pg_temp.measurement_staging
  on conflict (variable_id, ts) do update set value = excluded.value
  where stored.value is distinct from excluded.value`;

const RECORD_TOUCHED = `
  insert into variables.rollup_pending (variable_id, from_ts, to_ts)
  select variable_id, to_timestamp(from_ms / 1000), to_timestamp(to_ms / 1000)
  from unnest($1::int4[], $2::float8[], $3::float8[]) as touched(variable_id, from_ms, to_ms)`;

@Injectable()
export class MeasurementRepository {
  constructor(private readonly database: Database) {}

  /**
   * Stores a prepared batch (at most one point per variable and instant) in one transaction, with the
   * touched 10 s ranges for the rollup maintainer; nothing of it is visible, or lost, unless all of it
   * commits. Almost every batch is new data, so it is first COPied straight into `measurement` — as fast
   * as a plain COPY. If any point already exists (a replay, a correction), that attempt is undone to a
   * savepoint and the batch goes the general way: COPY into the session's staging table, then one
   * set-based merge where the new value wins.
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
  try {
    await connection.copyFrom(
      'copy variables.measurement (variable_id, ts, value) from stdin (format binary)',
      copy,
    );
    await connection.query('release savepoint new_points');
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await connection.query('rollback to savepoint new_points');
    await connection.query(CREATE_STAGING);
    await connection.copyFrom('copy pg_temp.measurement_staging from stdin (format binary)', copy);
    await connection.query(MERGE_STAGING);
  }
  await connection.query(RECORD_TOUCHED, [
    batch.touched.map((range) => range.variableId),
    batch.touched.map((range) => range.fromMs),
    batch.touched.map((range) => range.toMs),
  ]);
}
