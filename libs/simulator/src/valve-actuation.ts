import {
  nearestValveCurveLevel,
  VALVE_CURVE_STEPS,
  valveCurveOpeningLevel,
  ValveFailureCodes,
  valveTorqueLimitAtLevel,
  type ValveFailureCode,
} from '@plantlens/contracts';
import { VALVE_SIGNALS } from './plant-catalog';
import { finalize, hash2, hash3, hashString, triangular, uniformIn, unitFloat } from './seeded-noise';

const { exp, floor, round, max } = Math;

export type ValveOperation = 'opening' | 'closure' | 'idle';

export const VALVE_FAULTS = [
  'highTorqueUnseating',
  'sustainedHighTorque',
  'highTorqueSwitchingPoint',
  'highTorqueRunning',
  'lowSteamPressure',
] as const;
export type ValveFault = (typeof VALVE_FAULTS)[number];

// One ramp of a valve (opening 0→100 % or closure 100→0 %), from its first instant to its last, both at
// the extreme; `fault` belongs to the whole cycle, so a faulty cycle's opening and closure share it.
export interface ValveRamp {
  operation: 'opening' | 'closure';
  beginMs: number;
  endMs: number;
  fault: ValveFault | null;
}

// Ground truth of one valve at one instant; `fault` belongs to the whole actuation cycle.
export interface ValveActuation {
  cycle: number;
  operation: ValveOperation;
  fault: ValveFault | null;
}

// The opening axis of the spec's limit and normal curves: 0..100 % in 120 levels of 0.8333 %.
const LEVELS = VALVE_CURVE_STEPS;
const LEVEL_PCT = 100 / LEVELS;
const SWITCHING_POINT_PCT = 59.5 * LEVEL_PCT;

// Opening readings sit exactly on the curve levels (2 decimals), so a monitor can look up their limit.
const LEVEL_READINGS = Float64Array.from({ length: LEVELS + 1 }, (_, level) => valveCurveOpeningLevel(level));

// Torque limit (%) of the spec's curves at the curve level nearest to openingPct.
export function valveTorqueLimit(operation: 'opening' | 'closure', openingPct: number): number {
  return valveTorqueLimitAtLevel(operation, nearestValveCurveLevel(openingPct));
}

// The failure code the valve monitor should raise for an actuation of a cycle with this fault.
export const VALVE_FAULT_CODES: Record<ValveFault, ValveFailureCode> = {
  highTorqueUnseating: ValveFailureCodes.highTorqueUnseating,
  sustainedHighTorque: ValveFailureCodes.sustainedHighTorque,
  highTorqueSwitchingPoint: ValveFailureCodes.highTorqueSwitchingPoint,
  highTorqueRunning: ValveFailureCodes.highTorqueRunning,
  lowSteamPressure: ValveFailureCodes.lowSteamPressure,
};

const FAULT_RATE = 0.04;
const IDLE = 0;
const OPENING = 1;
const CLOSURE = 2;
const OPERATIONS: readonly ValveOperation[] = ['idle', 'opening', 'closure'];
const NO_FAULT = 0;
const UNSEATING = 1 + VALVE_FAULTS.indexOf('highTorqueUnseating');
const SUSTAINED = 1 + VALVE_FAULTS.indexOf('sustainedHighTorque');
const SWITCHING_POINT = 1 + VALVE_FAULTS.indexOf('highTorqueSwitchingPoint');
const RUNNING = 1 + VALVE_FAULTS.indexOf('highTorqueRunning');
const LOW_STEAM = 1 + VALVE_FAULTS.indexOf('lowSteamPressure');
const SIGNALS_PER_VALVE = VALVE_SIGNALS.length;

const seconds = (hash: number, low: number, high: number) => round(uniformIn(hash, low, high)) * 1000;
const gauss = (x: number) => exp(-0.5 * x * x);

