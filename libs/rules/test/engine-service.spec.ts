// The engine inside the service: simulated points through the bus, incidences and day counts in the
// database, events on `incidences`, and a restart in the middle of the stream.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MeasurementPoint } from '@plantlens/contracts';
import { MetricsRegistry } from '@plantlens/platform';
import { RuleEngineService } from '../src';
import { median, reference, simulatedSeries, type Expected } from './reference-evaluation';
import {
  collectIncidences,
  createRules,
  newRule,
  publishPoints,
  settle,
  startRulesApp,
  storedCounts,
  storedIncidences,
} from './rules-app';

const STEP = 10_000;
const TEMPERATURE = 101;
const PRESSURE = 102;
const SAME_KEY_PRESSURE = PRESSURE + 6;

function stream(start: number) {
  const end = start + 3 * 3_600_000;
  const temperature = simulatedSeries(TEMPERATURE, 'cdu_feed_temperature', start, end, STEP);
  const pressure = simulatedSeries(PRESSURE, 'dcu_drum_a_pressure', start, end, STEP);
  // Interleaved by instant, as sources publish them.
  const points = temperature.flatMap((point, index) => [point, pressure[index]]);
  return { temperature, pressure, points };
}

function expectedFor(points: { ts: number; value: number }[], threshold: number): Expected {
  return reference(points.map((point) => ({ ts: point.ts, active: point.value > threshold })));
}

function countsOf(expected: Expected, ruleId: number) {
  return [...expected.counts].map(([day, [evaluations, activations]]) => ({
    ruleId,
    day: new Date(Number(day) * 86_400_000).toISOString().slice(0, 10),
    evaluations,
    activations,
  }));
}

// The samples of one metric of the app's registry (a histogram's name each of its series).
async function samples(
  app: NestFastifyApplication,
  name: string,
): Promise<{ labels: object; value: number; metricName?: string }[]> {
  const metric = app.get(MetricsRegistry).getSingleMetric(name);
  if (!metric) throw new Error(`${name} is not registered`);
  return (await metric.get()).values;
}

