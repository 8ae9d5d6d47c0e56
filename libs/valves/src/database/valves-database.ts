import type { ColumnType, Kysely } from 'kysely';

// bigint columns come back as strings from pg; repositories cast them in SQL.
type Int8 = ColumnType<string, number | string, number | string>;

export interface ValveAssetTable {
  id: string;
  coke_drum: string;
  type: string;
  label: string;
  serial_number: string | null;
  tag_number: string | null;
  last_maintenance: ColumnType<Date | null, string | null, string | null>;
  position: number;
}

export interface VariableSignalTable {
  variable_id: number;
  client_reference: string;
  asset: string | null;
  signal: string | null;
}

export interface SignalSampleTable {
  asset: string;
  signal: string;
  ts: Int8;
  value: number;
}

export interface ActuationTable {
  asset: string;
  begin_ms: Int8;
  end_ms: Int8;
  operation: string;
  codes: number[];
  torque_profile: (number | null)[];
}

export interface AssetErrorTable {
  asset: string;
  begin_ms: Int8;
  end_ms: Int8;
  code: number;
  published: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface NormalCurveTable {
  asset: string;
  operation: string;
  values: (number | null)[];
  actuation_count: number;
  window_begin_ms: Int8;
  window_end_ms: Int8;
  learned_at: ColumnType<Date, never, never>;
}

export interface AnalysisProgressTable {
  asset: string;
  analysed_until_ms: Int8;
}

export interface ValvesDatabase {
  'valves.asset': ValveAssetTable;
  'valves.variable_signal': VariableSignalTable;
  'valves.signal_sample': SignalSampleTable;
  'valves.actuation': ActuationTable;
  'valves.asset_error': AssetErrorTable;
  'valves.normal_curve': NormalCurveTable;
  'valves.analysis_progress': AnalysisProgressTable;
}

export type ValvesDb = Kysely<ValvesDatabase>;

export const VALVES_SCHEMA = 'valves';
