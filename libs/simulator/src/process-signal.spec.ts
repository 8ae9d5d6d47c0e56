import { PROCESS_VARIABLES } from './plant-catalog';
import { ProcessSignals } from './process-signal';
import { hash2, hashWide, unitFloat } from './seeded-noise';

const SEED_KEY = 1234;
const T0 = Date.UTC(2025, 2, 10);
const HOUR_MS = 3_600_000;

function sample(signals: ProcessSignals, i: number, ts: number): number {
  signals.prepare(ts);
  return signals.value(i, hashWide(SEED_KEY, ts));
}

describe('ProcessSignals', () => {
  const signals = new ProcessSignals(PROCESS_VARIABLES, SEED_KEY);

  it('keeps every variable inside its band, from 1970 to 2100', () => {
    const span = Date.UTC(2100, 0, 1);
    const outside: string[] = [];
    for (let k = 0; k < 50_000; k++) {
      const ts = Math.floor(unitFloat(hash2(k, 1)) * span);
      const i = hash2(k, 2) % PROCESS_VARIABLES.length;
      const { clientReference, min, max } = PROCESS_VARIABLES[i];
      const value = sample(signals, i, ts);
      if (!(value >= min && value <= max)) outside.push(`${clientReference}@${ts}=${value}`);
    }
    expect(outside).toEqual([]);
  });

  it('moves smoothly from one second to the next', () => {
    PROCESS_VARIABLES.forEach(({ min, max }, i) => {
      for (let k = 0; k < 200; k++) {
        const ts = T0 + k * 7 * 60_000;
        // Only measurement noise (at most 2.5 % of the half band on each side) separates neighbours.
        expect(Math.abs(sample(signals, i, ts + 1000) - sample(signals, i, ts))).toBeLessThan(
          0.03 * (max - min),
        );
      }
    });
  });

  it('wanders over a week by more than its noise', () => {
    const flat = PROCESS_VARIABLES.filter(({ min, max }, i) => {
      const values = Array.from({ length: 7 * 24 }, (_, h) => sample(signals, i, T0 + h * HOUR_MS));
      return Math.max(...values) - Math.min(...values) < 0.1 * (max - min);
    });
    expect(flat).toEqual([]);
  });

  it('gives each variable its own course', () => {
    const normalised = PROCESS_VARIABLES.map(({ min, max }, i) =>
      Array.from({ length: 48 }, (_, h) =>
        ((sample(signals, i, T0 + h * HOUR_MS) - min) / (max - min)).toFixed(3),
      ).join(),
    );
    expect(new Set(normalised).size).toBe(PROCESS_VARIABLES.length);
  });
});
