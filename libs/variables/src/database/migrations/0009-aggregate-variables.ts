import { sql, type Kysely } from 'kysely';

// Aggregate variables (part 1 §3): a variable row (aggregate = true) plus its calculation. The points
// it gives live in `measurement` like any other, so every reader works on them unchanged.
//   definition   — the calculation as the contracts' AggregateDefinition (goal and its operands)
//   input_ids    — the variables it reads, for "who depends on X" (GIN) and the live calculator's index
//   backfill_*   — the history calculation of `historic` ones: the planned range, how far it has
//                  committed (it resumes from there after a restart) and its state and error
// Owner and sharing rows live in the identity service (object type `variable`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variables.aggregate_variable (
      variable_id integer primary key references variables.variable (id) on delete cascade,
      definition jsonb not null,
      input_ids integer[] not null,
      historic boolean not null default false,
      backfill_state text not null default 'none'
        check (backfill_state in ('none', 'pending', 'running', 'done', 'failed')),
      backfill_from timestamptz,
      backfill_to timestamptz,
      backfill_done_until timestamptz,
      backfill_error text
    )`.execute(db);
  await sql`create index aggregate_variable_inputs on variables.aggregate_variable using gin (input_ids)`.execute(
    db,
  );
  await sql`
    create index aggregate_variable_backfill_open on variables.aggregate_variable (variable_id)
    where backfill_state in ('pending', 'running')`.execute(db);
}
