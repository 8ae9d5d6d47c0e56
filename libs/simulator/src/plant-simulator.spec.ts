import { PLANT_CATALOG, PROCESS_VARIABLES, VALVE_ASSETS } from './plant-catalog';
import { PlantSimulator, type SimulatedPoint } from './plant-simulator';
import { hash2, unitFloat } from './seeded-noise';
import { VALVE_FAULT_CODES, VALVE_FAULTS } from './valve-actuation';

const T0 = Date.UTC(2025, 6, 14, 9, 30);
const MINUTE_MS = 60_000;
const references = PLANT_CATALOG.map((v) => v.clientReference);

function collect(sim: PlantSimulator, startMs: number, endMs: number, stepMs: number): SimulatedPoint[] {
  return [...sim.batches({ startMs, endMs, stepMs })].flat();
}

// Deterministic "random" instants over 1970-2100 and variables to probe.
function probes(count: number): { ts: number; reference: string }[] {
  return Array.from({ length: count }, (_, k) => ({
    ts: Math.floor(unitFloat(hash2(k, 11)) * Date.UTC(2100, 0, 1)),
    reference: references[hash2(k, 12) % references.length],
  }));
}

describe('PlantSimulator', () => {
  it('declares the catalogue: process variables and the 8 valves × 5 signals, without duplicates', () => {
    const sim = new PlantSimulator();
    expect(sim.variables).toEqual(PLANT_CATALOG);
    expect(sim.variables.length).toBeGreaterThanOrEqual(40 + 40);
    expect(new Set(sim.variables.map((v) => v.clientReference)).size).toBe(sim.variables.length);
    expect(sim.variables.filter((v) => /^(gate|lift|switch)\d\d_/.test(v.clientReference))).toHaveLength(40);
  });

  it('gives the same values for the same seed, whichever instance and call order', () => {
    const first = new PlantSimulator({ seed: 7 });
    const second = new PlantSimulator({ seed: 7 });
    const points = probes(2000);
    const forward = points.map(({ reference, ts }) => first.valueAt(reference, ts));
    const backward = [...points].reverse().map(({ reference, ts }) => second.valueAt(reference, ts));
    expect(backward.reverse()).toEqual(forward);
  });

  it('gives other values for another seed', () => {
    const a = new PlantSimulator({ seed: 7 });
    const b = new PlantSimulator({ seed: 8 });
    const same = PROCESS_VARIABLES.filter(
      ({ clientReference }) => a.valueAt(clientReference, T0) === b.valueAt(clientReference, T0),
    );
    expect(same).toEqual([]);
    const schedules = (sim: PlantSimulator) =>
      VALVE_ASSETS.map((asset) =>
        Array.from({ length: 30 }, (_, m) => sim.actuationAt(asset, T0 + m * MINUTE_MS).operation).join(),
      );
    expect(schedules(a)).not.toEqual(schedules(b));
  });

  it('uses the default seed when none is given and rejects a non-integer one', () => {
    expect(new PlantSimulator().valueAt('cdu_feed_flow', T0)).toBe(
      new PlantSimulator({ seed: 1 }).valueAt('cdu_feed_flow', T0),
    );
    expect(() => new PlantSimulator({ seed: 1.5 })).toThrow(RangeError);
  });

  it('gives a point the same value in a 1 s batch, a 60 s batch and valueAt', () => {
    const sim = new PlantSimulator({ seed: 3 });
    const live = collect(sim, T0, T0 + 10 * MINUTE_MS, 1000);
    const backfill = collect(
      new PlantSimulator({ seed: 3 }),
      T0 - 60 * MINUTE_MS,
      T0 + 10 * MINUTE_MS,
      MINUTE_MS,
    );
    const liveByKey = new Map(live.map((p) => [`${p.clientReference}@${p.ts}`, p.value]));
    const shared = backfill.filter((p) => p.ts >= T0);
    expect(shared).toHaveLength(10 * references.length);
    expect(shared.map((p) => liveByKey.get(`${p.clientReference}@${p.ts}`))).toEqual(
      shared.map((p) => p.value),
    );
    expect(shared.map((p) => sim.valueAt(p.clientReference, p.ts))).toEqual(shared.map((p) => p.value));
  });

  it('aligns instants to the step, start inclusive and end exclusive', () => {
    const sim = new PlantSimulator();
    const points = collect(sim, T0 + 1, T0 + 10 * 5000, 5000);
    const instants = [...new Set(points.map((p) => p.ts))];
    expect(instants).toEqual(Array.from({ length: 9 }, (_, k) => T0 + (k + 1) * 5000));
    expect(collect(sim, T0, T0 + 3 * 5000, 5000).map((p) => p.ts)[0]).toBe(T0);
    expect(collect(sim, T0, T0, 1000)).toEqual([]);
  });

  it('keeps every instant whole inside one batch and batches within the size limit', () => {
    const sim = new PlantSimulator();
    const maxPointsPerBatch = 1000;
    const batches = [...sim.batches({ startMs: T0, endMs: T0 + 100_000, stepMs: 1000, maxPointsPerBatch })];
    const perInstant = references.length;
    expect(batches.length).toBe(Math.ceil(100 / Math.floor(maxPointsPerBatch / perInstant)));
    expect(batches.every((batch) => batch.length <= maxPointsPerBatch)).toBe(true);
    // Each instant appears in exactly one batch, with every variable in catalogue order.
    const instantsOfBatches = batches.map((batch) => [...new Set(batch.map((p) => p.ts))]);
    expect(instantsOfBatches.flat()).toEqual(Array.from({ length: 100 }, (_, k) => T0 + k * 1000));
    batches.forEach((batch, b) => {
      const expected = instantsOfBatches[b].flatMap((ts) =>
        references.map((clientReference) => ({ clientReference, ts })),
      );
      expect(batch.map(({ clientReference, ts }) => ({ clientReference, ts }))).toEqual(expected);
    });
  });

  it('fills batches up to 10 000 points by default', () => {
    const [first] = new PlantSimulator().batches({ startMs: T0, endMs: T0 + 3_600_000, stepMs: 1000 });
    expect(first).toHaveLength(Math.floor(10_000 / references.length) * references.length);
  });

  it('rejects a range it cannot honour', () => {
    const sim = new PlantSimulator();
    expect(() => sim.batches({ startMs: T0, endMs: T0 + 1000, stepMs: 0 })).toThrow(RangeError);
    expect(() => sim.batches({ startMs: T0, endMs: T0 + 1000, stepMs: 1.5 })).toThrow(RangeError);
    expect(() => sim.batches({ startMs: Number.NaN, endMs: T0, stepMs: 1000 })).toThrow(RangeError);
    expect(() => sim.batches({ startMs: T0, endMs: T0 + 1000, stepMs: 1000, maxPointsPerBatch: 10 })).toThrow(
      RangeError,
    );
    expect(() => sim.valueAt('nope_signal', T0)).toThrow(RangeError);
    expect(() => sim.valueAt('cdu_feed_flow', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('produces finite values over a long random sample', () => {
    const sim = new PlantSimulator({ seed: 2024 });
    const notFinite = probes(50_000).filter(
      ({ reference, ts }) => !Number.isFinite(sim.valueAt(reference, ts)),
    );
    expect(notFinite).toEqual([]);
    const day = collect(sim, T0, T0 + 86_400_000, 30_000);
    expect(day).toHaveLength(2880 * references.length);
    expect(day.every((p) => Number.isFinite(p.value))).toBe(true);
  });

  describe('actuationsBetween', () => {
    const sim = new PlantSimulator({ seed: 5 });
    const actuations = sim.actuationsBetween(T0, T0 + 24 * 60 * MINUTE_MS);

    it('lists every ramp of every valve in time order, from rest at one extreme to the other', () => {
      expect(new Set(actuations.map((a) => a.asset))).toEqual(new Set(VALVE_ASSETS));
      expect(actuations.length).toBeGreaterThan(2 * 8 * 150);
      expect(actuations.map((a) => a.beginMs)).toEqual(
        actuations.map((a) => a.beginMs).sort((a, b) => a - b),
      );
      for (const { asset, operation, beginMs, endMs } of actuations.filter((_, k) => k % 17 === 0)) {
        const [from, to] = operation === 'opening' ? [0, 100] : [100, 0];
        expect(sim.valueAt(`${asset}_opening`, beginMs)).toBe(from);
        expect(sim.valueAt(`${asset}_opening`, endMs)).toBe(to);
        expect(sim.actuationAt(asset, beginMs).operation).toBe(operation);
        expect(sim.actuationAt(asset, endMs - 1).operation).toBe(operation);
        expect(sim.actuationAt(asset, beginMs - 1).operation).toBe('idle');
        expect(sim.actuationAt(asset, endMs).operation).toBe('idle');
      }
    });

    it("gives each ramp its cycle's fault and the failure code it should raise", () => {
      for (const { asset, beginMs, fault, expectedCode } of actuations) {
        expect(fault).toBe(sim.actuationAt(asset, beginMs).fault);
        expect(expectedCode).toBe(fault === null ? 0 : VALVE_FAULT_CODES[fault]);
      }
      expect(new Set(actuations.map((a) => a.fault))).toEqual(new Set([null, ...VALVE_FAULTS]));
      expect(VALVE_FAULT_CODES).toEqual({
        highTorqueUnseating: 1,
        sustainedHighTorque: 2,
        highTorqueSwitchingPoint: 3,
        highTorqueRunning: 4,
        lowSteamPressure: 101,
      });
    });

    it('keeps only ramps wholly inside the range', () => {
      const [first] = actuations;
      expect(sim.actuationsBetween(first.beginMs + 1, first.endMs + 1)).toEqual([]);
      expect(sim.actuationsBetween(first.beginMs, first.endMs + 1)).toContainEqual(first);
    });
  });

  describe('valve detail', () => {
    const sim = new PlantSimulator({ seed: 5 });
    const startMs = T0;
    const endMs = T0 + 2 * 60 * MINUTE_MS;
    const valveDetail = { fromMs: T0 + 60 * MINUTE_MS, stepMs: 1000, marginMs: 3000 };
    const batches = [
      ...sim.batches({ startMs, endMs, stepMs: MINUTE_MS, maxPointsPerBatch: 1000, valveDetail }),
    ];
    const points = batches.flat();

    it('adds valve signals every second around each ramp after fromMs, and nothing else', () => {
      const coarse = collect(new PlantSimulator({ seed: 5 }), startMs, endMs, MINUTE_MS);
      expect(points.filter((p) => p.ts % MINUTE_MS === 0)).toEqual(coarse);
      const extra = points.filter((p) => p.ts % MINUTE_MS !== 0);
      expect(
        extra.every((p) => p.ts > valveDetail.fromMs && /^(gate|lift|switch)\d\d_/.test(p.clientReference)),
      ).toBe(true);
      expect(extra.every((p) => p.value === sim.valueAt(p.clientReference, p.ts))).toBe(true);
      for (const { asset, beginMs, endMs: rampEndMs } of sim.actuationsBetween(
        valveDetail.fromMs,
        endMs - 3000,
      )) {
        const opening = points.filter(
          (p) =>
            p.clientReference === `${asset}_opening` && p.ts >= beginMs - 3000 && p.ts <= rampEndMs + 3000,
        );
        expect(opening.map((p) => p.ts)).toEqual(
          Array.from({ length: (rampEndMs - beginMs) / 1000 + 7 }, (_, k) => beginMs - 3000 + k * 1000),
        );
      }
      // Far from any ramp, a valve shows only at the coarse instants.
      expect(extra.length).toBeLessThan(60 * 60 * 8 * 5 * 0.6);
    });

    it('keeps instants whole, batches within the size limit and each variable in time order', () => {
      expect(batches.every((batch) => batch.length <= 1000)).toBe(true);
      const batchOfInstant = new Map<number, number>();
      const split: number[] = [];
      batches.forEach((batch, b) => {
        for (const { ts } of batch) {
          if ((batchOfInstant.get(ts) ?? b) !== b) split.push(ts);
          batchOfInstant.set(ts, b);
        }
      });
      expect(split).toEqual([]);
      const lastTs = new Map<string, number>();
      const outOfOrder = points.filter((p) => {
        const late = p.ts <= (lastTs.get(p.clientReference) ?? -Infinity);
        lastTs.set(p.clientReference, p.ts);
        return late;
      });
      expect(outOfOrder).toEqual([]);
    });

    it('rejects a detail step that does not divide the step', () => {
      expect(() =>
        sim.batches({ startMs, endMs, stepMs: MINUTE_MS, valveDetail: { ...valveDetail, stepMs: 7000 } }),
      ).toThrow(RangeError);
      expect(() =>
        sim.batches({ startMs, endMs, stepMs: MINUTE_MS, valveDetail: { ...valveDetail, marginMs: -1 } }),
      ).toThrow(RangeError);
    });
  });
});