// Each valve repeats a cycle: opening ramp 0→100 %, hold open, closure ramp 100→0 %, hold closed.
// Per-valve timings and per-cycle faults come from hashes, so any instant is computed on its own.
export class ValveBank {
  private readonly periodMs: Float64Array;
  private readonly offsetMs: Float64Array;
  private readonly openRampMs: Float64Array;
  private readonly closeStartMs: Float64Array;
  private readonly closeEndMs: Float64Array;
  private readonly baseTorque: Float64Array;
  // Normal torque shape by progress level (0 at rest, unseating peak, switching-point bump, seating rise).
  private readonly torqueShape: Float64Array;
  private readonly steamBar: Float64Array;
  private readonly steamDipBar: Float64Array;
  private readonly maxFlow: Float64Array;
  private readonly coldC: Float64Array;
  private readonly hotC: Float64Array;
  private readonly heatStartMs: Float64Array;
  private readonly heatEndMs: Float64Array;
  private readonly heatTauMs: Float64Array;
  private readonly coolTauMs: Float64Array;
  private readonly heatAtStart: Float64Array;
  private readonly heatAtEnd: Float64Array;
  private readonly keys: Uint32Array;
  private readonly noiseKeys: Uint32Array;

  // Per-cycle draws, cached by cycle number (pure functions of it).
  private readonly cycleOf: Float64Array;
  private readonly faultOf: Uint8Array;
  private readonly jitterOf: Float64Array;
  private readonly magnitudeOf: Float64Array;
  private readonly runningPeakOf: Float64Array;

  // State at the instant last passed to update().
  private readonly timeInCycle: Float64Array;
  private readonly operationOf: Uint8Array;
  private readonly openingOf: Float64Array;
  private readonly levelOf: Uint8Array;

  constructor(assets: readonly string[], seedKey: number) {
    const n = assets.length;
    this.periodMs = new Float64Array(n);
    this.offsetMs = new Float64Array(n);
    this.openRampMs = new Float64Array(n);
    this.closeStartMs = new Float64Array(n);
    this.closeEndMs = new Float64Array(n);
    this.baseTorque = new Float64Array(n);
    this.torqueShape = new Float64Array(n * (LEVELS + 1));
    this.steamBar = new Float64Array(n);
    this.steamDipBar = new Float64Array(n);
    this.maxFlow = new Float64Array(n);
    this.coldC = new Float64Array(n);
    this.hotC = new Float64Array(n);
    this.heatStartMs = new Float64Array(n);
    this.heatEndMs = new Float64Array(n);
    this.heatTauMs = new Float64Array(n);
    this.coolTauMs = new Float64Array(n);
    this.heatAtStart = new Float64Array(n);
    this.heatAtEnd = new Float64Array(n);
    this.keys = new Uint32Array(n);
    this.noiseKeys = new Uint32Array(n * SIGNALS_PER_VALVE);
    this.cycleOf = new Float64Array(n).fill(Number.NaN);
    this.faultOf = new Uint8Array(n);
    this.jitterOf = new Float64Array(n);
    this.magnitudeOf = new Float64Array(n);
    this.runningPeakOf = new Float64Array(n);
    this.timeInCycle = new Float64Array(n);
    this.operationOf = new Uint8Array(n);
    this.openingOf = new Float64Array(n);
    this.levelOf = new Uint8Array(n);

    assets.forEach((asset, v) => {
      const key = hash2(seedKey, hashString(asset));
      const param = (p: number, low: number, high: number) => uniformIn(hash2(key, p), low, high);
      this.keys[v] = key;
      const openRamp = seconds(hash2(key, 1), 40, 90);
      const holdOpen = seconds(hash2(key, 2), 30, 90);
      const closeRamp = seconds(hash2(key, 3), 40, 90);
      // At least a minute closed between actuations, within the 4-9 minute period.
      const busy = openRamp + holdOpen + closeRamp;
      const period = seconds(hash2(key, 4), max(240, busy / 1000 + 60), 540);
      this.periodMs[v] = period;
      this.offsetMs[v] = seconds(hash2(key, 5), 0, period / 1000 - 1);
      this.openRampMs[v] = openRamp;
      this.closeStartMs[v] = openRamp + holdOpen;
      this.closeEndMs[v] = busy;

      // Kept under the limit curve with margin even at the largest cycle jitter (×1.07) and noise:
      // unseating ≤ 67.5 (limit 90), then ≤ 17.4 (65), ≤ 6.4 (15), running ≤ 4 (5), switching
      // point ≤ 13.6 (17), last levels ≤ 9.3 (50) and ≤ 51.4 (70).
      this.baseTorque[v] = param(6, 2.4, 3);
      const unseating = param(7, 50, 60);
      const switchingBump = param(8, 6.5, 10);
      const seating = param(9, 35, 45);
      for (let level = 1; level <= LEVELS; level++) {
        const p = level * LEVEL_PCT;
        this.torqueShape[v * (LEVELS + 1) + level] =
          unseating * exp(-(p - LEVEL_PCT) / 0.55) +
          switchingBump * gauss((p - SWITCHING_POINT_PCT) / 1.5) +
          seating * exp((p - 100) / 0.4);
      }

      this.steamBar[v] = param(10, 9, 11);
      this.steamDipBar[v] = param(11, 0.3, 0.8);
      this.maxFlow[v] = param(12, 15, 60);
      this.coldC[v] = param(13, 170, 220);
      this.hotC[v] = param(14, 380, 430);
      // The body heats while the valve is more than half open and cools otherwise; start the cycle
      // from the periodic steady state so the temperature is continuous from one cycle to the next.
      const heatStart = openRamp / 2;
      const heatEnd = openRamp + holdOpen + closeRamp / 2;
      const heatTau = seconds(hash2(key, 15), 40, 90);
      const coolTau = seconds(hash2(key, 16), 120, 240);
      const a = exp(-(heatEnd - heatStart) / heatTau);
      const b = exp(-(period - (heatEnd - heatStart)) / coolTau);
      const atStart = (b * (1 - a)) / (1 - a * b);
      this.heatStartMs[v] = heatStart;
      this.heatEndMs[v] = heatEnd;
      this.heatTauMs[v] = heatTau;
      this.coolTauMs[v] = coolTau;
      this.heatAtStart[v] = atStart;
      this.heatAtEnd[v] = 1 - (1 - atStart) * a;
      for (let s = 0; s < SIGNALS_PER_VALVE; s++) {
        this.noiseKeys[v * SIGNALS_PER_VALVE + s] = hash2(key, 100 + s);
      }
    });
  }

