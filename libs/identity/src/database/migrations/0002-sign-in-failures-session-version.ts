import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Failed sign-ins per throttling key (a hash of "user", "address" or "user and address"), shared by every
  // identity replica. One row per key, forgotten a window after its last failure (docs/security.md).
  await sql`
    create table identity.sign_in_failure (
      key text primary key,
      failures integer not null,
      last_failure_at timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_failure_last on identity.sign_in_failure (last_failure_at)`.execute(db);
  // Carried by every access token; disabling, deleting or a password change bumps it, ending the tokens.
  await sql`alter table identity.app_user add column session_version integer not null default 0`.execute(db);
}