describe('rule engine service (PGlite + in-memory bus)', () => {
  let dataDir: string;
  let app: NestFastifyApplication | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'plantlens-rules-'));
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores incidences and day counts like the reference and publishes every transition once', async () => {
    app = await startRulesApp({ DATA_DIR: dataDir });
    const start = Math.ceil(Date.now() / STEP) * STEP + STEP;
    const { temperature, pressure, points } = stream(start);
    const [t, p] = [median(temperature), median(pressure)];
    const events = collectIncidences(app, 'collector');
    const [temperatureRule, pressureRule] = await createRules(app, [
      newRule({ varOneId: TEMPERATURE, operator: '>', constant: t }),
      newRule({ varOneId: PRESSURE, operator: '>', constant: p }),
    ]);
    const publishedAt = Date.now();
    await publishPoints(app, points);
    await settle(app);

    const expectedT = expectedFor(temperature, t);
    const expectedP = expectedFor(pressure, p);
    const incidences = await storedIncidences(app);
    const of = (ruleId: number) => incidences.filter((incidence) => incidence.ruleId === ruleId);
    expect(of(temperatureRule).map((i) => i.openedAt)).toEqual(expectedT.openings);
    expect(of(temperatureRule).flatMap((i) => (i.closedAt === null ? [] : [i.closedAt]))).toEqual(
      expectedT.closings,
    );
    expect(of(pressureRule).map((i) => i.openedAt)).toEqual(expectedP.openings);
    expect(await storedCounts(app)).toEqual([
      ...countsOf(expectedT, temperatureRule),
      ...countsOf(expectedP, pressureRule),
    ]);
    const opened = events.filter((event) => event.type === 'opened');
    expect(opened).toHaveLength(expectedT.openings.length + expectedP.openings.length);
    expect(events.filter((event) => event.type === 'closed')).toHaveLength(
      expectedT.closings.length + expectedP.closings.length,
    );
    expect(opened.find((event) => event.ruleId === temperatureRule)).toMatchObject({
      openedAt: expectedT.openings[0],
      threshold: t,
      variableIds: [TEMPERATURE],
    });

    // The metrics count what the checkpoints committed: the stored day counts.
    const counts = await storedCounts(app);
    const total = (field: 'evaluations' | 'activations') => counts.reduce((sum, day) => sum + day[field], 0);
    expect(total('activations')).toBeGreaterThan(0);
    expect(await samples(app, 'plantlens_rules_evaluations_total')).toEqual([
      { labels: {}, value: total('evaluations') },
    ]);
    expect(await samples(app, 'plantlens_rules_activations_total')).toEqual([
      { labels: {}, value: total('activations') },
    ]);
    const checkpoints = (await samples(app, 'plantlens_rules_checkpoint_duration_seconds')).find(
      (sample) => sample.metricName === 'plantlens_rules_checkpoint_duration_seconds_count',
    );
    expect(checkpoints?.value).toBeGreaterThan(0);
    // The points lie ahead of the clock: the engine was current when it committed them.
    const [lag] = await samples(app, 'plantlens_rules_lag_seconds');
    expect(lag?.value).toBeGreaterThanOrEqual(0);
    expect(lag?.value).toBeLessThanOrEqual((Date.now() - publishedAt) / 1000);
  });

  it('reports no engine lag before its first checkpoint, then the age of the newest point it committed', async () => {
    app = await startRulesApp();
    expect(await samples(app, 'plantlens_rules_lag_seconds')).toEqual([]);
    await createRules(app, [newRule({ varOneId: TEMPERATURE, operator: '>', constant: 0 })]);
    const newest = Date.now() - 60_000;
    await publishPoints(app, [
      { variableId: TEMPERATURE, ts: newest - 10_000, value: 1 },
      { variableId: TEMPERATURE + 1, ts: newest, value: 1 },
    ]);
    await settle(app);
    const [lag] = await samples(app, 'plantlens_rules_lag_seconds');
    // Measured from the newest point of the messages, also of a variable without rules.
    expect(lag?.value).toBeGreaterThanOrEqual(60);
    expect(lag?.value).toBeLessThan(70);
  });

  it('evaluates the well-formed points of a message and leaves out the others', async () => {
    app = await startRulesApp();
    await createRules(app, [newRule({ varOneId: TEMPERATURE, operator: '>', constant: 0 })]);
    // After the rule's creation, where a new rule starts evaluating.
    const at = Date.now() + 60_000;
    await publishPoints(app, [
      { variableId: TEMPERATURE, ts: at, value: 1 },
      { variableId: TEMPERATURE, ts: at + 1_000, value: 'hot' } as unknown as MeasurementPoint,
      { variableId: TEMPERATURE, ts: at + 2_000, value: -1 },
      { variableId: TEMPERATURE, ts: at + 3_000 } as MeasurementPoint,
    ]);
    await settle(app);
    const counts = await storedCounts(app);
    const total = (field: 'evaluations' | 'activations') => counts.reduce((sum, day) => sum + day[field], 0);
    expect([total('evaluations'), total('activations')]).toEqual([2, 1]);
    expect(app.get(RuleEngineService).counters.malformed).toBe(0);
  });

  it('restarted in the middle of the stream and fed again from an earlier point, loses and repeats nothing', async () => {
    app = await startRulesApp({ DATA_DIR: dataDir });
    const start = Math.ceil(Date.now() / STEP) * STEP + STEP;
    const { temperature, pressure, points } = stream(start);
    const [t] = [median(temperature)];
    const events = collectIncidences(app, 'collector-1');
    // Two rules on two variables: temperature above and drum pressure below their medians.
    const p = median(pressure);
    const [constantRule, lowPressureRule] = await createRules(app, [
      newRule({ varOneId: TEMPERATURE, operator: '>', constant: t }),
      newRule({ varOneId: PRESSURE, operator: '<', constant: p }),
    ]);
    // Cut inside an open incidence, so the restart has to carry it over.
    const cut = points.findIndex(
      (point, index) =>
        index > 200 && point.variableId === TEMPERATURE && point.value > t && points[index - 2].value > t,
    );
    await publishPoints(app, points.slice(0, cut));
    await settle(app);
    const before = events.length;
    await app.close();

    // The bus redelivers from an older offset: a third of the first part comes again.
    app = await startRulesApp({ DATA_DIR: dataDir });
    expect(app.get(RuleEngineService).ruleCount).toBe(2);
    const eventsAfter = collectIncidences(app, 'collector-2');
    await publishPoints(app, points.slice(Math.floor(cut / 3)));
    await settle(app);

    const expectedT = expectedFor(temperature, t);
    const expectedP = reference(pressure.map((point) => ({ ts: point.ts, active: point.value < p })));
    const incidences = await storedIncidences(app);
    const of = (ruleId: number) => incidences.filter((incidence) => incidence.ruleId === ruleId);
    expect(of(constantRule).map((i) => [i.openedAt, i.closedAt])).toEqual(
      expectedT.openings.map((openedAt, index) => [openedAt, expectedT.closings[index] ?? null]),
    );
    expect(of(lowPressureRule).map((i) => i.openedAt)).toEqual(expectedP.openings);
    expect(await storedCounts(app)).toEqual([
      ...countsOf(expectedT, constantRule),
      ...countsOf(expectedP, lowPressureRule),
    ]);
    // Every transition published exactly once across both lives.
    expect(before + eventsAfter.length).toBe(
      expectedT.openings.length +
        expectedT.closings.length +
        expectedP.openings.length +
        expectedP.closings.length,
    );
    expect(app.get(RuleEngineService).counters.skipped).toBeGreaterThan(0);
  });

  // The bus keeps order within a partition only; the second variable shares the first's key (its id is
  // the same modulo the key count), as when one source publishes both, so arrival order is time order.
  it('compares two variables and ignores a late point of either', async () => {
    app = await startRulesApp();
    const start = Math.ceil(Date.now() / STEP) * STEP + STEP;
    const { pressure } = stream(start);
    // The second input: the same pressure a minute earlier, 5 s off the first one's grid.
    const delayedValues = pressure.map((point, index) => ({
      variableId: SAME_KEY_PRESSURE,
      ts: point.ts + 5_000,
      value: pressure[Math.max(0, index - 6)].value,
    }));
    const [ruleId] = await createRules(app, [
      newRule({ varOneId: PRESSURE, operator: '>=', varTwoId: SAME_KEY_PRESSURE }),
    ]);
    const merged = [...pressure, ...delayedValues].sort((a, b) => a.ts - b.ts);
    // A late point of each input, older than what was evaluated: skipped.
    const late = [
      { ...pressure[10], value: -1 },
      { ...delayedValues[10], value: 1e9 },
    ];
    await publishPoints(app, [...merged.slice(0, 200), ...late, ...merged.slice(200)]);
    await settle(app);

    const latest = new Map<number, number>();
    const evaluations: { ts: number; active: boolean }[] = [];
    for (const point of merged) {
      latest.set(point.variableId, point.value);
      const [left, right] = [latest.get(PRESSURE), latest.get(SAME_KEY_PRESSURE)];
      if (left !== undefined && right !== undefined)
        evaluations.push({ ts: point.ts, active: left >= right });
    }
    const expected = reference(evaluations);
    expect(expected.openings.length).toBeGreaterThan(1);
    expect((await storedIncidences(app)).map((i) => i.openedAt)).toEqual(expected.openings);
    expect(await storedCounts(app)).toEqual(countsOf(expected, ruleId));
  });
});
