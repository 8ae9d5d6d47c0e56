import { sql, type Kysely } from 'kysely';

// The map's plant background and the assets' labels (docs/rules-and-incidences.md, "The current-status
// map"). One site plan per installation: the single row is keyed by a constant true.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rules.asset add column label text`.execute(db);
  await sql`
    create table rules.site_plan (
      singleton boolean primary key default true check (singleton),
      image bytea not null,
      content_type text not null,
      version text not null,
      top_left_lat double precision not null,
      top_left_lng double precision not null,
      bottom_right_lat double precision not null,
      bottom_right_lng double precision not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
