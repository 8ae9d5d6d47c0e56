// Rules tried on history (docs/rules-and-incidences.md "Trying a rule on history"), standalone: the rules
// module reads the stored points from the variables service over HTTP with the caller's token. The dry
// run over stored points of X must equal what the live engine opens when the same values stream to Y.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  RawPointsMessages,
  RuleMessages,
  Topics,
  type RawPointsPageDto,
  type RuleDryRunDto,
  type RuleDryRunResultDto,
  type RuleIncidenceDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { Database, EventPublisher, InMemoryBroker } from '@plantlens/platform';
import { OutboxService, RulesModule } from '@plantlens/rules';
import { PlantSimulator } from '@plantlens/simulator';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const SECOND = 1_000;
const MINUTE = 60_000;
const STEP = 10 * SECOND;

interface Point {
  ts: number;
  value: number;
}

// Failures (above 10 for at least a minute) from t0: minutes 10–15; 50–70 with a dip to 9.5 at minute 60
// that a deadband of 1 holds open; and from 100 to the end (minute 110). Minute 30 holds 40 s only.
function failureFixture(t0: number): Point[] {
  const at = (minute: number) => t0 + minute * MINUTE;
  const high = (ts: number) =>
    (ts >= at(10) && ts < at(15)) ||
    (ts >= at(30) && ts < at(30) + 40 * SECOND) ||
    (ts >= at(50) && ts < at(70)) ||
    ts >= at(100);
  const points: Point[] = [];
  for (let ts = t0; ts <= at(110); ts += STEP) {
    points.push({ ts, value: ts === at(60) ? 9.5 : high(ts) ? 20 : 5 });
  }
  return points;
}

const FAILURE_RULE = { operator: '>', constant: 10, minDurationSeconds: 60, deadband: 1 } as const;

