import { PLANT_UNITS, type ProcessVariableSpec } from './plant-catalog';
import { finalize, hash2, hashString, signedFloat, smoothstep, triangular, uniformIn } from './seeded-noise';

const { sin, cos, floor } = Math;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Two octaves of drift per variable plus a load swing shared by each unit, so a unit's variables
// wander together. Cell sizes are common to all variables: the per-instant work is done once.
const FAST_DRIFT_CELL_MS = 4 * HOUR_MS;
const SLOW_DRIFT_CELL_MS = 37 * HOUR_MS;
const LOAD_CELL_MS = 11 * HOUR_MS;
const LOAD_KEY = 0x6c6f6164;

// Drift lattice values of one cell and the next, cached by cell: a batch crosses a cell every few
// hours, so consecutive instants reuse them. The cache only avoids rehashing; results stay pure.
class DriftLattice {
  private readonly cells: Float64Array;
  private readonly starts: Float64Array;
  private readonly deltas: Float64Array;

  constructor(private readonly keys: Uint32Array) {
    this.cells = new Float64Array(keys.length).fill(Number.NaN);
    this.starts = new Float64Array(keys.length);
    this.deltas = new Float64Array(keys.length);
  }

  // Smooth noise in [-1, 1] of entry i at `cell + weight`.
  value(i: number, cell: number, weight: number): number {
    if (this.cells[i] !== cell) {
      const start = signedFloat(hash2(this.keys[i], cell));
      this.cells[i] = cell;
      this.starts[i] = start;
      this.deltas[i] = signedFloat(hash2(this.keys[i], cell + 1)) - start;
    }
    return this.starts[i] + this.deltas[i] * weight;
  }
}

// Process signal = base + daily sine + slow drift + unit load + measurement noise, each scaled to the
// variable's band. The amplitudes add up to less than half the band's width, so values never leave it.
export class ProcessSignals {
  private readonly mid: Float64Array;
  private readonly dailySinGain: Float64Array;
  private readonly dailyCosGain: Float64Array;
  private readonly fastGain: Float64Array;
  private readonly slowGain: Float64Array;
  private readonly loadGain: Float64Array;
  private readonly noiseGain: Float64Array;
  private readonly noiseKeys: Uint32Array;
  private readonly unitOf: Uint8Array;
  private readonly fast: DriftLattice;
  private readonly slow: DriftLattice;
  private readonly load: DriftLattice;

  // State of the instant last passed to prepare().
  private sinDay = 0;
  private cosDay = 0;
  private fastCell = 0;
  private fastWeight = 0;
  private slowCell = 0;
  private slowWeight = 0;
  private readonly unitLoad: Float64Array;

  constructor(specs: readonly ProcessVariableSpec[], seedKey: number) {
    const n = specs.length;
    this.mid = new Float64Array(n);
    this.dailySinGain = new Float64Array(n);
    this.dailyCosGain = new Float64Array(n);
    this.fastGain = new Float64Array(n);
    this.slowGain = new Float64Array(n);
    this.loadGain = new Float64Array(n);
    this.noiseGain = new Float64Array(n);
    this.noiseKeys = new Uint32Array(n);
    this.unitOf = new Uint8Array(n);
    const fastKeys = new Uint32Array(n);
    const slowKeys = new Uint32Array(n);
    specs.forEach((spec, i) => {
      // Keyed by reference, not position, so adding a variable to the catalogue changes no other.
      const key = hash2(seedKey, hashString(spec.clientReference));
      const param = (p: number, low: number, high: number) => uniformIn(hash2(key, p), low, high);
      const halfBand = (spec.max - spec.min) / 2;
      const dailyAmplitude = halfBand * param(1, 0.08, 0.3);
      const phase = param(2, 0, 2 * Math.PI);
      this.mid[i] = spec.min + halfBand;
      // sin(a + phase) = sin(a)·cos(phase) + cos(a)·sin(phase): one sin/cos per instant serves all variables.
      this.dailySinGain[i] = dailyAmplitude * cos(phase);
      this.dailyCosGain[i] = dailyAmplitude * sin(phase);
      this.fastGain[i] = halfBand * param(3, 0.06, 0.16);
      this.slowGain[i] = halfBand * param(4, 0.12, 0.24);
      this.loadGain[i] = halfBand * param(5, 0.08, 0.2) * (hash2(key, 6) & 1 ? 1 : -1);
      this.noiseGain[i] = halfBand * param(7, 0.008, 0.025);
      this.noiseKeys[i] = hash2(key, 8);
      this.unitOf[i] = PLANT_UNITS.indexOf(spec.plantUnit);
      fastKeys[i] = hash2(key, 9);
      slowKeys[i] = hash2(key, 10);
    });
    this.fast = new DriftLattice(fastKeys);
    this.slow = new DriftLattice(slowKeys);
    const loadKey = hash2(seedKey, LOAD_KEY);
    this.load = new DriftLattice(Uint32Array.from(PLANT_UNITS, (_, u) => hash2(loadKey, u)));
    this.unitLoad = new Float64Array(PLANT_UNITS.length);
  }

  // Computes what all variables share at this instant; value() then reads it.
  prepare(tsMs: number): void {
    const dayAngle = ((tsMs - floor(tsMs / DAY_MS) * DAY_MS) / DAY_MS) * 2 * Math.PI;
    this.sinDay = sin(dayAngle);
    this.cosDay = cos(dayAngle);
    const fast = tsMs / FAST_DRIFT_CELL_MS;
    this.fastCell = floor(fast);
    this.fastWeight = smoothstep(fast - this.fastCell);
    const slow = tsMs / SLOW_DRIFT_CELL_MS;
    this.slowCell = floor(slow);
    this.slowWeight = smoothstep(slow - this.slowCell);
    const load = tsMs / LOAD_CELL_MS;
    const loadCell = floor(load);
    const loadWeight = smoothstep(load - loadCell);
    for (let u = 0; u < this.unitLoad.length; u++) {
      this.unitLoad[u] = this.load.value(u, loadCell, loadWeight);
    }
  }

  // Value of variable i at the prepared instant; timeKey hashes the seed and the instant.
  value(i: number, timeKey: number): number {
    return (
      this.mid[i] +
      this.dailySinGain[i] * this.sinDay +
      this.dailyCosGain[i] * this.cosDay +
      this.fastGain[i] * this.fast.value(i, this.fastCell, this.fastWeight) +
      this.slowGain[i] * this.slow.value(i, this.slowCell, this.slowWeight) +
      this.loadGain[i] * this.unitLoad[this.unitOf[i]] +
      this.noiseGain[i] * triangular(finalize(timeKey ^ this.noiseKeys[i]))
    );
  }
}
