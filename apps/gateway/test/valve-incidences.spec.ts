// Valve failures as incidences over real HTTP in the standalone arrangement (docs/rules-and-incidences.md
// "Valve failures as incidences"): an `asset-alarms` event on the in-memory bus becomes an incidence of a
// rule-like source, listed, counted on the map and handled through the calls of rules and incidences.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  Topics,
  type AssetAlarmEvent,
  type CurrentStatusAssetDto,
  type IncidenceSummaryV2PageDto,
  type RuleIncidenceDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { EventPublisher, InMemoryBroker } from '@plantlens/platform';
import { OutboxService, RulesModule } from '@plantlens/rules';
import { apiClient, signIn, type ApiClient } from './api-client';
import { startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const PASSWORD = 'secret1';
const SOURCE_NAME = 'gate01 · 2 sustained high torque';

describe('valve failures as incidences (standalone: identity and rules in one process)', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;

  async function alarm(fields: Pick<AssetAlarmEvent, 'eventId' | 'beginMs'>): Promise<void> {
    const event: AssetAlarmEvent = {
      asset: 'gate01',
      errorCode: 2,
      operation: 'opening',
      endMs: fields.beginMs + 30_000,
      ...fields,
    };
    await app.get(EventPublisher).publish(Topics.assetAlarms, event, event.asset);
    for (let round = 0; round < 3; round += 1) {
      await app.get(InMemoryBroker).drain();
      app.get(OutboxService).drainSoon();
      await app.get(OutboxService).flush();
    }
  }

  async function reader(): Promise<ApiClient> {
    const group = await admin.post('/api/web/group/').send({ name: 'valve.readers' }).expect(201);
    await admin.put(`/api/web/group/${group.body.id}/permission/`).send({ incidence: true }).expect(200);
    await admin
      .post('/api/web/user/')
      .send({
        name: 'valve.reader',
        email: null,
        admin: false,
        enabled: true,
        groupIds: [group.body.id],
        password: PASSWORD,
        repeat: PASSWORD,
      })
      .expect(201);
    return apiClient(app, await signIn(app, 'valve.reader', PASSWORD));
  }

  beforeAll(async () => {
    app = await startTestApp('valve-incidences-test', [IdentityModule, RulesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
  }, 60_000);
  afterAll(() => app?.close());

  it('lists a failure as a summary named after asset and code, counts it on the map, lets administrators handle it', async () => {
    // The simulator's layout: the valves under coke drum A.
    await admin
      .put('/api/web/current-status-incidence/assets')
      .send({ assets: [{ name: 'coke_drum_a' }, { name: 'gate01', parent: 'coke_drum_a' }] })
      .expect(204);
    const t0 = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
    await alarm({ eventId: 'a-1', beginMs: t0 });
    await alarm({ eventId: 'a-1', beginMs: t0 });
    await alarm({ eventId: 'a-2', beginMs: t0 + 120_000 });

    const v2 = (await admin.get('/api/web/evaluations-incidence/v2').expect(200))
      .body as IncidenceSummaryV2PageDto;
    expect(v2.pagination.totalItems).toBe(1);
    const [summary] = v2.data;
    expect(summary).toMatchObject({
      rule: { name: SOURCE_NAME, isEnabled: true, canEdit: true },
      firstActivationDate: t0 / 1000,
      lastActivationDate: (t0 + 120_000) / 1000,
      totalActivations: 2,
      gravityPercent: 100,
      status: 'NEW',
      origin: 'gate01 failure code = 2',
      variableIds: [],
      open: false,
    });
    const counts = new Map(
      (
        (await admin.get('/api/web/current-status-incidence').expect(200)).body as CurrentStatusAssetDto[]
      ).map((asset) => [asset.name, asset.count]),
    );
    expect(counts.get('gate01')).toBe(1);
    expect(counts.get('coke_drum_a')).toBe(1);

    // It is listed with the rules, as a source; only name, enabled, e-mails and tags change.
    const rules = (await admin.get('/api/web/rules-incidence').expect(200)).body as RuleIncidenceDto[];
    const source = rules.find((rule) => rule.id === summary.rule.id);
    expect(source).toMatchObject({
      name: SOURCE_NAME,
      source: { asset: 'gate01', errorCode: 2 },
      varOneIds: [],
      owner: null,
      canEdit: true,
      canDelete: true,
    });
    const updated = await admin
      .put('/api/web/rules-incidence')
      .send({ id: summary.rule.id, name: SOURCE_NAME, enabled: true, emails: 'valves@plant.com' })
      .expect(200);
    expect(updated.body).toMatchObject({ emails: 'valves@plant.com', source: { asset: 'gate01' } });

    // Every Incidence user sees it without a share; handling it is for administrators (or shared edit).
    const valveReader = await reader();
    const seen = (await valveReader.get('/api/web/evaluations-incidence/v2').expect(200))
      .body as IncidenceSummaryV2PageDto;
    expect(seen.data.map((row) => [row.id, row.rule.canEdit])).toEqual([[summary.id, false]]);
    await valveReader
      .put(`/api/web/evaluations-incidence/${summary.id}/`)
      .send({ status: 'REVISION' })
      .expect(403);
    await valveReader
      .put('/api/web/rules-incidence')
      .send({ id: summary.rule.id, name: 'mine', enabled: false })
      .expect(403);

    // Switched off from the incidence list, a source records no more failures.
    await admin
      .put(`/api/web/evaluations-incidence/manage-summary/${summary.rule.id}`)
      .send({ enabled: false })
      .expect(204);
    await alarm({ eventId: 'a-3', beginMs: t0 + 240_000 });
    const after = (await admin.get('/api/web/evaluations-incidence/v2').expect(200))
      .body as IncidenceSummaryV2PageDto;
    expect(after.data[0]).toMatchObject({ totalActivations: 2, rule: { isEnabled: false } });
  });
});