  // Positions valve v at tsMs; actuation() and readings() then describe that instant.
  update(v: number, tsMs: number): void {
    const period = this.periodMs[v];
    const relative = tsMs - this.offsetMs[v];
    const cycle = floor(relative / period);
    const t = relative - cycle * period;
    if (this.cycleOf[v] !== cycle) this.drawCycle(v, cycle);
    let operation = IDLE;
    let opening = 0;
    if (t < this.openRampMs[v]) {
      operation = OPENING;
      opening = (100 * t) / this.openRampMs[v];
    } else if (t < this.closeStartMs[v]) {
      opening = 100;
    } else if (t < this.closeEndMs[v]) {
      operation = CLOSURE;
      opening = 100 - (100 * (t - this.closeStartMs[v])) / (this.closeEndMs[v] - this.closeStartMs[v]);
    }
    this.timeInCycle[v] = t;
    this.operationOf[v] = operation;
    this.openingOf[v] = opening;
    this.levelOf[v] = round((opening * LEVELS) / 100);
  }

  actuation(v: number): ValveActuation {
    const fault = this.faultOf[v];
    return {
      cycle: this.cycleOf[v],
      operation: OPERATIONS[this.operationOf[v]],
      fault: fault === NO_FAULT ? null : VALVE_FAULTS[fault - 1],
    };
  }

  // Writes the valve's signals in VALVE_SIGNALS order: opening, torque, pressure, flow, temperature.
  readings(v: number, timeKey: number, out: Float64Array): void {
    const noiseKey = v * SIGNALS_PER_VALVE;
    out[0] = LEVEL_READINGS[this.levelOf[v]];
    out[1] = this.torque(v, triangular(finalize(timeKey ^ this.noiseKeys[noiseKey + 1])));
    out[2] = this.pressure(v, triangular(finalize(timeKey ^ this.noiseKeys[noiseKey + 2])));
    out[3] = this.flow(v, triangular(finalize(timeKey ^ this.noiseKeys[noiseKey + 3])));
    out[4] = this.temperature(v, triangular(finalize(timeKey ^ this.noiseKeys[noiseKey + 4])));
  }

  // Whether valve v is ramping at tsMs or within marginMs of a ramp.
  nearRamp(v: number, tsMs: number, marginMs: number): boolean {
    const period = this.periodMs[v];
    const relative = tsMs - this.offsetMs[v];
    const t = relative - floor(relative / period) * period;
    return (
      t <= this.openRampMs[v] + marginMs ||
      t >= period - marginMs ||
      (t >= this.closeStartMs[v] - marginMs && t <= this.closeEndMs[v] + marginMs)
    );
  }

