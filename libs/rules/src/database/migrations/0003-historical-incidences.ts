import { sql, type Kysely } from 'kysely';

// Incidences a new rule found in the stored history before going live (a rule created "from" a past
// instant, docs/rules-and-incidences.md "Trying a rule on history"): they sent no e-mail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rules.incidence add column historical boolean not null default false`.execute(db);
}
