import { VALVE_LOW_STEAM_PRESSURE_BAR } from '@plantlens/contracts';
import { VALVE_ASSETS, type ValveAsset } from './plant-catalog';
import { PlantSimulator } from './plant-simulator';
import { VALVE_FAULTS, valveTorqueLimit, type ValveFault } from './valve-actuation';

const T0 = Date.UTC(2025, 3, 1, 6);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface Sample {
  ts: number;
  operation: 'opening' | 'closure' | 'idle';
  opening: number;
  torque: number;
  pressure: number;
  flow: number;
  temperature: number;
}

interface Cycle {
  fault: ValveFault | null;
  samples: Sample[];
}

// Whole cycles of one valve sampled every stepMs, keyed by cycle number (partial first and last dropped).
function sampleCycles(sim: PlantSimulator, asset: ValveAsset, fromMs: number, toMs: number, stepMs: number) {
  const cycles = new Map<number, Cycle>();
  for (let ts = fromMs; ts < toMs; ts += stepMs) {
    const { cycle, operation, fault } = sim.actuationAt(asset, ts);
    const entry = cycles.get(cycle) ?? { fault, samples: [] };
    cycles.set(cycle, entry);
    entry.samples.push({
      ts,
      operation,
      opening: sim.valueAt(`${asset}_opening`, ts),
      torque: sim.valueAt(`${asset}_torque`, ts),
      pressure: sim.valueAt(`${asset}_pressure`, ts),
      flow: sim.valueAt(`${asset}_flow`, ts),
      temperature: sim.valueAt(`${asset}_temperature`, ts),
    });
  }
  const numbers = [...cycles.keys()];
  cycles.delete(Math.min(...numbers));
  cycles.delete(Math.max(...numbers));
  return cycles;
}

function exceedsLimit({ operation, opening, torque }: Sample): boolean {
  return operation !== 'idle' && torque > valveTorqueLimit(operation, opening);
}

describe('valve torque limits', () => {
  it('follows the spec opening curve by opening level', () => {
    const at = (opening: number) => valveTorqueLimit('opening', opening);
    expect([0, 0.83, 1.67, 2.5, 3.33, 20, 45, 45.83, 50, 53.33, 54.17, 98.33, 99.17, 100].map(at)).toEqual([
      0, 90, 65, 15, 5, 5, 5, 17, 17, 17, 5, 5, 50, 70,
    ]);
  });

  it('follows the spec closure curve, the mirror of the opening one', () => {
    const at = (opening: number) => valveTorqueLimit('closure', opening);
    expect([0, 0.83, 1.67, 45.83, 46.67, 50, 54.17, 55, 97.5, 98.33, 99.17, 100].map(at)).toEqual([
      70, 50, 5, 5, 17, 17, 17, 5, 15, 65, 90, 0,
    ]);
  });
});

