import { VALVE_CURVE_LEVEL_COUNT } from '@plantlens/contracts';
import { median } from './actuation-classifier';

// Fault-free actuations a normal curve is learned from by default: the most recent ones.
export const NORMAL_CURVE_DEFAULT_ACTUATIONS = 20;

// Per-level median of fault-free torque profiles, by level 0..120; null where none had a reading. The
// median ignores the odd reading from a cycle that was fault-free but unusual.
export function learnNormalCurve(profiles: (number | null)[][]): (number | null)[] {
  return Array.from({ length: VALVE_CURVE_LEVEL_COUNT }, (_, level) => {
    const values = profiles.map((profile) => profile[level]).filter((v): v is number => v != null);
    return values.length === 0 ? null : median(values);
  });
}
