import { sql, type Kysely } from 'kysely';

// The read cache (docs/read-cache.md): answers of closed-range reads, shared by the service's replicas.
// Each entry names the variables and the time range its answer read, so late points invalidate exactly the
// entries they fall into. The value is JSON text: TOAST compresses it, and the back office reads its
// beginning without decompressing the whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variables.read_cache (
      id integer generated always as identity primary key,
      key text not null unique,
      value text not null,
      size_bytes integer not null,
      variable_ids integer[] not null,
      from_ts timestamptz not null,
      to_ts timestamptz not null,
      hits integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index read_cache_created_at on variables.read_cache (created_at)`.execute(db);

  // Ranges invalidated lately, so that an answer computed while points of its range were being written is
  // not stored (read-cache.repository.ts); rows older than any computation are purged as new ones come.
  // variable_id null: every variable (retention).
  await sql`
    create table variables.read_cache_invalidation (
      variable_id integer,
      from_ts timestamptz not null,
      to_ts timestamptz not null,
      at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index read_cache_invalidation_at on variables.read_cache_invalidation (at)`.execute(db);
}
