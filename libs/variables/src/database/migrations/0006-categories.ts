import { sql, type Kysely } from 'kysely';

// Categorical variable groups (spec part 1 §3 "Category group"): a group names its categories (ranges of
// value, name, colour); a variable belongs to at most one group through variable.category_id, so the
// group's variables are read from there and a variable cannot sit in two groups. The owner is the
// creator's username, kept as text: users live in the identity service.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variables.category_group (
      id integer generated always as identity primary key,
      name text not null check (length(btrim(name)) > 0),
      owner text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index category_group_name_unique on variables.category_group (lower(name))`.execute(
    db,
  );
  await sql`
    create table variables.category_range (
      group_id integer not null references variables.category_group (id) on delete cascade,
      value double precision not null,
      name text not null check (length(btrim(name)) > 0),
      color text not null,
      primary key (group_id, value)
    )`.execute(db);
  // Nothing set category_id before this migration; a stray value would name no group.
  await sql`update variables.variable set category_id = null where category_id is not null`.execute(db);
  await sql`
    alter table variables.variable
      add constraint variable_category_fk foreign key (category_id)
      references variables.category_group (id) on delete set null`.execute(db);
  await sql`create index variable_by_category on variables.variable (category_id) where category_id is not null`.execute(
    db,
  );
}
