import { VALVE_ASSET_IDS, type RawVariableDeclaration, type ValveAssetId } from '@plantlens/contracts';

export const PLANT_UNITS = ['cdu', 'dcu', 'hdt', 'utl'] as const;
export type PlantUnit = (typeof PLANT_UNITS)[number];

// Tag trees the variables are declared with (paths from the root): where a variable is measured, and
// what it measures. Tags under one root are alternatives in tag filters, tags under different roots
// combine, so "Area/Delayed coker unit" with "Measurement/Temperature" finds the coker's temperatures.
const AREA = 'Area';
/** what people call each unit: its area tag and its label on the current-status map */
export const PLANT_UNIT_LABELS: Record<PlantUnit, string> = {
  cdu: 'Crude distillation unit',
  dcu: 'Delayed coker unit',
  hdt: 'Hydrotreater',
  utl: 'Utilities',
};
const PLANT_UNIT_AREAS = Object.fromEntries(
  PLANT_UNITS.map((unit) => [unit, `${AREA}/${PLANT_UNIT_LABELS[unit]}`]),
) as Record<PlantUnit, string>;
const COKE_DRUM_AREAS = {
  a: `${PLANT_UNIT_AREAS.dcu}/Coke drum A`,
  b: `${PLANT_UNIT_AREAS.dcu}/Coke drum B`,
};
const MEASUREMENT = 'Measurement';
const MEASUREMENT_BY_UNIT: Record<string, string> = {
  '°C': `${MEASUREMENT}/Temperature`,
  bar: `${MEASUREMENT}/Pressure`,
  'm3/h': `${MEASUREMENT}/Flow`,
  't/h': `${MEASUREMENT}/Flow`,
  '%': `${MEASUREMENT}/Level`,
};
const VALVE_SIGNAL = 'Valve signal';

// A process variable and the band its simulated value stays in.
export interface ProcessVariableSpec extends RawVariableDeclaration {
  plantUnit: PlantUnit;
  min: number;
  max: number;
}

function pv(plantUnit: PlantUnit, signal: string, name: string, unit: string, min: number, max: number) {
  const drum = /^drum_([ab])_/.exec(signal)?.[1] as keyof typeof COKE_DRUM_AREAS | undefined;
  const area = drum ? COKE_DRUM_AREAS[drum] : PLANT_UNIT_AREAS[plantUnit];
  const tags = [area, MEASUREMENT_BY_UNIT[unit]].filter((tag): tag is string => tag !== undefined);
  return { clientReference: `${plantUnit}_${signal}`, name, unit, tags, plantUnit, min, max };
}

