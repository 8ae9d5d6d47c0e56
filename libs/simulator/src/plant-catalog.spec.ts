import { rawVariableDeclarationSchema } from '@plantlens/contracts';
import { PLANT_CATALOG, PLANT_UNITS, PROCESS_VARIABLES, VALVE_ASSETS, VALVE_SIGNALS } from './plant-catalog';

describe('plant catalogue', () => {
  it('declares at least 40 process variables across the plant units', () => {
    expect(PROCESS_VARIABLES.length).toBeGreaterThanOrEqual(40);
    for (const unit of PLANT_UNITS) {
      expect(PROCESS_VARIABLES.filter((v) => v.plantUnit === unit).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('names process variables <unit>_<signal> in lowercase with a plausible band', () => {
    for (const variable of PROCESS_VARIABLES) {
      expect(variable.clientReference).toMatch(new RegExp(`^${variable.plantUnit}_[a-z0-9_]+$`));
      expect(['°C', 'bar', 'm3/h', 't/h', '%']).toContain(variable.unit);
      expect(variable.min).toBeLessThan(variable.max);
      if (variable.unit === '%') {
        expect(variable.min).toBeGreaterThanOrEqual(0);
        expect(variable.max).toBeLessThanOrEqual(100);
      }
    }
  });

  it('declares the five signals of each of the eight coke-drum valves', () => {
    expect(VALVE_ASSETS).toEqual([
      'gate01',
      'gate02',
      'lift01',
      'lift02',
      'lift03',
      'lift04',
      'lift05',
      'switch01',
    ]);
    const references = new Set(PLANT_CATALOG.map((v) => v.clientReference));
    for (const asset of VALVE_ASSETS) {
      for (const suffix of ['opening', 'torque', 'pressure', 'flow', 'temperature']) {
        expect(references).toContain(`${asset}_${suffix}`);
      }
    }
    expect(PLANT_CATALOG.find((v) => v.clientReference === 'lift03_opening')).toEqual({
      clientReference: 'lift03_opening',
      name: 'Lift plug 03 opening',
      unit: '%',
      tags: ['Area/Delayed coker unit/Coke drum A/Lift plug 03', 'Valve signal/Opening'],
    });
    expect(PLANT_CATALOG.length).toBe(PROCESS_VARIABLES.length + VALVE_ASSETS.length * VALVE_SIGNALS.length);
  });

  it('holds unique references and names that the variables API accepts', () => {
    expect(new Set(PLANT_CATALOG.map((v) => v.clientReference)).size).toBe(PLANT_CATALOG.length);
    expect(new Set(PLANT_CATALOG.map((v) => v.name)).size).toBe(PLANT_CATALOG.length);
    for (const variable of PLANT_CATALOG) {
      expect(rawVariableDeclarationSchema.strict().parse(variable)).toEqual(variable);
    }
  });

  it('tags every variable with where it is measured and what it measures, for tag filters', () => {
    const tagsOf = (reference: string) => PLANT_CATALOG.find((v) => v.clientReference === reference)?.tags;
    expect(tagsOf('cdu_feed_flow')).toEqual(['Area/Crude distillation unit', 'Measurement/Flow']);
    expect(tagsOf('dcu_drum_b_top_temperature')).toEqual([
      'Area/Delayed coker unit/Coke drum B',
      'Measurement/Temperature',
    ]);
    expect(tagsOf('utl_deaerator_level')).toEqual(['Area/Utilities', 'Measurement/Level']);
    expect(tagsOf('gate02_pressure')).toEqual([
      'Area/Delayed coker unit/Coke drum A/Gate 02',
      'Valve signal/Steam pressure',
      'Measurement/Pressure',
    ]);
    for (const variable of PLANT_CATALOG) {
      expect(variable.tags?.filter((tag) => tag.startsWith('Area/'))).toHaveLength(1);
      expect(
        variable.tags?.filter((tag) => /^(Measurement|Valve signal)\//.test(tag)).length,
      ).toBeGreaterThan(0);
    }
    // Enough variables per kind for multiple correlation: e.g. every temperature against every pressure.
    const kinds = (tag: string) => PLANT_CATALOG.filter((v) => v.tags?.includes(tag)).length;
    expect(kinds('Measurement/Temperature')).toBeGreaterThanOrEqual(10);
    expect(kinds('Measurement/Pressure')).toBeGreaterThanOrEqual(10);
    expect(kinds('Valve signal/Torque')).toBe(VALVE_ASSETS.length);
  });
});
