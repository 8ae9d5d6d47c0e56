// Hand-made actuations for the analysis tests: a ramp read once a second, torque given by progress level
// (0 = the start extreme, 120 = the end one).
import { valveCurveOpeningLevel, type ValveOperation } from '@plantlens/contracts';
import type { ActuationSignals, ActuationSpan, SignalPoint } from '../src/analysis';

export const SECOND_MS = 1000;
export type TorqueByProgress = (progress: number) => number;

// A healthy valve: unseating peak under the limits 90 and 65, a switching-point bump under 17, seating
// under 50 and 70, about 3 % elsewhere (limit 5).
export const healthyTorque: TorqueByProgress = (p) => {
  if (p === 0) return 0;
  const bump = 9 * Math.exp(-0.5 * ((p - 59.5) / 1.8) ** 2);
  const seating = 40 * Math.exp((p - 120) / 0.5);
  return ({ 1: 55, 2: 12, 3: 4 } as Record<number, number>)[p] ?? 3 + bump + seating;
};

// Adds `extra` to the torque over progress levels [from, to].
export function withExtra(
  torque: TorqueByProgress,
  from: number,
  to: number,
  extra: number,
): TorqueByProgress {
  return (p) => torque(p) + (p >= from && p <= to ? extra : 0);
}

export interface RampOptions {
  beginMs?: number;
  // progress levels per reading (one reading a second)
  levelsPerReading?: number;
  torque?: TorqueByProgress;
  pressureBar?: number;
}

export function ramp(
  operation: ValveOperation,
  options: RampOptions = {},
): { span: ActuationSpan; signals: ActuationSignals } {
  const { beginMs = 0, levelsPerReading = 1, torque = healthyTorque, pressureBar = 9.5 } = options;
  const progressLevels: number[] = [];
  for (let k = 0; k * levelsPerReading < 120; k++) progressLevels.push(Math.round(k * levelsPerReading));
  progressLevels.push(120);
  const at = (k: number) => beginMs + k * SECOND_MS;
  const opening: SignalPoint[] = progressLevels.map((p, k) => ({
    tsMs: at(k),
    value: valveCurveOpeningLevel(operation === 'opening' ? p : 120 - p),
  }));
  return {
    span: { operation, beginMs, endMs: at(progressLevels.length - 1) },
    signals: {
      opening,
      torque: progressLevels.map((p, k) => ({ tsMs: at(k), value: torque(p) })),
      pressure: progressLevels.map((_, k) => ({ tsMs: at(k), value: pressureBar })),
    },
  };
}

// Opening readings every second through the given values (%), from startMs.
export function openingSeries(values: number[], startMs = 0): SignalPoint[] {
  return values.map((value, k) => ({ tsMs: startMs + k * SECOND_MS, value }));
}
