import { ValveFailureCodes, type RawVariableDeclaration, type ValveFailureCode } from '@plantlens/contracts';
import {
  PLANT_CATALOG,
  PROCESS_VARIABLES,
  VALVE_ASSETS,
  VALVE_SIGNALS,
  type ValveAsset,
} from './plant-catalog';
import { ProcessSignals } from './process-signal';
import { hashWide } from './seeded-noise';
import { VALVE_FAULT_CODES, ValveBank, type ValveActuation, type ValveRamp } from './valve-actuation';

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
  valveDetail?: ValveDetail;
}

// Between the instants of stepMs, a valve's signals also every stepMs of the detail (a divisor of the
// range's step) while it ramps and within marginMs of a ramp, from fromMs on: actuations then show in
// a coarse history.
export interface ValveDetail {
  fromMs: number;
  stepMs: number;
  marginMs: number;
}

// A valve's ramp with the failure code a valve monitor should raise for it (none: 0).
export interface SimulatedActuation extends ValveRamp {
  asset: ValveAsset;
  expectedCode: ValveFailureCode;
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

  // Every ramp of every valve lying wholly within [startMs, endMs), in time order: the ground truth a
  // valve monitor's cuts and failure codes are checked against.
  actuationsBetween(startMs: number, endMs: number): SimulatedActuation[] {
    assertInstant(startMs);
    assertInstant(endMs);
    return VALVE_ASSETS.flatMap((asset, v) =>
      this.valves.ramps(v, startMs, endMs).map((ramp) => ({
        asset,
        ...ramp,
        expectedCode: ramp.fault === null ? ValveFailureCodes.none : VALVE_FAULT_CODES[ramp.fault],
      })),
    ).sort((a, b) => a.beginMs - b.beginMs);
  }

  // Points of every variable at each multiple of stepMs in [startMs, endMs), in time order, plus the
  // valve detail if asked; a batch never splits an instant.
  batches(range: SimulationRange): Generator<SimulatedPoint[]> {
    const { startMs, endMs, stepMs, maxPointsPerBatch = DEFAULT_MAX_POINTS_PER_BATCH, valveDetail } = range;
    assertInstant(startMs);
    assertInstant(endMs);
    assertStep('stepMs', stepMs);
    const perInstant = this.references.length;
    if (!Number.isInteger(maxPointsPerBatch) || maxPointsPerBatch < perInstant) {
      throw new RangeError(
        `maxPointsPerBatch must be an integer of at least ${perInstant}, got ${maxPointsPerBatch}`,
      );
    }
    if (valveDetail) {
      assertInstant(valveDetail.fromMs);
      assertStep('valveDetail.stepMs', valveDetail.stepMs);
      if (stepMs % valveDetail.stepMs !== 0) {
        throw new RangeError(`valveDetail.stepMs must divide stepMs ${stepMs}, got ${valveDetail.stepMs}`);
      }
      if (!(valveDetail.marginMs >= 0)) {
        throw new RangeError(`valveDetail.marginMs must not be negative, got ${valveDetail.marginMs}`);
      }
    }
    return this.generate(startMs, endMs, stepMs, maxPointsPerBatch, valveDetail);
  }

  private *generate(
    startMs: number,
    endMs: number,
    stepMs: number,
    maxPointsPerBatch: number,
    detail: ValveDetail | undefined,
  ) {
    const fineMs = detail?.stepMs ?? stepMs;
    const marginMs = detail?.marginMs ?? 0;
    // Detail instants start on the fine grid; before them only multiples of stepMs are visited.
    const detailFromMs = detail ? Math.ceil(Math.max(startMs, detail.fromMs) / fineMs) * fineMs : endMs;
    let batch: SimulatedPoint[] = [];
    const instant: SimulatedPoint[] = [];
    for (let ts = Math.ceil(startMs / stepMs) * stepMs; ts < endMs;) {
      instant.length = 0;
      if (ts % stepMs === 0) this.pushInstant(instant, ts);
      else this.pushValveDetail(instant, ts, marginMs);
      if (batch.length + instant.length > maxPointsPerBatch) {
        yield batch;
        batch = [];
      }
      for (const point of instant) batch.push(point);
      ts = ts >= detailFromMs ? ts + fineMs : Math.min(ts + stepMs, detailFromMs);
    }
    if (batch.length > 0) yield batch;
  }

  // Every variable at ts, in catalogue order.
  private pushInstant(points: SimulatedPoint[], ts: number): void {
    const { references, processSignals, valves, processCount, valveReadings } = this;
    const timeKey = hashWide(this.seedKey, ts);
    processSignals.prepare(ts);
    for (let i = 0; i < processCount; i++) {
      points.push({ clientReference: references[i], ts, value: processSignals.value(i, timeKey) });
    }
    for (let v = 0, i = processCount; v < VALVE_ASSETS.length; v++) {
      valves.update(v, ts);
      valves.readings(v, timeKey, valveReadings);
      for (let s = 0; s < SIGNALS_PER_VALVE; s++, i++) {
        points.push({ clientReference: references[i], ts, value: valveReadings[s] });
      }
    }
  }

  // The signals of the valves near a ramp at ts, in catalogue order.
  private pushValveDetail(points: SimulatedPoint[], ts: number, marginMs: number): void {
    const { references, valves, processCount, valveReadings } = this;
    let timeKey: number | undefined;
    for (let v = 0; v < VALVE_ASSETS.length; v++) {
      if (!valves.nearRamp(v, ts, marginMs)) continue;
      timeKey ??= hashWide(this.seedKey, ts);
      valves.update(v, ts);
      valves.readings(v, timeKey, valveReadings);
      for (let s = 0, i = processCount + v * SIGNALS_PER_VALVE; s < SIGNALS_PER_VALVE; s++, i++) {
        points.push({ clientReference: references[i], ts, value: valveReadings[s] });
      }
    }
  }
}

function assertStep(name: string, stepMs: number): void {
  if (!Number.isSafeInteger(stepMs) || stepMs <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${stepMs}`);
  }
}

function assertInstant(tsMs: number): void {
  if (!isFiniteNumber(tsMs)) throw new RangeError(`instant must be a finite epoch millisecond, got ${tsMs}`);
}
