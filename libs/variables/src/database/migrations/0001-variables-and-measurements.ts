import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variables.variable (
      id integer generated always as identity primary key,
      client_reference text not null unique,
      name text not null,
      unit text,
      category_id integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  // One row per point; the primary key makes a replayed point overwrite itself instead of duplicating.
  // No foreign key: ingestion checks ids itself, and a hypertable (issue 4) cannot carry one cheaply.
  await sql`
    create table variables.measurement (
      variable_id integer not null,
      ts timestamptz not null,
      value double precision not null,
      primary key (variable_id, ts)
    )`.execute(db);
}
