import { sql, type Kysely } from 'kysely';

// Work list of the rollup maintainer: each row says "the 10 s buckets of this variable in [from_ts, to_ts)
// have new or changed raw points". The writer appends rows in the same transaction as the points; the
// maintainer deletes them in the transaction that recomputes those buckets, so the rollups can never
// silently miss a change. No primary key: appends must stay cheap, and duplicates only cost a recompute.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variables.rollup_pending (
      id bigint generated always as identity,
      variable_id integer not null,
      from_ts timestamptz not null,
      to_ts timestamptz not null
    )`.execute(db);
  await sql`create index rollup_pending_id on variables.rollup_pending (id)`.execute(db);

  // TimescaleDB where the server has it: time-partitioned chunks for the raw points (compression and
  // chunk-wise retention become available) and for the rollups. Without it both stay plain tables.
  const available = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'timescaledb') as available`.execute(
    db,
  );
  if (!available.rows[0]?.available) return;
  await sql`create extension if not exists timescaledb`.execute(db);
  await sql`
    select create_hypertable('variables.measurement', 'ts', chunk_time_interval => interval '7 days',
                             migrate_data => true)`.execute(db);
  await sql`
    select create_hypertable('variables.rollup', 'bucket', chunk_time_interval => interval '365 days',
                             migrate_data => true)`.execute(db);
}
