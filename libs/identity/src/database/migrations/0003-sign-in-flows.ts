import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Directory sign-ins started and not yet finished (the OIDC authorization-code flow), shared by every
  // identity replica: the provider may send the browser back to another replica than the one that started
  // it. Keyed by a hash of the flow's state; a row is deleted when the flow ends (single use) and is no
  // longer accepted after expires_at (docs/security.md "Directory sign-in").
  await sql`
    create table identity.sign_in_flow (
      state_hash text primary key,
      code_verifier text not null,
      nonce text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_flow_expires on identity.sign_in_flow (expires_at)`.execute(db);
}
