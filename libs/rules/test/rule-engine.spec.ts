import { RULE_OPERATORS, type MeasurementPoint } from '@plantlens/contracts';
import { RuleEngine, type EngineCheckpoint, type EngineRule } from '../src/engine/rule-engine';
import {
  holds,
  median as medianOf,
  reference,
  simulatedSeries,
  simulator,
  type Expected,
} from './reference-evaluation';

// The engine against a plain reference: the same simulated series scanned for runs of true evaluations.
const START = Date.UTC(2026, 0, 1, 22); // crosses midnight, so counts span two days
const END = START + 4 * 3_600_000;
const STEP = 10_000;
const TEMPERATURE = { id: 11, reference: 'cdu_feed_temperature' }; // 228…262 °C
const DRUM_A = { id: 21, reference: 'dcu_drum_a_pressure' };
const DRUM_A_DELAYED = { id: 22 };

function series(variable: { id: number; reference: string }): MeasurementPoint[] {
  return simulatedSeries(variable.id, variable.reference, START, END, STEP);
}

function run(engine: RuleEngine, points: MeasurementPoint[]): Expected {
  engine.evaluate(points);
  return summarize(engine.checkpoint());
}

function summarize(checkpoint: EngineCheckpoint): Expected {
  const counts = new Map<string, [number, number]>();
  for (const { day, evaluations, activations } of checkpoint.counts) {
    const [e, a] = counts.get(String(day)) ?? [0, 0];
    counts.set(String(day), [e + evaluations, a + activations]);
  }
  return {
    openings: checkpoint.transitions.filter((t) => t.type === 'opened').map((t) => t.openedAt),
    closings: checkpoint.transitions.filter((t) => t.type === 'closed').map((t) => t.closedAt as number),
    counts,
  };
}

function rule(overrides: Partial<EngineRule> & Pick<EngineRule, 'operator'>): EngineRule {
  return {
    id: 1,
    varOneId: TEMPERATURE.id,
    varTwoId: null,
    constant: null,
    minDurationSeconds: 0,
    deadband: 0,
    ...overrides,
  };
}