describe('valve actuation', () => {
  const sim = new PlantSimulator({ seed: 11 });

  it.each(VALVE_ASSETS)(
    '%s opens 0→100 %%, holds, closes 100→0 % and rests, every 4 to 9 minutes',
    (asset) => {
      const cycles = [...sampleCycles(sim, asset, T0, T0 + HOUR_MS, 1000).values()];
      expect(cycles.length).toBeGreaterThanOrEqual(5);
      for (const { samples } of cycles) {
        const period = samples.length * 1000;
        expect(period).toBeGreaterThanOrEqual(4 * MINUTE_MS);
        expect(period).toBeLessThanOrEqual(9 * MINUTE_MS);
        const phases = samples.map((s) => s.operation).filter((op, i, all) => op !== all[i - 1]);
        expect(phases).toEqual(['opening', 'idle', 'closure', 'idle']);

        const opening = samples.filter((s) => s.operation === 'opening');
        const closure = samples.filter((s) => s.operation === 'closure');
        expect(opening.length).toBeGreaterThanOrEqual(40);
        expect(opening.length).toBeLessThanOrEqual(90);
        expect(closure.length).toBeGreaterThanOrEqual(40);
        expect(closure.length).toBeLessThanOrEqual(90);
        expect(samples[0]).toMatchObject({ operation: 'opening', opening: 0, torque: 0 });
        opening.slice(1).forEach((s, i) => expect(s.opening).toBeGreaterThanOrEqual(opening[i].opening));
        closure.slice(1).forEach((s, i) => expect(s.opening).toBeLessThanOrEqual(closure[i].opening));
        expect(samples.find((s) => s.ts === closure[0].ts - 1000)?.opening).toBe(100);
        expect(samples[samples.length - 1]).toMatchObject({ operation: 'idle', opening: 0, torque: 0 });
      }
    },
  );

  it('reads the opening on the 120 levels of the limit curves', () => {
    const levels = new Set(Array.from({ length: 121 }, (_, k) => Math.round((k * 10_000) / 120) / 100));
    const readings = [...sampleCycles(sim, 'lift02', T0, T0 + HOUR_MS, 700).values()].flatMap((c) =>
      c.samples.map((s) => s.opening),
    );
    expect(readings.filter((opening) => !levels.has(opening))).toEqual([]);
    expect(new Set(readings).size).toBeGreaterThan(100);
  });

  it('keeps flow, pressure and temperature in step with the opening', () => {
    for (const asset of VALVE_ASSETS) {
      for (const { fault, samples } of sampleCycles(sim, asset, T0, T0 + HOUR_MS, 1000).values()) {
        const closed = samples.filter((s) => s.opening === 0);
        const open = samples.filter((s) => s.opening === 100);
        expect(closed.every((s) => s.flow === 0)).toBe(true);
        expect(Math.min(...open.map((s) => s.flow))).toBeGreaterThan(10);
        // The body heats while open and cools while closed.
        expect(open[open.length - 1].temperature).toBeGreaterThan(
          samples[samples.length - 1].temperature + 20,
        );
        if (fault !== 'lowSteamPressure') {
          const moving = samples.filter((s) => s.operation !== 'idle').map((s) => s.pressure);
          const resting = samples.filter((s) => s.operation === 'idle').map((s) => s.pressure);
          expect(Math.max(...moving)).toBeLessThan(Math.min(...resting));
        }
      }
    }
  });

  describe('over a day of cycles sampled every 400 ms', () => {
    let cycles: Cycle[] = [];
    beforeAll(() => {
      cycles = VALVE_ASSETS.flatMap((asset) => [
        ...sampleCycles(sim, asset, T0, T0 + 24 * HOUR_MS, 400).values(),
      ]);
    });
    const withFault = (fault: ValveFault | null) => cycles.filter((c) => c.fault === fault);

    it('injects every kind of fault', () => {
      expect(cycles.length).toBeGreaterThan(1000);
      for (const fault of VALVE_FAULTS) expect(withFault(fault).length).toBeGreaterThan(0);
    });

    it('keeps the torque of normal cycles under the limit curve', () => {
      const normal = withFault(null);
      expect(normal.length).toBeGreaterThan(900);
      for (const { samples } of normal) {
        expect(samples.filter(exceedsLimit)).toEqual([]);
        expect(Math.max(...samples.map((s) => s.torque))).toBeGreaterThan(30);
      }
    });

    it.each([
      'highTorqueUnseating',
      'sustainedHighTorque',
      'highTorqueSwitchingPoint',
      'highTorqueRunning',
    ] as const)('raises the torque over the limit curve in %s cycles', (fault) => {
      for (const { samples } of withFault(fault)) {
        expect(samples.filter((s) => s.operation === 'opening' && exceedsLimit(s)).length).toBeGreaterThan(0);
        expect(samples.filter((s) => s.operation === 'closure' && exceedsLimit(s)).length).toBeGreaterThan(0);
      }
    });

    it('exceeds the limit where each torque fault belongs', () => {
      const progress = (s: Sample) => (s.operation === 'opening' ? s.opening : 100 - s.opening);
      const exceedances = (fault: ValveFault) =>
        withFault(fault).flatMap((c) => c.samples.filter(exceedsLimit));
      expect(exceedances('highTorqueUnseating').every((s) => progress(s) < 15)).toBe(true);
      expect(exceedances('highTorqueSwitchingPoint').every((s) => Math.abs(progress(s) - 49.6) < 8)).toBe(
        true,
      );
      const running = exceedances('highTorqueRunning');
      expect(running.every((s) => progress(s) > 3 && Math.abs(progress(s) - 49.6) > 4)).toBe(true);
      const sustained = exceedances('sustainedHighTorque');
      expect(sustained.filter((s) => progress(s) > 50).length).toBeGreaterThan(sustained.length / 3);
    });

    it('drops the steam pressure below the threshold in lowSteamPressure cycles only', () => {
      for (const { fault, samples } of cycles) {
        const moving = samples.filter((s) => s.operation !== 'idle');
        if (fault === 'lowSteamPressure') {
          expect(moving.every((s) => s.pressure < VALVE_LOW_STEAM_PRESSURE_BAR)).toBe(true);
          expect(samples.filter(exceedsLimit)).toEqual([]);
        } else {
          expect(samples.every((s) => s.pressure > VALVE_LOW_STEAM_PRESSURE_BAR)).toBe(true);
        }
      }
    });
  });

  it('faults between 1 % and 10 % of cycles', () => {
    const faults = new Map<string, ValveFault | null>();
    for (const asset of VALVE_ASSETS) {
      for (let ts = T0; ts < T0 + 20 * 24 * HOUR_MS; ts += MINUTE_MS) {
        const { cycle, fault } = sim.actuationAt(asset, ts);
        faults.set(`${asset}:${cycle}`, fault);
      }
    }
    expect(faults.size).toBeGreaterThan(3000);
    const rate = [...faults.values()].filter((f) => f !== null).length / faults.size;
    expect(rate).toBeGreaterThan(0.01);
    expect(rate).toBeLessThan(0.1);
  });
});