describe('rule dry run (standalone: identity, variables and rules in one process)', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;
  let members = 0;
  const ids = new Map<string, number>();

  async function query<R>(text: string, values: unknown[] = []): Promise<R[]> {
    return app.get(Database).withConnection((connection) => connection.query<R>(text, values));
  }

  async function settle(): Promise<void> {
    for (let round = 0; round < 3; round += 1) {
      await app.get(InMemoryBroker).drain();
      app.get(OutboxService).drainSoon();
      await app.get(OutboxService).flush();
    }
  }

  /** The same values under both references, in one batch: stored for both, evaluated live for the rule's. */
  async function streamTwice(references: [string, string], points: Point[]): Promise<void> {
    const batch = points.flatMap(({ ts, value }) =>
      references.map((reference) => ({ variableId: ids.get(reference) as number, ts, value })),
    );
    await app.get(EventPublisher).publish(Topics.measurements, { source: 'test', points: batch }, '0');
    await settle();
  }

  async function createRule(
    reference: string,
    condition: Pick<RuleDryRunDto, 'operator' | 'constant' | 'minDurationSeconds' | 'deadband'>,
  ): Promise<RuleIncidenceDto> {
    const created = await admin
      .post('/api/web/rules-incidence')
      .send([{ name: `Live ${reference}`, varOneId: ids.get(reference), ...condition }])
      .expect(201);
    await settle();
    return (created.body as RuleIncidenceDto[])[0] as RuleIncidenceDto;
  }

  async function liveIncidences(ruleId: number) {
    return query<{ openedAt: number; closedAt: number | null }>(
      `select opened_ms::float8 as "openedAt", closed_ms::float8 as "closedAt"
         from rules.incidence where rule_id = $1 order by opened_ms`,
      [ruleId],
    );
  }

  // The day counts the checkpoints wrote, folded or not yet.
  async function liveCounts(ruleId: number): Promise<{ evaluations: number; activations: number }> {
    const [row] = await query<{ evaluations: number; activations: number }>(
      `select coalesce(sum(evaluations), 0)::float8 as evaluations, coalesce(sum(activations), 0)::float8 as activations
         from (select evaluations, activations from rules.rule_day where rule_id = $1
               union all
               select c.evaluations, c.activations
                 from rules.rule_day_pending p,
                      unnest(p.rule_ids, p.evaluations, p.activations) as c(rule_id, evaluations, activations)
                where c.rule_id = $1) counts`,
      [ruleId],
    );
    return row as { evaluations: number; activations: number };
  }

  async function expectDryRunEqualsLive(
    references: [string, string],
    points: Point[],
    condition: Pick<RuleDryRunDto, 'operator' | 'constant' | 'minDurationSeconds' | 'deadband'>,
  ): Promise<RuleDryRunResultDto> {
    const [dryReference, liveReference] = references;
    const rule = await createRule(liveReference, condition);
    await streamTwice(references, points);
    const from = points[0]?.ts as number;
    const to = points[points.length - 1]?.ts as number;
    const dryRun = await admin
      .post('/api/web/rules-incidence/dry-run')
      .send({ ...condition, varOneId: ids.get(dryReference), from, to })
      .expect(200);
    const result = dryRun.body as RuleDryRunResultDto;
    expect(result.points).toBe(points.length);
    expect(result.truncatedAt).toBeNull();
    expect(result.incidences.map(({ openedAt, closedAt }) => ({ openedAt, closedAt }))).toEqual(
      await liveIncidences(rule.id),
    );
    expect(result.incidenceCount).toBe(result.incidences.length);
    expect({ evaluations: result.evaluations, activations: result.activations }).toEqual(
      await liveCounts(rule.id),
    );
    return result;
  }

  beforeAll(async () => {
    app = await startTestApp('rule-dry-run-test', [IdentityModule, VariablesModule, RulesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const declared = await admin
      .post('/api/web/variable/raw/declare')
      .send({
        variables: ['temperature_x', 'temperature_y', 'pressure_x', 'pressure_y', 'paged_x', 'history_x'].map(
          (clientReference) => ({ clientReference, name: clientReference, unit: null }),
        ),
      })
      .expect(201);
    for (const v of declared.body.variables as { id: number; clientReference: string }[])
      ids.set(v.clientReference, v.id);
  }, 60_000);
  afterAll(() => app?.close());

  // A live rule evaluates the points after its creation: the streamed values start a minute ahead.
  const start = () => Math.ceil((Date.now() + MINUTE) / SECOND) * SECOND;

  it('answers what the live engine opens on simulator data streamed afterwards: same incidences, same counts', async () => {
    const simulator = new PlantSimulator({ seed: 3 });
    const t0 = start();
    const points: Point[] = [];
    for (let ts = t0; ts < t0 + 3 * 3_600_000; ts += STEP) {
      points.push({ ts, value: simulator.valueAt('cdu_feed_temperature', ts) });
    }
    const median = [...points].sort((a, b) => a.value - b.value)[points.length >> 1]?.value as number;
    const result = await expectDryRunEqualsLive(['temperature_x', 'temperature_y'], points, {
      operator: '>',
      constant: median,
      minDurationSeconds: 20,
      deadband: 0,
    });
    // The series crosses its median often: the comparison covers many incidences.
    expect(result.incidenceCount).toBeGreaterThan(3);
  });

  it('finds the known failure windows of a fixture, as the live engine does, the last one open at the end', async () => {
    const t0 = start();
    const at = (minute: number) => t0 + minute * MINUTE;
    const points = failureFixture(t0);
    const result = await expectDryRunEqualsLive(['pressure_x', 'pressure_y'], points, FAILURE_RULE);
    expect(result.incidences).toEqual([
      { openedAt: at(10), closedAt: at(15), evaluations: 31, activations: 30, value: 20, threshold: 10 },
      { openedAt: at(50), closedAt: at(70), evaluations: 121, activations: 119, value: 20, threshold: 10 },
      { openedAt: at(100), closedAt: null, evaluations: 61, activations: 61, value: 20, threshold: 10 },
    ]);
  });

  it('creates a rule "from" a past instant: its history opens historical incidences without e-mails, then it goes live', async () => {
    const notifications: string[] = [];
    app.get(InMemoryBroker).subscribe(Topics.notifications, 'history-notifications', async (message) => {
      notifications.push(message.key ?? '');
    });
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MINUTE) * MINUTE;
    const at = (minute: number) => t0 + minute * MINUTE;
    const history = failureFixture(t0);
    const variableId = ids.get('history_x') as number;
    await app
      .get(EventPublisher)
      .publish(
        Topics.measurements,
        { source: 'test', points: history.map((p) => ({ variableId, ...p })) },
        '0',
      );
    await settle();
    const created = await admin
      .post('/api/web/rules-incidence')
      .send([
        {
          name: 'From history',
          varOneId: variableId,
          ...FAILURE_RULE,
          emails: 'ops@plant.com',
          historyFrom: t0,
        },
      ])
      .expect(201);
    const rule = (created.body as RuleIncidenceDto[])[0] as RuleIncidenceDto;
    expect(rule.enabled).toBe(true);
    await settle();
    const dryRun = await admin
      .post('/api/web/rules-incidence/dry-run')
      .send({ ...FAILURE_RULE, varOneId: variableId, from: t0, to: Date.now() })
      .expect(200);
    const expected = (dryRun.body as RuleDryRunResultDto).incidences.map(({ openedAt, closedAt }) => ({
      openedAt,
      closedAt,
      historical: true,
    }));
    expect(expected.map((incidence) => incidence.openedAt)).toEqual([at(10), at(50), at(100)]);
    const stored = () =>
      query<{ openedAt: number; closedAt: number | null; historical: boolean }>(
        `select opened_ms::float8 as "openedAt", closed_ms::float8 as "closedAt", historical
           from rules.incidence where rule_id = $1 order by opened_ms`,
        [rule.id],
      );
    expect(await stored()).toEqual(expected);
    expect(await liveCounts(rule.id)).toEqual({
      evaluations: (dryRun.body as RuleDryRunResultDto).evaluations,
      activations: (dryRun.body as RuleDryRunResultDto).activations,
    });
    expect(notifications.filter((key) => key === String(rule.id))).toEqual([]);

    // Live from its creation on, from the state history left: the open incidence closes on the next low
    // point, and a live opening is not historical and sends its e-mail.
    const live = start();
    await app.get(EventPublisher).publish(
      Topics.measurements,
      {
        source: 'test',
        points: [5, 20, 20, 20].map((value, index) => ({ variableId, ts: live + index * MINUTE, value })),
      },
      '0',
    );
    await settle();
    expect(await stored()).toEqual([
      ...expected.slice(0, 2),
      { openedAt: at(100), closedAt: live, historical: true },
      { openedAt: live + MINUTE, closedAt: null, historical: false },
    ]);
    expect(notifications.filter((key) => key === String(rule.id))).toHaveLength(1);
  });

  it('reads the stored points page by page through the explorer, and nothing outside the range', async () => {
    const t0 = start();
    const points = Array.from({ length: 7 }, (_, index) => ({ ts: t0 + index * STEP, value: index }));
    await streamTwice(['paged_x', 'paged_x'], points);
    const variableId = ids.get('paged_x');
    const first = await admin
      .get('/api/web/explorer/raw-points')
      .query({ variableId, from: t0 + STEP, to: t0 + 5 * STEP, limit: 3 })
      .expect(200);
    expect(first.body).toEqual<RawPointsPageDto>({
      variableId: variableId as number,
      ts: [1, 2, 3].map((index) => t0 + index * STEP),
      values: [1, 2, 3],
      nextAfter: t0 + 3 * STEP,
    });
    const second = await admin
      .get('/api/web/explorer/raw-points')
      .query({ variableId, from: t0 + STEP, to: t0 + 5 * STEP, limit: 3, after: first.body.nextAfter })
      .expect(200);
    expect(second.body).toMatchObject({ values: [4, 5], nextAfter: null });
    const unknown = await admin
      .get('/api/web/explorer/raw-points')
      .query({ variableId: 999_999, from: 0, to: 1 })
      .expect(404);
    expect(unknown.body.message).toBe(RawPointsMessages.variableNotFound);
    const backwards = await admin
      .get('/api/web/explorer/raw-points')
      .query({ variableId, from: 2, to: 1 })
      .expect(400);
    expect(backwards.body.issues).toEqual([{ path: 'from', message: 'must not be after to' }]);
  });

  it('refuses callers without the feature, and a variable the caller may not read', async () => {
    const body = {
      operator: '>',
      constant: 1,
      varOneId: ids.get('pressure_x'),
      from: Date.now() - 86_400_000,
      to: Date.now() + 86_400_000,
    };
    await request(app.getHttpServer()).post('/api/web/rules-incidence/dry-run').send(body).expect(401);
    members += 1;
    const plain = await createMember(app, admin, `dry.plain.${members}`, { flags: { explorer: true } });
    await plain.client.post('/api/web/rules-incidence/dry-run').send(body).expect(403);
    // Rules without the explorer: the variables service does not let him read the points.
    members += 1;
    const incidencer = await createMember(app, admin, `dry.incidencer.${members}`, {
      flags: { incidence: true },
    });
    const refused = await incidencer.client.post('/api/web/rules-incidence/dry-run').send(body).expect(403);
    expect(refused.body.message).not.toBe('');
    // Nor may he create a rule from a past instant on it: the new rule is undone.
    await incidencer.client
      .post('/api/web/rules-incidence')
      .send([{ name: 'Unreadable history', ...body, from: undefined, to: undefined, historyFrom: body.from }])
      .expect(403);
    const [left] = await query<{ n: number }>(`select count(*)::int as n from rules.rule where name = $1`, [
      'Unreadable history',
    ]);
    expect(left?.n).toBe(0);
    members += 1;
    const both = await createMember(app, admin, `dry.both.${members}`, {
      flags: { incidence: true, explorer: true },
    });
    const answered = await both.client.post('/api/web/rules-incidence/dry-run').send(body).expect(200);
    expect((answered.body as RuleDryRunResultDto).points).toBeGreaterThan(0);
  });

  it('names what is wrong in a request', async () => {
    const unknown = await admin
      .post('/api/web/rules-incidence/dry-run')
      .send({ operator: '>', constant: 1, varOneId: 999_999, from: 0, to: 1 })
      .expect(400);
    expect(unknown.body.message).toBe(`${RuleMessages.unknownVariables}: 999999`);
    const invalid = await admin
      .post('/api/web/rules-incidence/dry-run')
      .send({ operator: '>', constant: 1, varOneId: ids.get('pressure_x'), from: 10, to: 5 })
      .expect(400);
    expect(invalid.body.issues).toEqual([{ path: 'to', message: 'must be after from' }]);
    // Nothing was stored: no rule, no incidence for the tried variable.
    const [rules] = await query<{ n: number }>(
      `select count(*)::int as n from rules.rule where var_one_id = $1`,
      [ids.get('pressure_x')],
    );
    expect(rules?.n).toBe(0);
  });
});