  // The ramps of valve v lying wholly within [startMs, endMs), in time order.
  ramps(v: number, startMs: number, endMs: number): ValveRamp[] {
    const period = this.periodMs[v];
    const ramps: ValveRamp[] = [];
    for (let cycle = floor((startMs - this.offsetMs[v]) / period); ; cycle++) {
      const cycleStart = this.offsetMs[v] + cycle * period;
      if (cycleStart >= endMs) break;
      const drawn = this.faultIn(v, cycle);
      const fault = drawn === NO_FAULT ? null : VALVE_FAULTS[drawn - 1];
      const candidates: ValveRamp[] = [
        { operation: 'opening', beginMs: cycleStart, endMs: cycleStart + this.openRampMs[v], fault },
        {
          operation: 'closure',
          beginMs: cycleStart + this.closeStartMs[v],
          endMs: cycleStart + this.closeEndMs[v],
          fault,
        },
      ];
      ramps.push(...candidates.filter((ramp) => ramp.beginMs >= startMs && ramp.endMs < endMs));
    }
    return ramps;
  }

  private faultIn(v: number, cycle: number): number {
    const key = this.keys[v];
    return unitFloat(hash3(key, cycle, 1)) < FAULT_RATE
      ? 1 + (hash3(key, cycle, 2) % VALVE_FAULTS.length)
      : NO_FAULT;
  }

  private drawCycle(v: number, cycle: number): void {
    const key = this.keys[v];
    this.cycleOf[v] = cycle;
    this.faultOf[v] = this.faultIn(v, cycle);
    this.jitterOf[v] = uniformIn(hash3(key, cycle, 3), 0.93, 1.07);
    this.magnitudeOf[v] = unitFloat(hash3(key, cycle, 4));
    // Somewhere in the running travel, clear of the switching point.
    const where = uniformIn(hash3(key, cycle, 5), 12, 38);
    this.runningPeakOf[v] = hash3(key, cycle, 6) & 1 ? where : 100 - where;
  }

  private torque(v: number, noise: number): number {
    const operation = this.operationOf[v];
    const progressLevel = operation === OPENING ? this.levelOf[v] : LEVELS - this.levelOf[v];
    // Idle, or not yet off its seat (progress level 0): no load on the stem.
    if (operation === IDLE || progressLevel === 0) return 0;
    const p = progressLevel * LEVEL_PCT;
    const m = this.magnitudeOf[v];
    let torque =
      this.baseTorque[v] +
      this.jitterOf[v] * this.torqueShape[v * (LEVELS + 1) + progressLevel] +
      0.25 * noise;
    switch (this.faultOf[v]) {
      case UNSEATING:
        torque += (45 + 15 * m) * exp(-(p - LEVEL_PCT) / 3);
        break;
      case SUSTAINED:
        torque += 6 + 4 * m;
        break;
      case SWITCHING_POINT:
        torque += (14 + 6 * m) * gauss((p - SWITCHING_POINT_PCT) / 2.5);
        break;
      case RUNNING:
        torque += (6 + 4 * m) * gauss((p - this.runningPeakOf[v]) / 5);
        break;
    }
    return torque;
  }

  private pressure(v: number, noise: number): number {
    const starved = this.faultOf[v] === LOW_STEAM && this.timeInCycle[v] < this.closeEndMs[v];
    const supply = this.steamBar[v] * (starved ? 0.5 + 0.1 * this.magnitudeOf[v] : 1);
    // The actuator draws steam while it moves.
    return supply - (this.operationOf[v] === IDLE ? 0 : this.steamDipBar[v]) + 0.05 * noise;
  }

  private flow(v: number, noise: number): number {
    const x = this.openingOf[v] / 100;
    if (x <= 0) return 0;
    const maxFlow = this.maxFlow[v];
    return max(0, maxFlow * x * (0.3 + 0.7 * x) + 0.01 * maxFlow * noise);
  }

  private temperature(v: number, noise: number): number {
    const t = this.timeInCycle[v];
    const heatStart = this.heatStartMs[v];
    const heatEnd = this.heatEndMs[v];
    let heat: number;
    if (t < heatStart) {
      heat = this.heatAtEnd[v] * exp(-(t + this.periodMs[v] - heatEnd) / this.coolTauMs[v]);
    } else if (t < heatEnd) {
      heat = 1 - (1 - this.heatAtStart[v]) * exp(-(t - heatStart) / this.heatTauMs[v]);
    } else {
      heat = this.heatAtEnd[v] * exp(-(t - heatEnd) / this.coolTauMs[v]);
    }
    return this.coldC[v] + (this.hotC[v] - this.coldC[v]) * heat + 0.3 * noise;
  }
}
