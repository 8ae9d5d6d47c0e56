import { sql, type Kysely } from 'kysely';

// The variable tables (part 1 §2) page, sort and filter on the server over thousands of variables.
// `aggregate` tells calculated variables from measured (raw) ones for the origin filter; the indexes
// let a page sorted by name or unit be read in order instead of sorting every variable (the reference
// has its unique index already).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table variables.variable add column aggregate boolean not null default false`.execute(db);
  await sql`create index variable_by_name on variables.variable (name, id)`.execute(db);
  await sql`create index variable_by_unit on variables.variable (unit, id)`.execute(db);
}
