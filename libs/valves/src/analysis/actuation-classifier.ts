import {
  nearestValveCurveLevel,
  VALVE_CURVE_LEVEL_COUNT,
  VALVE_CURVE_STEPS,
  VALVE_LOW_STEAM_PRESSURE_BAR,
  ValveFailureCodes,
  valveCurveOpeningLevel,
  valveTorqueLimitAtLevel,
  type ValveFailureCode,
} from '@plantlens/contracts';
import type { ActuationSpan, SignalPoint } from './actuation-cutter';

// Bound once: under jest's guarded globals every `Math.x` lookup costs a getter call.
const { abs, max, min } = Math;

// points within [beginMs, endMs], each series in time order
export interface ActuationSignals {
  opening: SignalPoint[];
  torque: SignalPoint[];
  pressure: SignalPoint[];
}

// Zones of the travel, in progress levels (0 = the start extreme, 120 = the end one), after the spec's
// limit curves. Unseating: the raised limits at levels 1..3 and the decay of an unseating peak after them,
// where its top may be read when readings off the levels are judged leniently (up to 8.3 %). Switching
// point: the plateau where the limit is 17 (levels 55..64) widened by 5 levels each side, where the tail
// of a switching-point peak crosses the lower limit.
const UNSEATING_LAST_LEVEL = 10;
const SWITCHING_FIRST_LEVEL = 50;
const SWITCHING_LAST_LEVEL = 69;
// The seating levels (limits 50 and 70) are not running travel.
const RUNNING_LAST_LEVEL = VALVE_CURVE_STEPS - 2;
// Sustained high torque: at least this share of the running-travel readings high, out of at least
// MIN_RUNNING_READINGS readings (fewer cannot tell a sustained load from a local one).
const SUSTAINED_SHARE = 0.5;
const MIN_RUNNING_READINGS = 5;
// A reading is also high when it exceeds the learned normal torque at its level by this much: the normal
// cycle-to-cycle spread is a few % of the torque, plus sensor noise.
const NORMAL_MARGIN_ABSOLUTE = 2;
const NORMAL_MARGIN_RELATIVE = 0.15;
// An opening reading this close to a curve level's 2-decimal value is on that level.
const ON_LEVEL_PCT = 0.005;
// Opening readings further apart than this many usual intervals leave a gap.
const GAP_INTERVALS = 1.5;

// 121 values by curve level 0..120 (0 = closed), null where no reading fell on a level. Several readings
// on one level (a slow or stalled valve) keep the highest, the one a failure is about.
export function torqueProfile(span: ActuationSpan, signals: ActuationSignals): (number | null)[] {
  const profile: (number | null)[] = new Array<number | null>(VALVE_CURVE_LEVEL_COUNT).fill(null);
  for (const { opening, torque } of pairedReadings(span, signals)) {
    const level = nearestValveCurveLevel(opening);
    const current = profile[level];
    if (current === null || torque > current) profile[level] = torque;
  }
  return profile;
}

