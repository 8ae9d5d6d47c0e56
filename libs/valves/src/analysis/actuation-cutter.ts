import { nearestValveCurveLevel, VALVE_CURVE_STEPS, type ValveOperation } from '@plantlens/contracts';

export interface SignalPoint {
  tsMs: number;
  value: number;
}

export interface ActuationSpan {
  operation: ValveOperation;
  beginMs: number;
  endMs: number;
}

// A movement back against its direction by more than this (2 curve levels) is a reversal, not sensor
// noise: the actuation is then not complete and is not cut.
const REVERSAL_TOLERANCE_PCT = (2 * 100) / VALVE_CURVE_STEPS;
// Far beyond any ramp (about a minute): a movement this long is a valve stopped mid-travel or a stalled
// sensor, not an actuation, and the next call need not read it again.
export const MAX_ACTUATION_MS = 15 * 60_000;

type Extreme = 'closed' | 'open';

function extremeOf(openingPct: number): Extreme | null {
  const level = nearestValveCurveLevel(openingPct);
  if (level === 0) return 'closed';
  return level === VALVE_CURVE_STEPS ? 'open' : null;
}

// Cuts complete actuations (opening 0→100 %, closure 100→0 %) from one valve's opening series in time order.
// An actuation spans from the last reading at its start extreme to the first reading at its end extreme,
// so both endpoints are inside [beginMs, endMs]. A movement that reverses mid-way, lasts longer than
// MAX_ACTUATION_MS, or starts before the series does, is not a complete actuation and is skipped.
// resumeFromMs: where the next call must start reading (the start of an actuation still in progress, else
// the last point's ts; null for an empty input). A movement already known not to be an actuation is not
// read again.
export function cutActuations(opening: SignalPoint[]): {
  actuations: ActuationSpan[];
  resumeFromMs: number | null;
} {
  const actuations: ActuationSpan[] = [];
  let from: Extreme | null = null;
  let fromMs = 0;
  let moving = false;
  // reversed, or too long: not an actuation
  let broken = false;
  // Furthest point reached in the direction of travel, in % of travel from the start extreme.
  let furthest = 0;
  for (const { tsMs, value } of opening) {
    const extreme = extremeOf(value);
    if (extreme !== null) {
      // At the other extreme, even with no reading in between (a gap), the actuation is complete.
      const complete = extreme !== from && !broken && tsMs - fromMs <= MAX_ACTUATION_MS;
      if (from !== null && complete) actuations.push(span(from, fromMs, tsMs));
      from = extreme;
      fromMs = tsMs;
      moving = false;
      broken = false;
      furthest = 0;
      continue;
    }
    if (from === null) continue;
    moving = true;
    const travel = from === 'closed' ? value : 100 - value;
    if (travel > furthest) furthest = travel;
    else if (furthest - travel > REVERSAL_TOLERANCE_PCT) broken = true;
    if (tsMs - fromMs > MAX_ACTUATION_MS) broken = true;
  }
  const last = opening.at(-1);
  if (last === undefined) return { actuations, resumeFromMs: null };
  return { actuations, resumeFromMs: moving && from !== null && !broken ? fromMs : last.tsMs };
}

function span(from: Extreme, beginMs: number, endMs: number): ActuationSpan {
  return { operation: from === 'closed' ? 'opening' : 'closure', beginMs, endMs };
}