export const PROCESS_VARIABLES: ProcessVariableSpec[] = [
  // Crude distillation unit
  pv('cdu', 'feed_flow', 'CDU crude feed flow', 'm3/h', 620, 880),
  pv('cdu', 'feed_temperature', 'CDU crude feed temperature', '°C', 228, 262),
  pv('cdu', 'desalter_temperature', 'CDU desalter temperature', '°C', 122, 142),
  pv('cdu', 'desalter_pressure', 'CDU desalter pressure', 'bar', 9, 12),
  pv('cdu', 'desalter_level', 'CDU desalter interface level', '%', 40, 60),
  pv('cdu', 'furnace_outlet_temperature', 'CDU furnace outlet temperature', '°C', 352, 372),
  pv('cdu', 'furnace_fuel_gas_pressure', 'CDU furnace fuel gas pressure', 'bar', 1.4, 3.2),
  pv('cdu', 'column_top_temperature', 'CDU column top temperature', '°C', 108, 132),
  pv('cdu', 'column_top_pressure', 'CDU column top pressure', 'bar', 0.9, 1.7),
  pv('cdu', 'column_bottom_temperature', 'CDU column bottom temperature', '°C', 338, 356),
  pv('cdu', 'column_bottom_level', 'CDU column bottom level', '%', 35, 65),
  pv('cdu', 'reflux_drum_level', 'CDU reflux drum level', '%', 30, 70),
  pv('cdu', 'reflux_flow', 'CDU top reflux flow', 'm3/h', 150, 250),
  pv(
    'cdu',
    'overhead_condenser_outlet_temperature',
    'CDU overhead condenser outlet temperature',
    '°C',
    38,
    56,
  ),
  pv('cdu', 'naphtha_flow', 'CDU naphtha product flow', 'm3/h', 115, 185),
  pv('cdu', 'kerosene_flow', 'CDU kerosene product flow', 'm3/h', 78, 132),
  pv('cdu', 'diesel_flow', 'CDU diesel product flow', 'm3/h', 145, 225),
  pv('cdu', 'residue_flow', 'CDU atmospheric residue flow', 'm3/h', 195, 305),
  // Delayed coker unit
  pv('dcu', 'feed_flow', 'DCU fresh feed flow', 'm3/h', 150, 220),
  pv('dcu', 'furnace_inlet_temperature', 'DCU furnace inlet temperature', '°C', 298, 332),
  pv('dcu', 'furnace_outlet_temperature', 'DCU furnace outlet temperature', '°C', 488, 506),
  pv('dcu', 'furnace_coil_pressure', 'DCU furnace coil inlet pressure', 'bar', 18, 28),
  pv('dcu', 'drum_a_pressure', 'DCU coke drum A top pressure', 'bar', 1.0, 2.6),
  pv('dcu', 'drum_b_pressure', 'DCU coke drum B top pressure', 'bar', 1.0, 2.6),
  pv('dcu', 'drum_a_top_temperature', 'DCU coke drum A top temperature', '°C', 405, 445),
  pv('dcu', 'drum_b_top_temperature', 'DCU coke drum B top temperature', '°C', 405, 445),
  pv('dcu', 'fractionator_top_temperature', 'DCU fractionator top temperature', '°C', 118, 142),
  pv('dcu', 'fractionator_top_pressure', 'DCU fractionator top pressure', 'bar', 1.1, 1.9),
  pv('dcu', 'fractionator_bottom_level', 'DCU fractionator bottom level', '%', 40, 70),
  pv('dcu', 'hcgo_flow', 'DCU heavy coker gas oil flow', 'm3/h', 38, 72),
  pv('dcu', 'lcgo_flow', 'DCU light coker gas oil flow', 'm3/h', 28, 56),
  pv('dcu', 'blowdown_drum_level', 'DCU blowdown drum level', '%', 15, 50),
  pv('dcu', 'coke_production_rate', 'DCU coke production rate', 't/h', 38, 62),
  // Hydrotreater
  pv('hdt', 'feed_flow', 'HDT feed flow', 'm3/h', 100, 160),
  pv('hdt', 'reactor_inlet_temperature', 'HDT reactor inlet temperature', '°C', 328, 372),
  pv('hdt', 'reactor_outlet_temperature', 'HDT reactor outlet temperature', '°C', 348, 392),
  pv('hdt', 'reactor_pressure', 'HDT reactor pressure', 'bar', 50, 66),
  pv('hdt', 'reactor_differential_pressure', 'HDT reactor bed differential pressure', 'bar', 1.2, 3.2),
  pv('hdt', 'hydrogen_makeup_flow', 'HDT hydrogen make-up flow', 't/h', 1.4, 3.1),
  pv(
    'hdt',
    'recycle_compressor_discharge_pressure',
    'HDT recycle gas compressor discharge pressure',
    'bar',
    60,
    71,
  ),
  pv('hdt', 'separator_pressure', 'HDT high-pressure separator pressure', 'bar', 44, 56),
  pv('hdt', 'separator_level', 'HDT high-pressure separator level', '%', 35, 65),
  pv('hdt', 'stripper_bottom_temperature', 'HDT stripper bottom temperature', '°C', 248, 282),
  pv('hdt', 'product_flow', 'HDT product flow', 'm3/h', 95, 152),
  // Utilities
  pv('utl', 'hp_steam_header_pressure', 'HP steam header pressure', 'bar', 38, 42),
  pv('utl', 'hp_steam_header_temperature', 'HP steam header temperature', '°C', 388, 412),
  pv('utl', 'lp_steam_header_pressure', 'LP steam header pressure', 'bar', 3.4, 4.6),
  pv('utl', 'boiler_feedwater_flow', 'Boiler feedwater flow', 't/h', 118, 182),
  pv('utl', 'deaerator_level', 'Deaerator level', '%', 45, 65),
  pv('utl', 'cooling_water_supply_temperature', 'Cooling water supply temperature', '°C', 23, 31),
  pv('utl', 'cooling_water_return_temperature', 'Cooling water return temperature', '°C', 33, 43),
  pv('utl', 'cooling_water_flow', 'Cooling water circulation flow', 'm3/h', 4000, 6000),
  pv('utl', 'instrument_air_pressure', 'Instrument air header pressure', 'bar', 6.4, 7.6),
  pv('utl', 'fuel_gas_header_pressure', 'Fuel gas header pressure', 'bar', 3.4, 4.6),
  pv('utl', 'flare_header_pressure', 'Flare header pressure', 'bar', 0.05, 0.35),
  pv('utl', 'nitrogen_header_pressure', 'Nitrogen header pressure', 'bar', 6.8, 8.2),
];

