import type { RawVariableDeclaration } from '@plantlens/contracts';
import {
  PLANT_CATALOG,
  PROCESS_VARIABLES,
  VALVE_ASSETS,
  VALVE_SIGNALS,
  type ValveAsset,
} from './plant-catalog';
import { ProcessSignals } from './process-signal';
import { hashWide } from './seeded-noise';
import { ValveBank, type ValveActuation } from './valve-actuation';

const { floor } = Math;
const { isFinite: isFiniteNumber } = Number;

export const DEFAULT_SIMULATOR_SEED = 1;
export const DEFAULT_MAX_POINTS_PER_BATCH = 10_000;

export interface PlantSimulatorOptions {
  seed?: number;
}

export interface SimulatedPoint {
  clientReference: string;
  ts: number;
  value: number;
}

export interface SimulationRange {
  startMs: number;
  endMs: number; // exclusive
  stepMs: number;
  maxPointsPerBatch?: number;
}

const SIGNALS_PER_VALVE = VALVE_SIGNALS.length;

// A deterministic plant: every value is a pure function of (seed, variable, instant), so a backfill
// at one step and live points at another agree wherever their instants meet, and restarts repeat.
export class PlantSimulator {
  readonly seed: number;
  readonly variables: RawVariableDeclaration[] = PLANT_CATALOG.map((variable) => ({ ...variable }));

  private readonly seedKey: number;
  private readonly references: readonly string[] = this.variables.map((v) => v.clientReference);
  private readonly indexByReference = new Map(this.references.map((reference, i) => [reference, i]));
  private readonly processCount = PROCESS_VARIABLES.length;
  private readonly processSignals: ProcessSignals;
  private readonly valves: ValveBank;
  private readonly valveReadings = new Float64Array(SIGNALS_PER_VALVE);

  constructor(options: PlantSimulatorOptions = {}) {
    const seed = options.seed ?? DEFAULT_SIMULATOR_SEED;
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
    this.seed = seed;
    this.seedKey = hashWide(0x5eed, seed);
    this.processSignals = new ProcessSignals(PROCESS_VARIABLES, this.seedKey);
    this.valves = new ValveBank(VALVE_ASSETS, this.seedKey);
  }

  valueAt(clientReference: string, tsMs: number): number {
    const index = this.indexByReference.get(clientReference);
    if (index === undefined) throw new RangeError(`unknown simulated variable "${clientReference}"`);
    assertInstant(tsMs);
    const timeKey = hashWide(this.seedKey, tsMs);
    if (index < this.processCount) {
      this.processSignals.prepare(tsMs);
      return this.processSignals.value(index, timeKey);
    }
    const valveSignal = index - this.processCount;
    const valve = floor(valveSignal / SIGNALS_PER_VALVE);
    this.valves.update(valve, tsMs);
    this.valves.readings(valve, timeKey, this.valveReadings);
    return this.valveReadings[valveSignal - valve * SIGNALS_PER_VALVE];
  }

  actuationAt(asset: ValveAsset, tsMs: number): ValveActuation {
    const valve = VALVE_ASSETS.indexOf(asset);
    if (valve < 0) throw new RangeError(`unknown simulated valve "${asset}"`);
    assertInstant(tsMs);
    this.valves.update(valve, tsMs);
    return this.valves.actuation(valve);
  }

  // Points of every variable at each multiple of stepMs in [startMs, endMs); a batch never splits an instant.
  batches(range: SimulationRange): Generator<SimulatedPoint[]> {
    const { startMs, endMs, stepMs, maxPointsPerBatch = DEFAULT_MAX_POINTS_PER_BATCH } = range;
    assertInstant(startMs);
    assertInstant(endMs);
    if (!Number.isSafeInteger(stepMs) || stepMs <= 0) {
      throw new RangeError(`stepMs must be a positive integer, got ${stepMs}`);
    }
    const perInstant = this.references.length;
    if (!Number.isInteger(maxPointsPerBatch) || maxPointsPerBatch < perInstant) {
      throw new RangeError(
        `maxPointsPerBatch must be an integer of at least ${perInstant}, got ${maxPointsPerBatch}`,
      );
    }
    return this.generate(
      Math.ceil(startMs / stepMs),
      endMs,
      stepMs,
      Math.floor(maxPointsPerBatch / perInstant),
    );
  }

  private *generate(firstStep: number, endMs: number, stepMs: number, instantsPerBatch: number) {
    const { references, processSignals, valves, processCount, valveReadings } = this;
    let batch: SimulatedPoint[] = [];
    let instants = 0;
    // Multiplying instead of accumulating keeps every instant an exact multiple of stepMs.
    for (let step = firstStep; step * stepMs < endMs; step++) {
      const ts = step * stepMs;
      const timeKey = hashWide(this.seedKey, ts);
      processSignals.prepare(ts);
      for (let i = 0; i < processCount; i++) {
        batch.push({ clientReference: references[i], ts, value: processSignals.value(i, timeKey) });
      }
      for (let v = 0, i = processCount; v < VALVE_ASSETS.length; v++) {
        valves.update(v, ts);
        valves.readings(v, timeKey, valveReadings);
        for (let s = 0; s < SIGNALS_PER_VALVE; s++, i++) {
          batch.push({ clientReference: references[i], ts, value: valveReadings[s] });
        }
      }
      if (++instants === instantsPerBatch) {
        yield batch;
        batch = [];
        instants = 0;
      }
    }
    if (batch.length > 0) yield batch;
  }
}

function assertInstant(tsMs: number): void {
  if (!isFiniteNumber(tsMs)) throw new RangeError(`instant must be a finite epoch millisecond, got ${tsMs}`);
}
