import type { ColumnType, Generated, Kysely } from 'kysely';

// bigint and count columns come back as strings from pg; repositories cast them in SQL.
type Int8 = ColumnType<string, number | string, number | string>;

export interface RuleTable {
  id: Generated<number>;
  name: string;
  enabled: Generated<boolean>;
  operator: string;
  var_one_id: number | null;
  var_two_id: number | null;
  constant: number | null;
  min_duration_s: Generated<number>;
  deadband: Generated<number>;
  emails: Generated<string[]>;
  tags: Generated<string[]>;
  var_one_label: string | null;
  var_one_reference: string | null;
  var_one_unit: string | null;
  var_two_label: string | null;
  var_two_reference: string | null;
  asset_id: number | null;
  source_asset: Generated<string | null>;
  source_error_code: Generated<number | null>;
  created_at: ColumnType<Date, never, never>;
}

export interface AssetTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  lat: number | null;
  lng: number | null;
}

export interface RuleDayTable {
  rule_id: number;
  day: ColumnType<Date, string, string>;
  evaluations: Int8;
  activations: Int8;
}

export interface IncidenceSummaryTable {
  id: Generated<number>;
  rule_id: number;
  first_activation: Date;
  last_activation: Date;
  openings: Generated<number>;
  resolved_at: Date | null;
}

export interface SummaryStatusTable {
  id: Generated<number>;
  summary_id: number;
  status: string;
  changed_at: Generated<Date>;
  user_id: number | null;
}

export interface IncidenceTable {
  id: Generated<number>;
  rule_id: number;
  summary_id: number;
  opened_ms: Int8;
  opened_value: number;
  opened_threshold: number;
  closed_ms: Int8 | null;
  closed_value: number | null;
  closed_threshold: number | null;
  historical: Generated<boolean>;
}

export interface OutboxTable {
  id: Generated<Int8>;
  owner: string;
  topic: string;
  key: string;
  payload: unknown;
}

export interface RulesDatabase {
  'rules.rule': RuleTable;
  'rules.asset': AssetTable;
  'rules.rule_day': RuleDayTable;
  'rules.incidence_summary': IncidenceSummaryTable;
  'rules.summary_status': SummaryStatusTable;
  'rules.incidence': IncidenceTable;
  'rules.outbox': OutboxTable;
}

export type RulesDb = Kysely<RulesDatabase>;

export const RULES_SCHEMA = 'rules';