// The coke-drum valves of the valve monitoring screens.
export const VALVE_ASSETS = VALVE_ASSET_IDS;
export type ValveAsset = ValveAssetId;

// Order matters: the simulator computes a valve's signals by their index in this list.
// Opening and torque are percentages of travel and of rated torque, not levels: no measurement tag.
export const VALVE_SIGNALS = [
  { signal: 'opening', label: 'opening', unit: '%', tag: `${VALVE_SIGNAL}/Opening`, measurement: null },
  { signal: 'torque', label: 'torque', unit: '%', tag: `${VALVE_SIGNAL}/Torque`, measurement: null },
  {
    signal: 'pressure',
    label: 'steam pressure',
    unit: 'bar',
    tag: `${VALVE_SIGNAL}/Steam pressure`,
    measurement: MEASUREMENT_BY_UNIT.bar,
  },
  {
    signal: 'flow',
    label: 'flow',
    unit: 't/h',
    tag: `${VALVE_SIGNAL}/Flow`,
    measurement: MEASUREMENT_BY_UNIT['t/h'],
  },
  {
    signal: 'temperature',
    label: 'temperature',
    unit: '°C',
    tag: `${VALVE_SIGNAL}/Temperature`,
    measurement: MEASUREMENT_BY_UNIT['°C'],
  },
] as const;

const VALVE_TYPE_LABELS: Record<string, string> = { gate: 'Gate', lift: 'Lift plug', switch: 'Switch plug' };

export function valveLabel(asset: ValveAsset): string {
  const [, type, number] = /^([a-z]+)(\d+)$/.exec(asset) ?? [];
  return `${VALVE_TYPE_LABELS[type]} ${number}`;
}

// The valves sit on coke drum A (the drum of the valve screens); each valve is a tag under it.
export const VALVE_VARIABLES: RawVariableDeclaration[] = VALVE_ASSETS.flatMap((asset) =>
  VALVE_SIGNALS.map(({ signal, label, unit, tag, measurement }) => ({
    clientReference: `${asset}_${signal}`,
    name: `${valveLabel(asset)} ${label}`,
    unit,
    tags: [`${COKE_DRUM_AREAS.a}/${valveLabel(asset)}`, tag, ...(measurement ? [measurement] : [])],
  })),
);

// Process variables first, then each valve's signals in VALVE_SIGNALS order.
export const PLANT_CATALOG: RawVariableDeclaration[] = [
  ...PROCESS_VARIABLES.map(({ clientReference, name, unit, tags }) => ({
    clientReference,
    name,
    unit,
    tags,
  })),
  ...VALVE_VARIABLES,
];
