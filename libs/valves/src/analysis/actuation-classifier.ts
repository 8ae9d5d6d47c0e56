import {
  nearestValveCurveLevel,
  VALVE_CURVE_LEVEL_COUNT,
  VALVE_CURVE_STEPS,
  VALVE_LOW_STEAM_PRESSURE_BAR,
  ValveFailureCodes,
  valveTorqueLimitAtLevel,
  type ValveFailureCode,
} from '@plantlens/contracts';
import type { ActuationSpan, SignalPoint } from './actuation-cutter';

// points within [beginMs, endMs], each series in time order
export interface ActuationSignals {
  opening: SignalPoint[];
  torque: SignalPoint[];
  pressure: SignalPoint[];
}

// Zones of the travel, in progress levels (0 = the start extreme, 120 = the end one), after the spec's
// limit curves. Unseating: the raised limits at levels 1..3 plus one 1 s reading step of a fast ramp, so a
// 1 s series always has a reading there. Switching point: the plateau where the limit is 17 (levels
// 55..64) widened by 5 levels each side, where the tail of a switching-point peak crosses the lower limit.
export const UNSEATING_LAST_LEVEL = 6;
export const SWITCHING_FIRST_LEVEL = 50;
export const SWITCHING_LAST_LEVEL = 69;
// The seating levels (limits 50 and 70) are not running travel.
const RUNNING_LAST_LEVEL = VALVE_CURVE_STEPS - 2;
// Sustained high torque: at least this share of the running-travel readings high, out of at least
// MIN_RUNNING_READINGS readings (fewer cannot tell a sustained load from a local one).
export const SUSTAINED_SHARE = 0.5;
export const MIN_RUNNING_READINGS = 5;
// A reading is also high when it exceeds the learned normal torque at its level by this much: the normal
// cycle-to-cycle spread is a few % of the torque, plus sensor noise.
export const NORMAL_MARGIN_ABSOLUTE = 2;
export const NORMAL_MARGIN_RELATIVE = 0.15;

// 121 values by curve level 0..120 (0 = closed), null where no reading fell on a level. A torque reading
// takes the opening reading nearest in time (the sensors need not sample together); several readings on
// one level (a slow or stalled valve) keep the highest, the one a failure is about.
export function torqueProfile(span: ActuationSpan, signals: ActuationSignals): (number | null)[] {
  const profile: (number | null)[] = new Array<number | null>(VALVE_CURVE_LEVEL_COUNT).fill(null);
  const opening = signals.opening.filter((p) => p.tsMs >= span.beginMs && p.tsMs <= span.endMs);
  if (opening.length === 0) return profile;
  let o = 0;
  for (const { tsMs, value } of signals.torque) {
    if (tsMs < span.beginMs || tsMs > span.endMs) continue;
    while (
      o + 1 < opening.length &&
      Math.abs(opening[o + 1].tsMs - tsMs) <= Math.abs(opening[o].tsMs - tsMs)
    ) {
      o++;
    }
    const level = nearestValveCurveLevel(opening[o].value);
    const current = profile[level];
    if (current === null || value > current) profile[level] = value;
  }
  return profile;
}

interface Reading {
  progress: number;
  torque: number;
  limit: number;
  high: boolean;
}

// [] = fault-free; ascending codes, never 0. The criteria are in libs/valves/README.md "Failure criteria".
export function classifyActuation(
  span: ActuationSpan,
  signals: ActuationSignals,
  normal: (number | null)[] | null,
): ValveFailureCode[] {
  const codes = new Set<ValveFailureCode>();
  const readings = readingsByProgress(span, torqueProfile(span, signals), normal);

  const running = readings.filter((r) => isRunning(r.progress));
  const sustained =
    running.length >= MIN_RUNNING_READINGS &&
    running.filter((r) => r.high).length >= SUSTAINED_SHARE * running.length;
  if (sustained) {
    // A load over the whole travel explains its local excesses too: they are not judged on their own.
    codes.add(ValveFailureCodes.sustainedHighTorque);
  } else {
    for (const run of highRuns(readings)) codes.add(localFailure(run));
  }

  const pressures = signals.pressure
    .filter((p) => p.tsMs >= span.beginMs && p.tsMs <= span.endMs)
    .map((p) => p.value);
  if (pressures.length > 0 && median(pressures) < VALVE_LOW_STEAM_PRESSURE_BAR) {
    codes.add(ValveFailureCodes.lowSteamPressure);
  }
  return [...codes].sort((a, b) => a - b);
}

function readingsByProgress(
  span: ActuationSpan,
  profile: (number | null)[],
  normal: (number | null)[] | null,
): Reading[] {
  const readings: Reading[] = [];
  for (let progress = 0; progress <= VALVE_CURVE_STEPS; progress++) {
    // Progress runs from the start extreme: the opening level itself for an opening, mirrored for a closure.
    const level = span.operation === 'opening' ? progress : VALVE_CURVE_STEPS - progress;
    const torque = profile[level];
    if (torque === null) continue;
    const limit = valveTorqueLimitAtLevel(span.operation, level);
    const expected = normal?.[level] ?? null;
    const high =
      torque > limit ||
      (expected !== null &&
        torque > expected + NORMAL_MARGIN_ABSOLUTE + NORMAL_MARGIN_RELATIVE * Math.abs(expected));
    readings.push({ progress, torque, limit, high });
  }
  return readings;
}

function isRunning(progress: number): boolean {
  return (
    progress > UNSEATING_LAST_LEVEL &&
    progress <= RUNNING_LAST_LEVEL &&
    (progress < SWITCHING_FIRST_LEVEL || progress > SWITCHING_LAST_LEVEL)
  );
}

// Consecutive high readings in travel order (levels without a reading do not break a run).
function highRuns(readings: Reading[]): Reading[][] {
  const runs: Reading[][] = [];
  let run: Reading[] = [];
  for (const reading of readings) {
    if (reading.high) {
      run.push(reading);
    } else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

// A local excess is named after where its highest torque lies: a wide running peak may spill into the
// unseating levels, and a switching-point peak over the plateau's edges, without moving its top.
function localFailure(run: Reading[]): ValveFailureCode {
  const top = run.reduce((best, r) => (r.torque > best.torque ? r : best));
  if (top.progress <= UNSEATING_LAST_LEVEL) return ValveFailureCodes.highTorqueUnseating;
  if (top.progress >= SWITCHING_FIRST_LEVEL && top.progress <= SWITCHING_LAST_LEVEL) {
    return ValveFailureCodes.highTorqueSwitchingPoint;
  }
  return ValveFailureCodes.highTorqueRunning;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