describe('RuleEngine on simulated plant data', () => {
  const temperature = series(TEMPERATURE);
  const median = medianOf(temperature);

  it.each(RULE_OPERATORS)(
    'opens, closes and counts a constant rule with %s like the reference',
    (operator) => {
      // The series' median: a value it really takes (for `=` and `<>`) and crosses often.
      const constant = median;
      const engine = new RuleEngine();
      engine.add(rule({ operator, constant }));
      const expected = reference(
        temperature.map((p) => ({ ts: p.ts, active: holds[operator](p.value, constant) })),
      );
      expect(run(engine, temperature)).toEqual(expected);
      expect(expected.openings.length).toBeGreaterThan(0);
      expect(expected.counts.size).toBe(2);
    },
  );

  it('compares two variables, each point against the latest value of the other', () => {
    const a = series(DRUM_A);
    // The second input is the same pressure a minute earlier (the two cross often), sampled on another
    // grid, so most evaluations meet an older value of the other input.
    const b = a
      .filter((_, index) => index % 3 === 0)
      .map((p) => ({
        variableId: DRUM_A_DELAYED.id,
        ts: p.ts + 4_000,
        value: simulator.valueAt(DRUM_A.reference, p.ts + 4_000 - 60_000),
      }));
    const merged = [...a, ...b].sort((x, y) => x.ts - y.ts);
    const engine = new RuleEngine();
    engine.add(rule({ operator: '>', varOneId: DRUM_A.id, varTwoId: DRUM_A_DELAYED.id }));

    const latest = new Map<number, number>();
    const evaluations: { ts: number; active: boolean }[] = [];
    for (const p of merged) {
      latest.set(p.variableId, p.value);
      const [left, right] = [latest.get(DRUM_A.id), latest.get(DRUM_A_DELAYED.id)];
      if (left !== undefined && right !== undefined) evaluations.push({ ts: p.ts, active: left > right });
    }
    const expected = reference(evaluations);
    expect(run(engine, merged)).toEqual(expected);
    expect(expected.openings.length).toBeGreaterThan(2);
  });

  it('evaluates one point once for every rule of its variable (a batch of rules)', () => {
    const engine = new RuleEngine();
    const thresholds = [246.5, 247, 247.7, 248.2];
    thresholds.forEach((constant, index) => engine.add(rule({ id: index + 1, operator: '>', constant })));
    engine.evaluate(temperature);
    const checkpoint = engine.checkpoint();
    for (const [index, constant] of thresholds.entries()) {
      const mine = {
        ...checkpoint,
        transitions: checkpoint.transitions.filter((t) => t.rule.id === index + 1),
      };
      mine.counts = checkpoint.counts.filter((c) => c.ruleId === index + 1);
      expect(summarize(mine)).toEqual(
        reference(temperature.map((p) => ({ ts: p.ts, active: p.value > constant }))),
      );
    }
  });

  it('opens only when the condition has held the minimum duration, dated from when it began', () => {
    const engine = new RuleEngine();
    engine.add(rule({ operator: '>', constant: median, minDurationSeconds: 300 }));
    const evaluations = temperature.map((p) => ({ ts: p.ts, active: p.value > median }));
    const expected = reference(evaluations, 300_000);
    expect(run(engine, temperature)).toEqual(expected);
    // Some runs were too short: fewer incidences than without the duration.
    expect(expected.openings.length).toBeLessThan(reference(evaluations).openings.length);
    expect(expected.openings.length).toBeGreaterThan(0);
  });

  it('keeps an incidence open inside the deadband and closes it past it', () => {
    const engine = new RuleEngine();
    engine.add(rule({ operator: '>', constant: 100, deadband: 5 }));
    const values = [90, 101, 99, 96, 102, 95, 94, 101];
    const points = values.map((value, index) => ({
      variableId: TEMPERATURE.id,
      ts: START + index * 1000,
      value,
    }));
    const result = run(engine, points);
    expect(result.openings).toEqual([START + 1000, START + 7000]);
    // 99 and 96 are inside the band (> 95); 95 is at its edge and closes.
    expect(result.closings).toEqual([START + 5000]);
    // Activations are the true evaluations, whatever the band: 101, 102, 101.
    expect([...result.counts.values()]).toEqual([[8, 3]]);
  });

  it('with deadband 0 behaves exactly as the spec (close on the first false evaluation)', () => {
    const engine = new RuleEngine();
    engine.add(rule({ operator: '<=', constant: median, deadband: 0 }));
    expect(run(engine, temperature)).toEqual(
      reference(temperature.map((p) => ({ ts: p.ts, active: p.value <= median }))),
    );
  });

  it('skips a replayed batch: no second incidence, no second count', () => {
    const engine = new RuleEngine();
    engine.add(rule({ operator: '>', constant: median }));
    const half = temperature.length >> 1;
    const first = run(engine, temperature.slice(0, half));
    // The bus redelivers the first half together with the rest.
    const stats = engine.evaluate(temperature);
    const rest = summarize(engine.checkpoint());
    expect(stats.skipped).toBe(half);
    const all = reference(temperature.map((p) => ({ ts: p.ts, active: p.value > median })));
    expect([...first.openings, ...rest.openings]).toEqual(all.openings);
    expect([...first.closings, ...rest.closings]).toEqual(all.closings);
  });

  it('skips a late point: it neither counts nor flips the present state', () => {
    const engine = new RuleEngine();
    engine.add(rule({ operator: '>', constant: 100 }));
    const at = (seconds: number, value: number) => ({
      variableId: TEMPERATURE.id,
      ts: START + seconds * 1000,
      value,
    });
    engine.evaluate([at(10, 120)]);
    expect(engine.checkpoint().transitions.map((t) => t.type)).toEqual(['opened']);
    const stats = engine.evaluate([at(5, 50), at(10, 50), at(11, 130)]);
    expect(stats).toEqual({ points: 3, evaluations: 1, skipped: 2 });
    const checkpoint = engine.checkpoint();
    expect(checkpoint.transitions).toEqual([]);
    expect(checkpoint.counts).toEqual([expect.objectContaining({ evaluations: 1, activations: 1 })]);
  });

  it('starts a new rule after its start instant and resumes a restored rule where it stopped', () => {
    const engine = new RuleEngine();
    engine.add(rule({ operator: '>', constant: median }), undefined, START + 3_600_000);
    const stats = engine.evaluate(temperature);
    expect(stats.skipped).toBe(3_600_000 / STEP + 1);

    // A restart: the state and watermark of the checkpoint make a new engine continue exactly.
    const whole = new RuleEngine();
    whole.add(rule({ operator: '>', constant: median }));
    const cut = temperature.findIndex(
      (p, i) => i > 100 && p.value > median && temperature[i - 1].value > median,
    );
    whole.evaluate(temperature.slice(0, cut));
    const saved = whole.checkpoint();
    const restarted = new RuleEngine();
    const opened = reference(temperature.slice(0, cut).map((p) => ({ ts: p.ts, active: p.value > median })));
    const open = opened.openings.length > opened.closings.length ? (opened.openings.at(-1) as number) : null;
    restarted.add(rule({ operator: '>', constant: median }), {
      conditionSince: saved.ruleStates.at(-1)?.conditionSince ?? null,
      openedAt: open,
    });
    for (const watermark of saved.watermarks) restarted.restoreWatermark(watermark);
    const after = run(restarted, temperature);
    const all = reference(temperature.map((p) => ({ ts: p.ts, active: p.value > median })));
    expect([...opened.openings, ...after.openings]).toEqual(all.openings);
    expect([...opened.closings, ...after.closings]).toEqual(all.closings);
  });
});
