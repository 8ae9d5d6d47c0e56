import type { ColumnType, Generated, Kysely } from 'kysely';

export interface VariableTable {
  id: Generated<number>;
  client_reference: string;
  name: string;
  unit: string | null;
  category_id: number | null;
  created_at: ColumnType<Date, never, never>;
}

export interface MeasurementTable {
  variable_id: number;
  ts: Date;
  value: number;
}

export interface VariablesDatabase {
  'variables.variable': VariableTable;
  'variables.measurement': MeasurementTable;
}

export type VariablesDb = Kysely<VariablesDatabase>;

export const VARIABLES_SCHEMA = 'variables';
