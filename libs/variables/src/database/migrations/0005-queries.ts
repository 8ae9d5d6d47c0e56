import { sql, type Kysely } from 'kysely';

// Saved queries (spec part 1 §3 "Query"): named explorer addresses. The owner and the sharing rows
// live in the identity service (object type `query`), which the query service asks over HTTP.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variables.query (
      id integer generated always as identity primary key,
      name text not null,
      relative_path text not null,
      star boolean not null default false,
      tags text[] not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
}
