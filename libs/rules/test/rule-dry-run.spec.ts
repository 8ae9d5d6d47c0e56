import type { RawPointsPageDto, RuleCondition } from '@plantlens/contracts';
import type { MeasurementPoint } from '@plantlens/contracts';
import { feedInTimeOrder, type PointPageReader } from '../src/dry-run/history-points';
import { RuleDryRunEvaluation } from '../src/dry-run/rule-dry-run';
import { RuleEngine, type IncidenceTransition } from '../src/engine/rule-engine';
import { median, simulatedSeries } from './reference-evaluation';

// The dry run over hand-made series, and over simulated ones against the live engine's own use.
const MINUTE = 60_000;
const T0 = Date.UTC(2025, 5, 1);
const FIRST = 11;
const SECOND = 12;

function condition(overrides: Partial<RuleCondition>): RuleCondition {
  return {
    operator: '>',
    varOneId: FIRST,
    varTwoId: null,
    constant: 10,
    minDurationSeconds: 0,
    deadband: 0,
    ...overrides,
  };
}

/** Pages over in-memory series, at most `pageSize` points each (fewer than asked, as a server may). */
function pagesOf(series: Map<number, MeasurementPoint[]>, pageSize = 2): PointPageReader {
  return async (variableId, after, limit) => {
    const points = (series.get(variableId) ?? []).filter((point) => after === undefined || point.ts > after);
    const page = points.slice(0, Math.min(limit, pageSize));
    const more = points.length > page.length;
    const dto: RawPointsPageDto = {
      variableId,
      ts: page.map((point) => point.ts),
      values: page.map((point) => point.value),
      nextAfter: more ? (page[page.length - 1]?.ts ?? null) : null,
    };
    return dto;
  };
}

function minutes(variableId: number, values: number[], startMinute = 0): MeasurementPoint[] {
  return values.map((value, index) => ({ variableId, ts: T0 + (startMinute + index) * MINUTE, value }));
}

async function dryRun(
  rule: RuleCondition,
  series: MeasurementPoint[][],
  { maxPoints = 1_000_000, from = T0, to = T0 + 1_000 * MINUTE } = {},
) {
  const evaluation = new RuleDryRunEvaluation(rule, from, to);
  const byVariable = new Map(series.map((points) => [points[0]?.variableId as number, points]));
  const ids = rule.varTwoId === null ? [rule.varOneId] : [rule.varOneId, rule.varTwoId];
  const truncatedAt = await feedInTimeOrder(ids, pagesOf(byVariable), maxPoints, evaluation);
  return evaluation.result(truncatedAt);
}

const at = (minute: number) => T0 + minute * MINUTE;