// [] = fault-free; ascending codes, never 0. The criteria are in libs/valves/README.md "Failure criteria".
export function classifyActuation(
  span: ActuationSpan,
  signals: ActuationSignals,
  normal: (number | null)[] | null,
): ValveFailureCode[] {
  const codes = new Set<ValveFailureCode>();
  const readings = judgedLevels(span, pairedReadings(span, signals), normal);

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

interface PairedReading {
  // the opening at the torque reading's instant, and the range the valve may have been in
  opening: number;
  low: number;
  high: number;
  // read at the torque's very instant, not interpolated
  simultaneous: boolean;
  torque: number;
}

// Each torque reading with the opening interpolated at its instant between the opening readings around
// it: the sensors need not sample together, and a lost opening reading must not move a torque to a
// neighbour's level (the limits near the seat fall from 90 to 5 within 3 levels). Across a gap in the
// opening readings (longer than GAP_INTERVALS usual intervals) the valve may have stopped or started
// anywhere in between, so the whole range between the two readings is kept.
function pairedReadings(span: ActuationSpan, signals: ActuationSignals): PairedReading[] {
  const opening = signals.opening.filter((p) => p.tsMs >= span.beginMs && p.tsMs <= span.endMs);
  if (opening.length === 0) return [];
  const gapMs =
    opening.length > 1
      ? GAP_INTERVALS * median(opening.slice(1).map((p, k) => p.tsMs - opening[k].tsMs))
      : Infinity;
  const paired: PairedReading[] = [];
  let after = 0;
  for (const { tsMs, value: torque } of signals.torque) {
    if (tsMs < span.beginMs || tsMs > span.endMs) continue;
    while (after < opening.length && opening[after].tsMs < tsMs) after++;
    const next = opening[min(after, opening.length - 1)];
    const before = opening[max(after - 1, 0)];
    if (next.tsMs === tsMs || before === next) {
      const simultaneous = next.tsMs === tsMs;
      paired.push({ opening: next.value, low: next.value, high: next.value, simultaneous, torque });
      continue;
    }
    const share = (tsMs - before.tsMs) / (next.tsMs - before.tsMs);
    const interpolated = before.value + (next.value - before.value) * share;
    const [low, high] =
      next.tsMs - before.tsMs > gapMs
        ? [min(before.value, next.value), max(before.value, next.value)]
        : [interpolated, interpolated];
    paired.push({ opening: interpolated, low, high, simultaneous: false, torque });
  }
  return paired;
}

interface JudgedLevel {
  progress: number;
  torque: number;
  high: boolean;
}

// The readings by curve level in travel order: the highest torque of each level, high when any of its
// readings is above the limit curve or, where one was learned, beyond the normal curve's spread.
function judgedLevels(
  span: ActuationSpan,
  readings: PairedReading[],
  normal: (number | null)[] | null,
): JudgedLevel[] {
  const byProgress: (JudgedLevel | undefined)[] = new Array<JudgedLevel | undefined>(VALVE_CURVE_LEVEL_COUNT);
  for (const reading of readings) {
    const { opening, torque } = reading;
    const level = nearestValveCurveLevel(opening);
    // Progress runs from the start extreme: the opening level itself for an opening, mirrored for a closure.
    const progress = span.operation === 'opening' ? level : VALVE_CURVE_STEPS - level;
    // At rest on its start extreme the valve bears no load yet: the limit there is 0, which any torque
    // sensor's offset would exceed.
    if (progress === 0) continue;
    const [first, last] = levelsAround(reading, level);
    let limit = 0;
    let expected: number | null = null;
    for (let l = first; l <= last; l++) {
      limit = max(limit, valveTorqueLimitAtLevel(span.operation, l));
      const normalAtLevel = normal?.[l] ?? null;
      if (normalAtLevel !== null) expected = max(expected ?? normalAtLevel, normalAtLevel);
    }
    const high =
      torque > limit ||
      (expected !== null && torque > expected * (1 + NORMAL_MARGIN_RELATIVE) + NORMAL_MARGIN_ABSOLUTE);
    const judged = byProgress[progress];
    if (judged === undefined) {
      byProgress[progress] = { progress, torque, high };
    } else {
      judged.torque = max(judged.torque, torque);
      judged.high ||= high;
    }
  }
  return byProgress.filter((level): level is JudgedLevel => level !== undefined);
}

// The first and last curve levels a reading is judged at, taking the most lenient: its own when the opening read at the
// same instant is exactly a curve level (2 decimals, as the spec's sensor does); otherwise the levels of the range the valve may
// have been in, and one more each side. An opening off the levels, with sensor noise and interpolated
// between instants, is known to about a level, and near the seats the torque and the limits change
// steeply from one level to the next (limits 90, 65, 15, 5).
function levelsAround({ opening, low, high, simultaneous }: PairedReading, level: number): [number, number] {
  if (simultaneous && abs(opening - valveCurveOpeningLevel(level)) < ON_LEVEL_PCT) return [level, level];
  const lowLevel = low === opening ? level : nearestValveCurveLevel(low);
  const highLevel = high === opening ? level : nearestValveCurveLevel(high);
  return [max(0, lowLevel - 1), min(VALVE_CURVE_STEPS, highLevel + 1)];
}

function isRunning(progress: number): boolean {
  return (
    progress > UNSEATING_LAST_LEVEL &&
    progress <= RUNNING_LAST_LEVEL &&
    (progress < SWITCHING_FIRST_LEVEL || progress > SWITCHING_LAST_LEVEL)
  );
}

// Consecutive high readings in travel order (levels without a reading do not break a run).
function highRuns(readings: JudgedLevel[]): JudgedLevel[][] {
  const runs: JudgedLevel[][] = [];
  let run: JudgedLevel[] = [];
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
function localFailure(run: JudgedLevel[]): ValveFailureCode {
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
