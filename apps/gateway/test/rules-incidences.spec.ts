// Rules and incidences (spec part 2 §7) over real HTTP in the standalone arrangement: the rules module
// asks identity who may do what (object type `incidence`) and the variables service for variable names,
// both over HTTP to this same process; points go through the in-memory bus to the engine.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AssetLayoutMessages,
  AuthHeaders,
  IncidenceMessages,
  RuleMessages,
  Topics,
  type CurrentStatusAssetDto,
  type HistoricIncidenceRowDto,
  type IncidenceSummaryV1Dto,
  type IncidenceSummaryV2PageDto,
  type PagedListDto,
  type RuleIncidenceDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { AuthKeys, EventPublisher, InMemoryBroker } from '@plantlens/platform';
import { OutboxService, RulesModule } from '@plantlens/rules';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

describe('rules and incidences (standalone: identity, variables and rules in one process)', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;
  let counter = 0;
  const ids = new Map<string, number>();

  function person(flags: Record<string, boolean>): ReturnType<typeof createMember> {
    counter += 1;
    return createMember(app, admin, `user.${counter}`, { flags });
  }

  async function settle(): Promise<void> {
    for (let round = 0; round < 3; round += 1) {
      await app.get(InMemoryBroker).drain();
      app.get(OutboxService).drainSoon();
      await app.get(OutboxService).flush();
    }
  }

  async function publish(points: { reference: string; ts: number; value: number }[]): Promise<void> {
    const batch = points.map((p) => ({
      variableId: ids.get(p.reference) as number,
      ts: p.ts,
      value: p.value,
    }));
    await app.get(EventPublisher).publish(Topics.measurements, { source: 'test', points: batch }, '0');
    await settle();
  }

  beforeAll(async () => {
    app = await startTestApp('rules-api-test', [IdentityModule, VariablesModule, RulesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const declared = await admin
      .post('/api/web/variable/raw/declare')
      .send({
        variables: [
          { clientReference: 'gate01_torque', name: 'Gate 01 torque', unit: 'N·m' },
          { clientReference: 'gate01_pressure', name: 'Gate 01 pressure', unit: 'bar' },
          { clientReference: 'lift01_torque', name: 'Lift 01 torque', unit: 'N·m' },
        ],
      })
      .expect(201);
    for (const v of declared.body.variables as { id: number; clientReference: string }[])
      ids.set(v.clientReference, v.id);
  }, 60_000);
  afterAll(() => app?.close());

  it('creates single and batch rules, named after each variable, and lists them newest first', async () => {
    const created = await admin
      .post('/api/web/rules-incidence')
      .send([
        {
          name: 'Torque high',
          operator: '>',
          varOneIds: [ids.get('gate01_torque'), ids.get('lift01_torque')],
          constant: 80,
          tags: ['valves'],
        },
        {
          name: 'Pressure over torque',
          formula: JSON.stringify({
            operator: '>=',
            varOneId: ids.get('gate01_pressure'),
            varTwoId: ids.get('gate01_torque'),
          }),
          emails: 'a@plant.com, b@plant.com',
        },
      ])
      .expect(201);
    const rules = created.body as RuleIncidenceDto[];
    expect(rules.map((r) => r.name)).toEqual([
      'Torque high_Gate 01 torque',
      'Torque high_Lift 01 torque',
      'Pressure over torque',
    ]);
    expect(rules[2]).toMatchObject({
      enabled: true,
      operator: '>=',
      varTwoId: ids.get('gate01_torque'),
      varOneIds: [ids.get('gate01_pressure'), ids.get('gate01_torque')],
      constant: null,
      emails: 'a@plant.com, b@plant.com',
      owner: 'admin',
      canEdit: true,
      canDelete: true,
      canShare: true,
    });
    expect(JSON.parse(rules[0].formula)).toEqual({
      operator: '>',
      varOneId: ids.get('gate01_torque'),
      varTwoId: null,
      constant: 80,
      minDurationSeconds: 0,
      deadband: 0,
    });
    const listed = (await admin.get('/api/web/rules-incidence').query({ tags: 'valves' }).expect(200))
      .body as RuleIncidenceDto[];
    expect(listed.map((r) => r.name).sort()).toEqual([
      'Torque high_Gate 01 torque',
      'Torque high_Lift 01 torque',
    ]);
    expect(
      (await admin.get(`/api/web/rules-incidence/variable-ids/${rules[2].id}`).expect(200)).body,
    ).toEqual([ids.get('gate01_pressure'), ids.get('gate01_torque')]);
    const owner = await admin.get(`/api/web/rules-incidence/owner/${rules[2].id}`).expect(200);
    expect(owner.type).toBe('text/plain');
    expect(owner.text).toBe('admin');
  });

  it('answers bad rules with 400 and a readable message', async () => {
    const unknown = await admin
      .post('/api/web/rules-incidence')
      .send([{ name: 'x', operator: '<', varOneId: 999_999, constant: 1 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`${RuleMessages.unknownVariables}: 999999`);
    const tooMany = await admin
      .post('/api/web/rules-incidence')
      .send(
        Array.from({ length: 501 }, () => ({ name: 'x', operator: '<', varOneIds: [1, 2], constant: 1 })),
      );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(RuleMessages.tooMany);
    const invalid = await admin
      .post('/api/web/rules-incidence')
      .send([{ name: '', operator: '!', varOneId: 1, emails: 'x' }]);
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues.map((issue: { message: string }) => issue.message)).toEqual(
      expect.arrayContaining([
        RuleMessages.mandatory,
        RuleMessages.emails,
        'must be one of <, <=, >, >=, =, <>',
      ]),
    );
  });

  it('lets a user see only rules shared with him, and change them only with edit', async () => {
    const [rule] = (
      await admin
        .post('/api/web/rules-incidence')
        .send([{ name: 'Private', operator: '<', varOneId: ids.get('gate01_pressure'), constant: 1 }])
        .expect(201)
    ).body as RuleIncidenceDto[];
    const operator = await person({ incidence: true });
    await operator.client.get(`/api/web/rules-incidence/${rule.id}`).expect(404);
    expect(
      ((await operator.client.get('/api/web/rules-incidence').expect(200)).body as RuleIncidenceDto[]).map(
        (r) => r.id,
      ),
    ).not.toContain(rule.id);
    await admin.put(`/api/web/permission/incidence/${rule.id}/read/user/${operator.id}`).expect(200);
    const seen = (await operator.client.get(`/api/web/rules-incidence/${rule.id}`).expect(200))
      .body as RuleIncidenceDto;
    expect(seen).toMatchObject({ canEdit: false, canDelete: false, canShare: false, owner: 'admin' });
    await operator.client
      .put('/api/web/rules-incidence')
      .send({ id: rule.id, name: 'Mine now', enabled: false })
      .expect(403);
    await operator.client.delete('/api/web/rules-incidence').query({ id: rule.id }).expect(403);
    await admin.put(`/api/web/permission/incidence/${rule.id}/edit/user/${operator.id}`).expect(200);
    const renamed = await operator.client
      .put('/api/web/rules-incidence')
      .send({ id: rule.id, name: 'Renamed', enabled: false, emails: 'x@plant.com' })
      .expect(200);
    expect(renamed.body).toMatchObject({
      name: 'Renamed',
      enabled: false,
      emails: 'x@plant.com',
      canDelete: false,
    });
    const outsider = await person({ explorer: true });
    await outsider.client.get('/api/web/rules-incidence').expect(403);
  });

  it('follows incidences as summaries: status history, resolve, closed list, origin by authority, map counts', async () => {
    const [rule] = (
      await admin
        .post('/api/web/rules-incidence')
        .send([{ name: 'Lift torque high', operator: '>', varOneId: ids.get('lift01_torque'), constant: 50 }])
        .expect(201)
    ).body as RuleIncidenceDto[];
    await settle();
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 2_000;
    await publish(
      [40, 60, 70, 30, 55].map((value, i) => ({ reference: 'lift01_torque', ts: t0 + i * 1000, value })),
    );

    const v2 = (
      await admin.get('/api/web/evaluations-incidence/v2').query({ filter: 'lift torque' }).expect(200)
    ).body as IncidenceSummaryV2PageDto;
    expect(v2.pagination).toEqual({ totalPages: 1, currentPage: 1, totalItems: 1 });
    const [summary] = v2.data;
    expect(summary).toMatchObject({
      rule: { id: rule.id, name: 'Lift torque high', isEnabled: true, canEdit: true },
      firstActivationDate: Math.floor((t0 + 1000) / 1000),
      lastActivationDate: Math.floor((t0 + 4000) / 1000),
      totalActivations: 2,
      gravityPercent: 60,
      status: 'NEW',
      origin: 'Lift 01 torque (lift01_torque) > 50',
      open: true,
      variableIds: [ids.get('lift01_torque')],
    });
    expect(summary.historicStatus).toEqual([{ status: 'NEW', date: expect.any(Number), userId: null }]);
    expect(summary.evolutionLast30Days).toHaveLength(30);
    expect(summary.evolutionLast30Days.at(-1)).toMatchObject({
      activations: 3,
      totalEvaluations: 5,
      ratio: 0.6,
    });

    // A user with Incidence and INCIDENCEORIGEN: no origin in v2, origin in v1. Reading is not handling:
    // the rows say so (canEdit) and the server refuses a status change until the rule is shared with edit.
    const viewer = await person({ incidence: true, incidenceorigen: true });
    await admin.put(`/api/web/permission/incidence/${rule.id}/read/user/${viewer.id}`).expect(200);
    const viewerV2 = (await viewer.client.get('/api/web/evaluations-incidence/v2').expect(200))
      .body as IncidenceSummaryV2PageDto;
    expect(viewerV2.data.map((s) => [s.id, s.origin, s.rule.canEdit])).toEqual([[summary.id, null, false]]);
    await viewer.client
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .send({ status: 'REVISION' })
      .expect(403);
    await admin.put(`/api/web/permission/incidence/${rule.id}/edit/user/${viewer.id}`).expect(200);
    const viewerV1 = (await viewer.client.get('/api/web/evaluations-incidence').expect(200))
      .body as PagedListDto<IncidenceSummaryV1Dto>;
    expect(viewerV1.data[0]).toMatchObject({
      id: summary.id,
      origin: summary.origin,
      numberOfRealActivations: 2,
      gravity: 0.6,
      canEdit: true,
    });

    await viewer.client
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .send({ status: 'REVISION' })
      .expect(204);
    await viewer.client
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .send({ status: 'REVISION' })
      .expect(204);
    await viewer.client
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .set('content-type', 'application/json')
      .send('"REPORTED"')
      .expect(204);
    const statuses = (
      await admin.get('/api/web/evaluations-incidence/v2').query({ filterStatus: 'REPORTED' }).expect(200)
    ).body as IncidenceSummaryV2PageDto;
    expect(statuses.data.map((s) => s.historicStatus.map((h) => [h.status, h.userId]))).toEqual([
      [
        ['NEW', null],
        ['REVISION', viewer.id],
        ['REPORTED', viewer.id],
      ],
    ]);
    const solvedByPut = await viewer.client
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .send({ status: 'SOLVED' });
    expect(solvedByPut.status).toBe(400);

    // The map: the rule's asset is the reference's prefix.
    const assets = (await viewer.client.get('/api/web/current-status-incidence').expect(200))
      .body as CurrentStatusAssetDto[];
    expect(assets.find((a) => a.name === 'lift01')).toMatchObject({
      count: 1,
      parentId: null,
      lat: null,
      lng: null,
    });

    await viewer.client.put(`/api/web/evaluations-incidence/resolve-summary/${summary.id}/`).expect(204);
    const resolvedAgain = await viewer.client
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .send({ status: 'NEW' });
    expect(resolvedAgain.status).toBe(409);
    expect(resolvedAgain.body.message).toBe(IncidenceMessages.resolvedUnchangeable);
    expect(
      (
        (await admin.get('/api/web/evaluations-incidence/v2').query({ filter: 'lift torque' }))
          .body as IncidenceSummaryV2PageDto
      ).data,
    ).toEqual([]);
    const closed = (
      await viewer.client
        .get('/api/web/evaluations-incidence/closed-summaries')
        .query({
          beginDate: new Date(t0 - 60_000).toISOString(),
          endDate: new Date(t0 + 60_000).toISOString(),
        })
        .expect(200)
    ).body as PagedListDto<HistoricIncidenceRowDto>;
    expect(closed).toMatchObject({ totalPages: 1, currentPage: 1, count: 1 });
    expect(closed.data[0]).toMatchObject({
      id: summary.id,
      ruleId: rule.id,
      numberOfRealActivations: 2,
      origin: summary.origin,
    });
    expect(closed.data[0].statusChanges.map((s) => s.status)).toEqual([
      'NEW',
      'REVISION',
      'REPORTED',
      'SOLVED',
    ]);

    // Still open when resolved: the next opening starts a new summary after it closes.
    await publish([
      { reference: 'lift01_torque', ts: t0 + 5000, value: 10 },
      { reference: 'lift01_torque', ts: t0 + 6000, value: 90 },
    ]);
    const next = (
      await admin.get('/api/web/evaluations-incidence/v2').query({ filter: 'lift torque' }).expect(200)
    ).body as IncidenceSummaryV2PageDto;
    expect(next.data.map((s) => [s.totalActivations, s.status])).toEqual([[1, 'NEW']]);

    // Switched off from the incidence table: the open incidence closes and the rule evaluates no more.
    await viewer.client
      .put(`/api/web/evaluations-incidence/manage-summary/${rule.id}/`)
      .send({ enabled: false })
      .expect(204);
    await settle();
    const off = (
      await admin.get('/api/web/evaluations-incidence/v2').query({ filter: 'lift torque' }).expect(200)
    ).body as IncidenceSummaryV2PageDto;
    expect(off.data.map((s) => [s.rule.isEnabled, s.open])).toEqual([[false, false]]);
    await publish([
      { reference: 'lift01_torque', ts: t0 + 7000, value: 10 },
      { reference: 'lift01_torque', ts: t0 + 8000, value: 90 },
    ]);
    const after = (
      await admin.get('/api/web/evaluations-incidence/v2').query({ filter: 'lift torque' }).expect(200)
    ).body as IncidenceSummaryV2PageDto;
    expect(after.data.map((s) => s.totalActivations)).toEqual([1]);
  });

  it('places assets for the map by name: all or nothing, by an administrator or a data source', async () => {
    const layout = (assets: object[]) =>
      admin.put('/api/web/current-status-incidence/assets').send({ assets });
    const byName = async () =>
      new Map(
        (
          (await admin.get('/api/web/current-status-incidence').expect(200)).body as CurrentStatusAssetDto[]
        ).map((asset) => [asset.name, asset]),
      );

    // A layout may come before the rules: it creates the assets it names.
    await layout([
      { name: 'drum_b_gate', parent: 'drum_b', lat: 41.1201, lng: 1.1902 },
      { name: 'drum_b', parent: 'site', lat: 41.12, lng: 1.19 },
      { name: 'site' },
    ]).expect(204);
    let assets = await byName();
    expect(assets.get('drum_b_gate')).toMatchObject({
      parentId: assets.get('drum_b')?.id,
      lat: 41.1201,
      lng: 1.1902,
    });
    expect(assets.get('site')).toMatchObject({ parentId: null, lat: null, lng: null, count: 0 });

    // A label is set by name; a placement without one keeps it, null takes it away.
    await layout([{ name: 'drum_b', label: 'Coke drum B', parent: 'site', lat: 41.12, lng: 1.19 }]).expect(
      204,
    );
    await layout([{ name: 'drum_b', parent: 'site', lat: 41.12, lng: 1.19 }]).expect(204);
    expect((await byName()).get('drum_b')?.label).toBe('Coke drum B');
    await layout([{ name: 'drum_b', label: null, parent: 'site', lat: 41.12, lng: 1.19 }]).expect(204);
    expect((await byName()).get('drum_b')?.label).toBeNull();

    // Refused whole: an unknown parent, a cycle through an existing asset, a half position.
    const unknown = await layout([{ name: 'drum_b', parent: 'nowhere' }]).expect(400);
    expect(unknown.body.message).toBe(AssetLayoutMessages.unknownParent);
    const cycle = await layout([
      { name: 'lone', lat: 1, lng: 2 },
      { name: 'site', parent: 'drum_b_gate' },
    ]).expect(400);
    expect(cycle.body.message).toBe(AssetLayoutMessages.cycle);
    await layout([{ name: 'site', lat: 41 }]).expect(400);
    assets = await byName();
    expect(assets.has('lone')).toBe(false);
    expect(assets.get('site')?.parentId).toBeNull();

    // A data source with the service token; a user without the Admin feature may not.
    await request(app.getHttpServer())
      .put('/api/web/current-status-incidence/assets')
      .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
      .send({ assets: [{ name: 'site', lat: 41.119, lng: 1.189 }] })
      .expect(204);
    expect((await byName()).get('site')).toMatchObject({ lat: 41.119, lng: 1.189 });
    const operator = await person({ incidence: true });
    await operator.client
      .put('/api/web/current-status-incidence/assets')
      .send({ assets: [{ name: 'site' }] })
      .expect(403);
  });

  it('validates incidence queries and deletes a rule with its incidences', async () => {
    const bad = await admin
      .get('/api/web/evaluations-incidence/v2')
      .query({ pageSize: 0, sortField: 'owner', filterAssets: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'filterAssets',
      'pageSize',
      'sortField',
    ]);
    const [rule] = (
      await admin
        .post('/api/web/rules-incidence')
        .send([{ name: 'Temporary', operator: '=', varOneId: ids.get('gate01_pressure'), constant: 3 }])
        .expect(201)
    ).body as RuleIncidenceDto[];
    await admin.delete('/api/web/rules-incidence').query({ id: rule.id }).expect(204);
    await admin.get(`/api/web/rules-incidence/${rule.id}`).expect(404);
  });
});