describe('rule dry run', () => {
  it('opens an incidence per run of true evaluations, with its counts, and leaves the last one open at the end', async () => {
    const result = await dryRun(condition({}), [minutes(FIRST, [5, 12, 13, 8, 15, 16])]);
    expect(result).toMatchObject({
      points: 6,
      evaluations: 6,
      activations: 4,
      incidenceCount: 2,
      truncatedAt: null,
    });
    expect(result.incidences).toEqual([
      { openedAt: at(1), closedAt: at(3), evaluations: 3, activations: 2, value: 12, threshold: 10 },
      { openedAt: at(4), closedAt: null, evaluations: 2, activations: 2, value: 15, threshold: 10 },
    ]);
  });

  it('opens only once the condition has held the minimum duration, from the start of the run', async () => {
    // 2 minutes above (too short), then 3 minutes above (long enough).
    const rule = condition({ minDurationSeconds: 120 });
    const result = await dryRun(rule, [minutes(FIRST, [12, 12, 5, 11, 12, 13, 4])]);
    expect(result.incidences).toEqual([
      { openedAt: at(3), closedAt: at(6), evaluations: 4, activations: 3, value: 13, threshold: 10 },
    ]);
    expect(result).toMatchObject({ evaluations: 7, activations: 5, incidenceCount: 1 });
  });

  it('keeps an incidence open until the value is past the threshold by more than the deadband', async () => {
    const rule = condition({ deadband: 2 });
    const result = await dryRun(rule, [minutes(FIRST, [12, 9, 12, 8.5, 7, 11])]);
    expect(result.incidences).toEqual([
      { openedAt: at(0), closedAt: at(4), evaluations: 5, activations: 2, value: 12, threshold: 10 },
      { openedAt: at(5), closedAt: null, evaluations: 1, activations: 1, value: 11, threshold: 10 },
    ]);
  });

  it('compares two variables as of the latest value of the other, the first variable first at one instant', async () => {
    const rule = condition({ varTwoId: SECOND, constant: null });
    const first = [
      { variableId: FIRST, ts: at(0), value: 50 }, // no value of the second yet: not evaluated
      { variableId: FIRST, ts: at(2), value: 5 }, // 5 > 10 false
      { variableId: FIRST, ts: at(3), value: 12 }, // 12 > 10: opens
      { variableId: FIRST, ts: at(5), value: 20 }, // evaluated before the second's 25 at the same instant: holds
    ];
    const second = [
      { variableId: SECOND, ts: at(1), value: 10 }, // 50 > 10: opens
      { variableId: SECOND, ts: at(4), value: 15 }, // 12 > 15 false: closes
      { variableId: SECOND, ts: at(5), value: 25 }, // 20 > 25 false: closes
    ];
    const result = await dryRun(rule, [first, second]);
    expect(result).toMatchObject({ points: 7, evaluations: 6, activations: 3, incidenceCount: 3 });
    expect(result.incidences).toEqual([
      { openedAt: at(1), closedAt: at(2), evaluations: 2, activations: 1, value: 50, threshold: 10 },
      { openedAt: at(3), closedAt: at(4), evaluations: 2, activations: 1, value: 12, threshold: 10 },
      { openedAt: at(5), closedAt: at(5), evaluations: 2, activations: 1, value: 20, threshold: 15 },
    ]);
  });

  it('cuts the evaluation at the last point read of a variable with too many, for both variables', async () => {
    const rule = condition({ varTwoId: SECOND, constant: null });
    const first = minutes(FIRST, [1, 20, 30, 40, 50, 60]);
    const second = [
      { variableId: SECOND, ts: at(0), value: 10 },
      { variableId: SECOND, ts: at(2), value: 100 },
      { variableId: SECOND, ts: at(5), value: 0 },
    ];
    const result = await dryRun(rule, [first, second], { maxPoints: 4 });
    // First: minutes 0..3 read (4 points); second's points after minute 3 are left out.
    expect(result.truncatedAt).toBe(at(3));
    expect(result.points).toBe(6);
    expect(result.incidences).toEqual([
      { openedAt: at(1), closedAt: at(2), evaluations: 3, activations: 2, value: 20, threshold: 10 },
    ]);
  });

  it('is not cut when a variable has exactly the maximum of points', async () => {
    const result = await dryRun(condition({}), [minutes(FIRST, [1, 20, 30, 4])], { maxPoints: 4 });
    expect(result).toMatchObject({ truncatedAt: null, points: 4, incidenceCount: 1 });
  });

  it('lists the incidences the live engine opens on the same simulated points, with the same counts', async () => {
    const start = Date.UTC(2026, 0, 1, 22);
    const points = simulatedSeries(FIRST, 'cdu_feed_temperature', start, start + 4 * 3_600_000, 10_000);
    const rule = condition({ constant: median(points), minDurationSeconds: 20, deadband: 0.1 });
    const live = new RuleEngine();
    live.add({ ...rule, id: 7 }, undefined, start - 1);
    const transitions: IncidenceTransition[] = [];
    let evaluations = 0;
    let activations = 0;
    for (let index = 0; index < points.length; index += 500) {
      live.evaluate(points.slice(index, index + 500));
      const checkpoint = live.checkpoint();
      transitions.push(...checkpoint.transitions);
      for (const count of checkpoint.counts) {
        evaluations += count.evaluations;
        activations += count.activations;
      }
    }
    const result = await dryRun(rule, [points], { from: start, to: start + 4 * 3_600_000 });
    const closings = transitions.filter((transition) => transition.type === 'closed');
    expect(transitions.filter((transition) => transition.type === 'opened').length).toBeGreaterThan(5);
    expect(result.incidences.map(({ openedAt, closedAt }) => ({ openedAt, closedAt }))).toEqual(
      transitions
        .filter((transition) => transition.type === 'opened')
        .map(({ openedAt }) => ({
          openedAt,
          closedAt: closings.find((closing) => closing.openedAt === openedAt)?.closedAt ?? null,
        })),
    );
    expect(result).toMatchObject({ evaluations, activations, points: points.length });
    // A constant rule evaluates every point: an incidence counts the points from its opening to its close.
    const last = points[points.length - 1]?.ts as number;
    for (const incidence of result.incidences) {
      const inside = points.filter(
        (point) => point.ts >= incidence.openedAt && point.ts <= (incidence.closedAt ?? last),
      );
      expect([incidence.evaluations, incidence.activations]).toEqual([
        inside.length,
        inside.filter((point) => point.value > (rule.constant as number)).length,
      ]);
    }
  });
});
