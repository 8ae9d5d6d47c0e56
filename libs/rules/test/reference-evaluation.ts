// A plain reference for the engine: a series scanned for runs of true evaluations.
import type { MeasurementPoint, RuleOperator } from '@plantlens/contracts';
import { PlantSimulator } from '@plantlens/simulator';

export const simulator = new PlantSimulator({ seed: 7 });

/** One simulated variable every `stepMs` over [startMs, endMs), under the given id. */
export function simulatedSeries(
  variableId: number,
  clientReference: string,
  startMs: number,
  endMs: number,
  stepMs: number,
): MeasurementPoint[] {
  const points: MeasurementPoint[] = [];
  for (let ts = startMs; ts < endMs; ts += stepMs) {
    points.push({ variableId, ts, value: simulator.valueAt(clientReference, ts) });
  }
  return points;
}

export const holds: Record<RuleOperator, (l: number, r: number) => boolean> = {
  '<': (l, r) => l < r,
  '<=': (l, r) => l <= r,
  '>': (l, r) => l > r,
  '>=': (l, r) => l >= r,
  '=': (l, r) => l === r,
  '<>': (l, r) => l !== r,
};

export interface Expected {
  openings: number[];
  closings: number[];
  /** per UTC day number: [evaluations, activations] */
  counts: Map<string, [number, number]>;
}

// Runs of consecutive true evaluations; a run opens an incidence when it lasts minDuration (first to last
// true instant) and closes it at the first false evaluation after it.
export function reference(evaluations: { ts: number; active: boolean }[], minDurationMs = 0): Expected {
  const expected: Expected = { openings: [], closings: [], counts: new Map() };
  let runStart: number | null = null;
  let opened = false;
  for (const { ts, active } of evaluations) {
    const day = String(Math.floor(ts / 86_400_000));
    const [evaluated, activated] = expected.counts.get(day) ?? [0, 0];
    expected.counts.set(day, [evaluated + 1, activated + (active ? 1 : 0)]);
    if (active) {
      runStart ??= ts;
      if (!opened && ts - runStart >= minDurationMs) {
        opened = true;
        expected.openings.push(runStart);
      }
    } else {
      if (opened) expected.closings.push(ts);
      opened = false;
      runStart = null;
    }
  }
  return expected;
}

/** The series' median value: one it really takes, and crosses often. */
export function median(points: MeasurementPoint[]): number {
  return [...points].sort((a, b) => a.value - b.value)[points.length >> 1].value;
}
