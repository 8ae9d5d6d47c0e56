// The valve screens' calls (spec part 2 §7 "Valve monitoring", /api/web/ampo) over real HTTP, standalone
// (PGlite), on a small valve history written into the valves schema (valves-fixtures.ts).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ValveMessages,
  valveLimitCurve,
  type HistoricAnalysisDto,
  type IncidenceReviewDto,
  type NormalCurveLearnResultDto,
  type PlantCurrentStatusDto,
  type PlantTreeDto,
  type ReferenceCurvesDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { Database } from '@plantlens/platform';
import { ValvesModule } from '@plantlens/valves';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';
import {
  CLOSURES,
  ERRORS,
  LATEST_MS,
  OPENINGS,
  openingTorque,
  seedValveHistory,
  T0,
} from './valves-fixtures';

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => ms / 1000;

describe('valve screens API (/api/web/ampo, standalone)', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;
  let holder: ApiClient;
  let plain: ApiClient;

  beforeAll(async () => {
    app = await startTestApp('valves-api-test', [IdentityModule, ValvesModule], {
      // Small enough that the fixture's six openings are thinned.
      VALVES_HISTORIC_MAX_ACTUATIONS: '4',
    });
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    holder = (await createMember(app, admin, 'valve.watcher', { flags: { ampoCurrentStatus: true } })).client;
    plain = (await createMember(app, admin, 'explorer.only', { flags: { explorer: true } })).client;
    await seedValveHistory(app.get(Database));
  }, 60_000);
  afterAll(() => app?.close());

  it('lists coke drum A → asset types → valves in plant order, with cycle numbers', async () => {
    const tree = (await holder.get('/api/web/ampo/plant-tree/').expect(200)).body as PlantTreeDto;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 'cokeDrumA', label: 'Coke Drum A' });
    expect(tree[0]!.children.map((node) => [node.type, node.children.map((asset) => asset.id)])).toEqual([
      ['Gate', ['gate01', 'gate02']],
      ['Plug', ['lift01', 'lift02', 'lift03', 'lift04', 'lift05']],
      ['Switch plug', ['switch01']],
    ]);
    expect(tree[0]!.children[0]!.children[0]).toEqual({
      id: 'gate01',
      label: 'Gate 01',
      type: 'Gate',
      serialNumber: 'GV-A-1001',
      tagNumber: 'XV-1001',
      lastMaintenance: null,
      cycleNumber: OPENINGS.length + CLOSURES.length,
      hasNormalCurve: false,
    });
    expect(tree[0]!.children[0]!.children[1]).toMatchObject({ id: 'gate02', cycleNumber: 0 });
  });

  it('gives the current status as of the latest valve data: the last day’s errors newest first, every valve listed', async () => {
    const status = (await holder.get('/api/web/ampo/plant-current-status/').expect(200))
      .body as PlantCurrentStatusDto;
    const expected = (asset: string) =>
      ERRORS.filter((e) => e.asset === asset && e.endMs > LATEST_MS - 86_400_000)
        .sort((a, b) => b.beginMs - a.beginMs)
        .map((e) => ({ beginDate: seconds(e.beginMs), endDate: seconds(e.endMs), errorCode: e.code }));
    expect(status.dateTime).toBe(seconds(LATEST_MS));
    expect(status.cokeDrumAStatus.gateStatuses).toEqual([
      { assetName: 'gate01', assetErrors: expected('gate01') },
      { assetName: 'gate02', assetErrors: [] },
    ]);
    expect(expected('gate01').map((e) => e.errorCode)).toEqual([2, 4]);
    expect(status.cokeDrumAStatus.liftStatuses.map((s) => s.assetName)).toEqual([
      'lift01',
      'lift02',
      'lift03',
      'lift04',
      'lift05',
    ]);
    expect(status.cokeDrumAStatus.liftStatuses[2]!.assetErrors).toEqual(expected('lift03'));
    expect(status.cokeDrumAStatus.switchStatuses).toEqual([{ assetName: 'switch01', assetErrors: [] }]);
  });

  it('reviews a valve’s signals over the range, one sample per second, with the steam threshold at the pressure instants', async () => {
    const review = (
      await holder
        .get('/api/web/ampo/incidence-review/')
        .query({ asset: 'gate01', initDate: iso(T0), endDate: iso(T0 + 60_000) })
        .expect(200)
    ).body as IncidenceReviewDto;
    expect(review.assetName).toBe('gate01');
    expect(review.openingValues).toHaveLength(61);
    expect(review.openingValues[30]).toEqual({ dateTime: seconds(T0) + 30, value: 50 });
    // the torque reading half a second after T0 is not the first of its second
    expect(review.pairValues).toHaveLength(61);
    expect(review.pairValues.every((point) => point.value === 3)).toBe(true);
    expect(review.pressureValues.map((p) => p.dateTime)).toEqual([0, 30, 60].map((s) => seconds(T0) + s));
    expect(review.pressureThresholdValues).toEqual(
      review.pressureValues.map((p) => ({ dateTime: p.dateTime, value: 7.5 })),
    );
    expect(review.flowValues.map((p) => p.value)).toEqual([100, 130, 160]);
    expect(review.temperatureValues).toHaveLength(3);
  });

  it('counts a valve’s actuations from a date, as a bare number', async () => {
    const from = OPENINGS[1]!.beginMs;
    const response = await holder
      .get('/api/web/ampo/valve-actuations/')
      .query({ valve: 'gate01', fromDate: iso(from) })
      .expect(200);
    const expected = [...OPENINGS, ...CLOSURES].filter((a) => a.beginMs >= from).length;
    expect(response.text).toBe(String(expected));
    await holder
      .get('/api/web/ampo/valve-actuations/')
      .query({ valve: 'gate02', fromDate: iso(T0) })
      .expect(200, '0');
  });

  it('splits the historic actuations into openings and closures, thinned evenly beyond the cap', async () => {
    const historic = (
      await holder
        .get('/api/web/ampo/historic-analysis/')
        .query({ asset: 'gate01', initDate: iso(T0), endDate: iso(T0 + 2 * 3_600_000) })
        .expect(200)
    ).body as HistoricAnalysisDto;
    // six openings, cap 4: the first and the last kept, evenly between
    expect(historic.openings).toHaveLength(4);
    expect(historic.closures).toHaveLength(CLOSURES.length);
    const [first] = historic.openings;
    expect(first!.actuationPair).toHaveLength(61);
    expect(first!.openingDegree[0]).toEqual({ dateTime: seconds(T0), value: 0 });
    expect(first!.openingDegree[60]).toEqual({ dateTime: seconds(T0) + 60, value: 100 });
    // the other actuations have no stored samples in the fixture
    expect(historic.openings[3]).toEqual({ actuationPair: [], openingDegree: [] });

    const later = (
      await holder
        .get('/api/web/ampo/historic-analysis/')
        .query({ asset: 'gate01', initDate: iso(OPENINGS[5]!.beginMs), endDate: iso(T0 + 2 * 3_600_000) })
        .expect(200)
    ).body as HistoricAnalysisDto;
    expect([later.openings.length, later.closures.length]).toEqual([1, 0]);
  });

  it('answers a bad range or date with a 400 that says which, and an unknown valve with a 404', async () => {
    const day = 86_400_000;
    const cases: [string, Record<string, string>, RegExp][] = [
      ['incidence-review', { asset: 'gate01', initDate: iso(T0) }, /endDate: is required/],
      [
        'incidence-review',
        { asset: 'gate01', initDate: 'yesterday', endDate: iso(T0) },
        /initDate: must be an ISO/,
      ],
      [
        'incidence-review',
        { asset: 'gate01', initDate: iso(T0), endDate: iso(T0 - 1) },
        /endDate: must not be before initDate/,
      ],
      [
        'incidence-review',
        { asset: 'gate01', initDate: iso(T0), endDate: iso(T0 + 2 * day) },
        /at most 1 days/,
      ],
      [
        'historic-analysis',
        { asset: 'gate01', initDate: iso(T0), endDate: iso(T0 + 32 * day) },
        /at most 31 days/,
      ],
      ['historic-analysis', { initDate: iso(T0), endDate: iso(T0 + day) }, /asset: is required/],
      ['valve-actuations', { valve: 'gate01' }, /fromDate: is required/],
      ['reference-curves', {}, /asset: is required/],
    ];
    for (const [path, query, message] of cases) {
      const response = await holder.get(`/api/web/ampo/${path}/`).query(query);
      expect({ path, query, status: response.status }).toEqual({ path, query, status: 400 });
      expect(response.body.message).toMatch(message);
    }
    const unknown: [string, Record<string, string>][] = [
      ['incidence-review', { asset: 'gate99', initDate: iso(T0), endDate: iso(T0 + 1) }],
      ['historic-analysis', { asset: 'gate99', initDate: iso(T0), endDate: iso(T0 + 1) }],
      ['valve-actuations', { valve: 'gate99', fromDate: iso(T0) }],
      ['reference-curves', { asset: 'gate99' }],
    ];
    for (const [path, query] of unknown) {
      const response = await holder.get(`/api/web/ampo/${path}/`).query(query);
      expect({ path, status: response.status, message: response.body.message }).toEqual({
        path,
        status: 404,
        message: ValveMessages.unknownAsset,
      });
    }
  });

  it('learns normal curves from the last fault-free actuations, on the spec’s 100 → 0 axis, and says which it could not', async () => {
    const before = (
      await holder.get('/api/web/ampo/reference-curves/').query({ asset: 'gate01' }).expect(200)
    ).body as ReferenceCurvesDto;
    expect(before.opening).toEqual({ limit: valveLimitCurve('opening'), normal: null });
    expect(before.closure).toEqual({ limit: valveLimitCurve('closure'), normal: null });

    const learned = (
      await admin.post('/api/web/ampo/normal-curves/learn/').send({ asset: 'gate01' }).expect(200)
    ).body as NormalCurveLearnResultDto;
    expect(learned.learned).toHaveLength(1);
    const [opening] = learned.learned;
    // the six fault-free openings: per-level median level/10 + 2.5; values[0] is level 120 (100 %)
    expect(opening).toMatchObject({
      asset: 'gate01',
      operation: 'opening',
      actuationCount: 6,
      windowBegin: seconds(OPENINGS[0]!.beginMs),
      windowEnd: seconds(OPENINGS[5]!.beginMs) + 60,
    });
    expect(opening!.values).toHaveLength(121);
    expect(opening!.values[0]).toBeCloseTo(openingTorque(2.5, 120));
    expect(opening!.values[120]).toBeCloseTo(openingTorque(2.5, 0));
    // two fault-free closures of three
    expect(learned.skipped).toEqual([
      { asset: 'gate01', operation: 'closure', faultFreeActuations: 2, needed: 5 },
    ]);

    // the last three only
    const recent = (
      await admin
        .post('/api/web/ampo/normal-curves/learn/')
        .send({ asset: 'gate01', actuations: 3 })
        .expect(200)
    ).body as NormalCurveLearnResultDto;
    expect(recent.learned[0]!.actuationCount).toBe(3);
    expect(recent.learned[0]!.values[120]).toBeCloseTo(openingTorque(4, 0));
    expect(recent.skipped).toEqual([
      { asset: 'gate01', operation: 'closure', faultFreeActuations: 2, needed: 3 },
    ]);

    const after = (await holder.get('/api/web/ampo/reference-curves/').query({ asset: 'gate01' }).expect(200))
      .body as ReferenceCurvesDto;
    expect(after.opening.normal).toEqual(recent.learned[0]);
    expect(after.closure.normal).toBeNull();

    // every valve: only gate01's opening has history enough; the rest are reported
    const all = (await admin.post('/api/web/ampo/normal-curves/learn/').send({}).expect(200))
      .body as NormalCurveLearnResultDto;
    expect(all.learned.map((c) => `${c.asset}/${c.operation}`)).toEqual(['gate01/opening']);
    expect(all.skipped).toHaveLength(15);

    const tree = (await holder.get('/api/web/ampo/plant-tree/').expect(200)).body as PlantTreeDto;
    expect(tree[0]!.children[0]!.children.map((a) => a.hasNormalCurve)).toEqual([true, false]);

    await admin.post('/api/web/ampo/normal-curves/learn/').send({ asset: 'gate99' }).expect(404);
    // every valve is asked for with {}, not with no body at all
    const noBody = await admin.post('/api/web/ampo/normal-curves/learn/');
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toMatch(/expected object/);
    const zero = await admin.post('/api/web/ampo/normal-curves/learn/').send({ actuations: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/^actuations: /);
  });

  it('lets an administrator edit a valve’s description, with 400 and 404 for bad input', async () => {
    const fields = {
      label: 'Gate 02 (east)',
      serialNumber: 'GV-9',
      tagNumber: null,
      lastMaintenance: '2025-05-20',
    };
    const updated = await admin.put('/api/web/ampo/asset/gate02/').send(fields).expect(200);
    expect(updated.body).toEqual({
      id: 'gate02',
      type: 'Gate',
      ...fields,
      cycleNumber: 0,
      hasNormalCurve: false,
    });
    const tree = (await holder.get('/api/web/ampo/plant-tree/').expect(200)).body as PlantTreeDto;
    expect(tree[0]!.children[0]!.children[1]).toEqual(updated.body);

    const blank = await admin.put('/api/web/ampo/asset/gate02/').send({ ...fields, label: ' ' });
    expect([blank.status, blank.body.message]).toEqual([400, 'label: must not be empty']);
    const badDate = await admin
      .put('/api/web/ampo/asset/gate02/')
      .send({ ...fields, lastMaintenance: '20/05/2025' });
    expect([badDate.status, badDate.body.message]).toEqual([
      400,
      'lastMaintenance: must be a date YYYY-MM-DD',
    ]);
    const unknown = await admin.put('/api/web/ampo/asset/gate99/').send(fields);
    expect([unknown.status, unknown.body.message]).toEqual([404, ValveMessages.unknownAsset]);
  });

  it('serves the screens to holders of AmpoCurrentStatus only, and the edits to administrators only', async () => {
    const reads = [
      '/api/web/ampo/plant-tree/',
      '/api/web/ampo/plant-current-status/',
      `/api/web/ampo/incidence-review/?asset=gate01&initDate=${iso(T0)}&endDate=${iso(T0 + 1000)}`,
      `/api/web/ampo/valve-actuations/?valve=gate01&fromDate=${iso(T0)}`,
      `/api/web/ampo/historic-analysis/?asset=gate01&initDate=${iso(T0)}&endDate=${iso(T0 + 1000)}`,
      '/api/web/ampo/reference-curves/?asset=gate01',
    ];
    for (const path of reads) {
      expect({ path, status: (await plain.get(path)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await holder.get(path)).status }).toEqual({ path, status: 200 });
    }
    const edit = { label: 'Gate 01', serialNumber: null, tagNumber: null, lastMaintenance: null };
    await holder.put('/api/web/ampo/asset/gate01/').send(edit).expect(403);
    await holder.post('/api/web/ampo/normal-curves/learn/').send({}).expect(403);
    await plain.post('/api/web/ampo/normal-curves/learn/').send({}).expect(403);
  });
});
