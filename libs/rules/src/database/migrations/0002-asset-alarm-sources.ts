import { sql, type Kysely } from 'kysely';

// Valve failures as incidences (docs/rules-and-incidences.md "Valve failures as incidences"): a rule-like
// source per asset and failure code is a row of rules.rule, so incidences, summaries, day counts, e-mails,
// permissions and the map need no second path. Its condition is "the asset's failure code = code" (operator
// '=', constant the code) without a variable; the engine never loads it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rules.rule
      add column source_asset text,
      add column source_error_code integer,
      alter column var_one_id drop not null,
      alter column var_one_label drop not null,
      alter column var_one_reference drop not null`.execute(db);
  await sql`
    alter table rules.rule add constraint rule_kind check (
      case when source_asset is null
        then source_error_code is null and var_one_id is not null and var_one_label is not null
          and var_one_reference is not null
        else source_error_code is not null and var_one_id is null and var_two_id is null and operator = '='
          and constant = source_error_code
      end)`.execute(db);
  await sql`create unique index rule_source on rules.rule (source_asset, source_error_code) where source_asset is not null`.execute(
    db,
  );
}
