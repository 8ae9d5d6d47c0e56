import type { AggregateBackfillState } from '@plantlens/contracts';
import type { ColumnType, Generated, Kysely } from 'kysely';

export interface VariableTable {
  id: Generated<number>;
  client_reference: string;
  name: string;
  unit: string | null;
  category_id: number | null;
  aggregate: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
}

export interface MeasurementTable {
  variable_id: number;
  ts: Date;
  value: number;
}

export interface RollupTable {
  variable_id: number;
  resolution_s: number;
  bucket: Date;
  count: number;
  sum: number;
  min: number;
  min_ts: Date;
  max: number;
  max_ts: Date;
  first: number;
  first_ts: Date;
  last: number;
  last_ts: Date;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
}

export interface VariableTagTable {
  variable_id: number;
  tag_id: number;
}

export interface QueryTable {
  id: Generated<number>;
  name: string;
  relative_path: string;
  star: boolean;
  tags: string[];
  created_at: ColumnType<Date, never, never>;
}

export interface RollupPendingTable {
  id: Generated<string>;
  variable_id: number;
  from_ts: Date;
  to_ts: Date;
}

export interface ReadCacheTable {
  id: Generated<number>;
  key: string;
  value: string;
  size_bytes: number;
  variable_ids: number[];
  from_ts: Date;
  to_ts: Date;
  hits: ColumnType<number, never, number>;
  created_at: ColumnType<Date, never, never>;
}

export interface CategoryGroupTable {
  id: Generated<number>;
  name: string;
  owner: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface CategoryRangeTable {
  group_id: number;
  value: number;
  name: string;
  color: string;
}

export interface AggregateVariableTable {
  variable_id: number;
  /** the contracts' AggregateDefinition */
  definition: ColumnType<unknown, string, string>;
  input_ids: number[];
  historic: boolean;
  backfill_state: ColumnType<
    AggregateBackfillState,
    AggregateBackfillState | undefined,
    AggregateBackfillState
  >;
  backfill_from: Date | null;
  backfill_to: Date | null;
  backfill_done_until: Date | null;
  backfill_error: string | null;
}

export interface VariablesDatabase {
  'variables.variable': VariableTable;
  'variables.measurement': MeasurementTable;
  'variables.rollup': RollupTable;
  'variables.tag': TagTable;
  'variables.variable_tag': VariableTagTable;
  'variables.query': QueryTable;
  'variables.rollup_pending': RollupPendingTable;
  'variables.read_cache': ReadCacheTable;
  'variables.category_group': CategoryGroupTable;
  'variables.category_range': CategoryRangeTable;
  'variables.aggregate_variable': AggregateVariableTable;
}

export type VariablesDb = Kysely<VariablesDatabase>;

export const VARIABLES_SCHEMA = 'variables';
