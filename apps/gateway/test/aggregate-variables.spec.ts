// Aggregate variables' catalogue API (spec part 1 §3, §4, §7, §8) over real HTTP in the standalone
// arrangement: the variables module asks identity who may do what (object type `variable`) and the rules
// module which rules read a variable before deleting it, both over HTTP to this same process.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AggregateVariableMessages,
  AuthHeaders,
  METRICAL_MAX_INPUTS,
  type AggregateDependenciesDto,
  type AggregateVariableDto,
  type RuleIncidenceDto,
  type RuleReferenceDto,
  type TagTreeNodeDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { AuthKeys, Database } from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const BASE = '/api/web/aggregate-variables/';
const T0 = Date.UTC(2026, 0, 1);

describe('aggregate variables API (standalone: identity, variables and rules in one process)', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;
  let owner: { id: number; client: ApiClient };
  let colleague: { id: number; client: ApiClient };
  let counter = 0;
  const ids = new Map<string, number>();
  const id = (reference: string) => ids.get(reference) as number;
  let lineTagId: number;

  const create = async (client: ApiClient, body: object): Promise<AggregateVariableDto> => {
    const response = await client.post(BASE).send(body);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
    return response.body as AggregateVariableDto;
  };
  const uniqueName = (prefix: string) => `${prefix} ${(counter += 1)}`;

  async function sql<R>(text: string, values: unknown[] = []): Promise<R[]> {
    return app.get(Database).withConnection((connection) => connection.query<R>(text, values));
  }

  /** Stored data naming the variable: points, rollups, their work list and read cache entries. */
  async function storedData(variableId: number): Promise<Record<string, number>> {
    const [row] = await sql<Record<string, number>>(
      `select (select count(*)::int from variables.measurement where variable_id = $1) as points,
              (select count(*)::int from variables.rollup where variable_id = $1) as rollups,
              (select count(*)::int from variables.rollup_pending where variable_id = $1) as pending,
              (select count(*)::int from variables.read_cache where $1 = any(variable_ids)) as cached`,
      [variableId],
    );
    return row!;
  }

  async function storeData(variableId: number): Promise<void> {
    const at = (minute: number) => new Date(T0 + minute * 60_000);
    for (let minute = 0; minute < 3; minute += 1)
      await sql(`insert into variables.measurement (variable_id, ts, value) values ($1, $2, $3)`, [
        variableId,
        at(minute),
        minute,
      ]);
    await sql(
      `insert into variables.rollup (variable_id, resolution_s, bucket, count, sum, min, min_ts, max, max_ts,
         first, first_ts, last, last_ts)
       values ($1, 60, $2, 1, 1, 1, $2, 1, $2, 1, $2, 1, $2)`,
      [variableId, at(0)],
    );
    await sql(`insert into variables.rollup_pending (variable_id, from_ts, to_ts) values ($1, $2, $3)`, [
      variableId,
      at(0),
      at(1),
    ]);
    await sql(
      `insert into variables.read_cache (key, value, size_bytes, variable_ids, from_ts, to_ts)
       values ($1, '{}', 2, $2::int4[], $3, $4)`,
      [`test-${variableId}-${counter++}`, [variableId, id('TI-101')], at(0), at(3)],
    );
  }

  beforeAll(async () => {
    app = await startTestApp('aggregate-variables-test', [IdentityModule, VariablesModule, RulesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const declared = await admin
      .post('/api/web/variable/raw/declare')
      .send({
        variables: [
          { clientReference: 'TI-101', name: 'Inlet temperature', unit: '°C', tags: ['Plant/Line 1'] },
          { clientReference: 'TI-102', name: 'Outlet temperature', unit: '°C' },
          { clientReference: 'FI-7', name: 'Feed flow', unit: 'm³' },
        ],
      })
      .expect(201);
    for (const v of declared.body.variables as { id: number; clientReference: string }[])
      ids.set(v.clientReference, v.id);
    const tree = (await admin.get('/api/web/tag/tree').expect(200)).body as TagTreeNodeDto[];
    lineTagId = tree.find((tag) => tag.name === 'Plant')!.children[0]!.id;
    owner = await createMember(app, admin, 'aggregator', { flags: { aggregatevar: true } });
    colleague = await createMember(app, admin, 'colleague', { flags: { aggregatevar: true } });
  }, 60_000);
  afterAll(() => app?.close());

  describe('create and read each goal', () => {
    it('creates an operated variable of two variables, owned by its creator', async () => {
      const before = Math.floor(Date.now() / 1000);
      const created = await create(owner.client, {
        name: '  Temperature drop ',
        unit: '°C',
        tags: [{ id: lineTagId, name: 'Line 1' }],
        goal: 'operated',
        operator: '-',
        varOneId: id('TI-101'),
        varTwoId: id('TI-102'),
      });
      expect(created).toEqual({
        id: expect.any(Number),
        clientReference: `AGG-${created.id}`,
        name: 'Temperature drop',
        unit: '°C',
        categoryId: null,
        categorized: false,
        tags: [{ id: lineTagId, name: 'Line 1' }],
        goal: 'operated',
        owner: 'aggregator',
        canEdit: true,
        canDelete: true,
        canShare: true,
        createdAt: expect.any(Number),
        formula: '[TI-101] - [TI-102]',
        historic: false,
        backfill: { state: 'none', percent: 0, fromMs: null, toMs: null, error: null },
        operator: '-',
        varOneId: id('TI-101'),
        varTwoId: id('TI-102'),
        constant: null,
      });
      expect(created.createdAt).toBeGreaterThanOrEqual(before);
      expect((await owner.client.get(`${BASE}${created.id}`).expect(200)).body).toEqual(created);
    });

    // The back-fill worker may take a historic one up at once: its state is then past pending already.
    it('creates an operated variable with a constant, and historic ones get a back-fill', async () => {
      const created = await create(owner.client, {
        name: uniqueName('Half flow'),
        goal: 'operated',
        operator: '/',
        varOneId: id('FI-7'),
        constant: 2.5,
        historic: true,
      });
      expect(created).toMatchObject({
        formula: '[FI-7] / 2.5',
        varTwoId: null,
        constant: 2.5,
        unit: null,
        historic: true,
        backfill: { state: expect.stringMatching(/^(pending|running|done)$/) },
      });
      const [stored] = await sql<{ aggregate: boolean; input_ids: number[]; backfill_state: string }>(
        `select v.aggregate, a.input_ids, a.backfill_state
         from variables.variable v join variables.aggregate_variable a on a.variable_id = v.id where v.id = $1`,
        [created.id],
      );
      expect(stored).toEqual({
        aggregate: true,
        input_ids: [id('FI-7')],
        backfill_state: expect.stringMatching(/^(pending|running|done)$/),
      });
    });

    it('creates a gradual variable: the increment over a gap', async () => {
      const created = await create(owner.client, {
        name: uniqueName('Hourly feed'),
        goal: 'gradual',
        varId: id('FI-7'),
        timeGap: 'PT1H',
      });
      expect(created).toMatchObject({ goal: 'gradual', varId: id('FI-7'), timeGap: 'PT1H' });
      expect(created.formula).toBe('Δ[FI-7] over PT1H');
      expect(created).not.toHaveProperty('operator');
    });

    it('creates a metrical variable and reads its inputs back as variableList, in order', async () => {
      const created = await create(owner.client, {
        name: uniqueName('Mean temperature'),
        goal: 'metrical',
        metrical: 'mean',
        variableIdList: [id('TI-102'), id('TI-101'), id('TI-102')],
      });
      expect(created).toMatchObject({ goal: 'metrical', metrical: 'mean' });
      expect(created.formula).toBe('mean([TI-102], [TI-101])');
      expect(created.variableList).toEqual<VariableMinimalDto[]>([
        {
          id: id('TI-102'),
          label: 'Outlet temperature',
          unit: '°C',
          categoryId: null,
          clientReference: 'TI-102',
        },
        {
          id: id('TI-101'),
          label: 'Inlet temperature',
          unit: '°C',
          categoryId: null,
          clientReference: 'TI-101',
        },
      ]);
      expect(created).not.toHaveProperty('variableIdList');
    });

    it('builds aggregates of aggregates, named by the inner one’s reference', async () => {
      const inner = await create(owner.client, {
        name: uniqueName('Sum'),
        goal: 'operated',
        operator: '+',
        varOneId: id('TI-101'),
        varTwoId: id('TI-102'),
      });
      const outer = await create(owner.client, {
        name: uniqueName('Sum spread'),
        goal: 'metrical',
        metrical: 'std',
        variableIdList: [inner.id, id('FI-7')],
      });
      expect(outer.formula).toBe(`std([${inner.clientReference}], [FI-7])`);
      const twice = await create(owner.client, {
        name: uniqueName('Sum gradient'),
        goal: 'gradual',
        varId: outer.id,
        timeGap: 'P1M',
      });
      expect(twice.formula).toBe(`Δ[${outer.clientReference}] over P1M`);
    });

    it('lists the readable ones newest first, all goals or one', async () => {
      const all = (await owner.client.get(BASE).expect(200)).body as AggregateVariableDto[];
      expect(all.length).toBeGreaterThanOrEqual(7);
      const order = all.map((variable) => [variable.createdAt, variable.id]);
      expect(order).toEqual([...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!));
      for (const goal of ['operated', 'gradual', 'metrical'] as const) {
        const listed = (await owner.client.get(BASE).query({ goal }).expect(200))
          .body as AggregateVariableDto[];
        expect(listed.length).toBeGreaterThan(0);
        expect(listed).toEqual(all.filter((variable) => variable.goal === goal));
      }
      const bad = await owner.client.get(BASE).query({ goal: 'average' }).expect(400);
      expect(bad.body.message).toMatch(/^goal: must be one of operated, gradual, metrical/);
      expect((await owner.client.get(`${BASE}999999`).expect(404)).body.message).toBe(
        AggregateVariableMessages.notFound,
      );
      expect((await owner.client.get(`${BASE}${id('TI-101')}`).expect(404)).body.message).toBe(
        AggregateVariableMessages.notFound,
      );
    });
  });

  describe('aggregates among the other variables', () => {
    let aggregate: AggregateVariableDto;
    beforeAll(async () => {
      aggregate = await create(owner.client, {
        name: 'Peculiar ratio',
        tags: [lineTagId],
        goal: 'operated',
        operator: '*',
        varOneId: id('TI-101'),
        constant: -3,
      });
    });

    it('is found by the explorer’s variable pickers', async () => {
      const found = (
        await admin.get('/api/web/variable/minimal/search').query({ text: 'peculiar' }).expect(200)
      ).body as VariableMinimalDto[];
      expect(found).toEqual([
        {
          id: aggregate.id,
          label: 'Peculiar ratio',
          unit: null,
          categoryId: null,
          clientReference: aggregate.clientReference,
          totalRows: 1,
        },
      ]);
      const minimal = await admin
        .get('/api/web/variable/minimal')
        .query({ ids: String(aggregate.id) })
        .expect(200);
      expect(minimal.body).toMatchObject([{ id: aggregate.id, label: 'Peculiar ratio' }]);
      const page = await admin.get('/api/web/variable/page').query({ filter: 'peculiar' }).expect(200);
      expect(page.body.variables).toMatchObject([{ id: aggregate.id, aggregate: true }]);
      const explorer = (await admin.get('/api/web/explorer/variables').expect(200))
        .body as VariableMinimalDto[];
      expect(explorer.map((variable) => variable.id)).toContain(aggregate.id);
      const tagged = await admin
        .get('/api/web/variable/minimal/tagged')
        .query({ tags: String(lineTagId), filter: 'peculiar' })
        .expect(200);
      expect(tagged.body).toMatchObject([{ id: aggregate.id }]);
      expect(aggregate.formula).toBe('[TI-101] * (-3)');
    });

    it('is refused by the raw variable editor', async () => {
      await admin.get('/api/web/raw-variables/').query({ id: aggregate.id }).expect(404);
      await admin
        .put('/api/web/raw-variables/')
        .send({ id: aggregate.id, name: 'Renamed', unit: null, categoryId: null, tags: [] })
        .expect(404);
    });
  });

  describe('bad input: 400 with a readable message naming the field, never 500', () => {
    const operated = () => ({
      name: 'Bad',
      goal: 'operated',
      operator: '+',
      varOneId: id('TI-101'),
      constant: 1,
    });
    const cases: [string, () => object | string, RegExp][] = [
      [
        'an unknown first operand',
        () => ({ ...operated(), varOneId: 987654 }),
        /^varOneId: unknown variable ids: 987654$/,
      ],
      [
        'an unknown second operand',
        () => ({ ...operated(), constant: undefined, varTwoId: 987655 }),
        /^varTwoId: unknown variable ids: 987655$/,
      ],
      [
        'an unknown gradual input',
        () => ({ name: 'Bad', goal: 'gradual', varId: 987656, timeGap: 'PT1M' }),
        /^varId: unknown variable ids: 987656$/,
      ],
      [
        'unknown metrical inputs',
        () => ({
          name: 'Bad',
          goal: 'metrical',
          metrical: 'max',
          variableIdList: [id('TI-101'), 987657, 987658],
        }),
        /^variableIdList: unknown variable ids: 987657, 987658$/,
      ],
      [
        'an id beyond the integer range',
        () => ({ ...operated(), varOneId: 2 ** 31 }),
        /^varOneId: must be at most 2147483647$/,
      ],
      [
        'ids beyond the integer range among known ones',
        () => ({ name: 'Bad', goal: 'metrical', metrical: 'max', variableIdList: [id('TI-101'), 2 ** 31] }),
        /^variableIdList\.1: must be at most 2147483647$/,
      ],
      [
        'a second operand beyond the integer range',
        () => ({ ...operated(), constant: undefined, varTwoId: 2 ** 31 }),
        /^varTwoId: must be at most 2147483647$/,
      ],
      [
        'a constant that is text',
        () => ({ ...operated(), constant: '2.5' }),
        /^constant: must be a finite number$/,
      ],
      [
        'a constant too large to be finite',
        () => JSON.stringify(operated()).replace('"constant":1', '"constant":1e400'),
        /^constant: must be a finite number$/,
      ],
      [
        'neither a constant nor a second variable',
        () => ({ ...operated(), constant: null }),
        /^varTwoId: give either a constant or a second variable/,
      ],
      [
        'both a constant and a second variable',
        () => ({ ...operated(), varTwoId: id('TI-102') }),
        /^varTwoId: give either a constant or a second variable/,
      ],
      ['an empty name', () => ({ ...operated(), name: '   ' }), /^name: The variable needs a name$/],
      ['no name', () => ({ ...operated(), name: undefined }), /^name: The variable needs a name$/],
      [
        'an unknown operator',
        () => ({ ...operated(), operator: '%' }),
        /^operator: must be one of \+, -, \*, \/$/,
      ],
      [
        'an unknown metric',
        () => ({ name: 'Bad', goal: 'metrical', metrical: 'avg', variableIdList: [id('TI-101')] }),
        /^metrical: must be one of mean, max, min, med, std, lq, uq$/,
      ],
      [
        'an unknown gap',
        () => ({ name: 'Bad', goal: 'gradual', varId: id('FI-7'), timeGap: 'PT5M' }),
        /^timeGap: must be one of PT1M, PT10M, PT1H, P1D, P1M$/,
      ],
      [
        'no metrical input',
        () => ({ name: 'Bad', goal: 'metrical', metrical: 'min', variableIdList: [] }),
        /^variableIdList: choose at least one variable$/,
      ],
      [
        `more than ${METRICAL_MAX_INPUTS} metrical inputs`,
        () => ({
          name: 'Bad',
          goal: 'metrical',
          metrical: 'min',
          variableIdList: Array.from({ length: METRICAL_MAX_INPUTS + 1 }, (_, index) => index + 1),
        }),
        /^variableIdList: must list at most 50 variables$/,
      ],
      [
        'an unknown goal',
        () => ({ ...operated(), goal: 'integral' }),
        /^goal: must be one of operated, gradual, metrical$/,
      ],
      [
        'an unknown category',
        () => ({ ...operated(), categoryId: 987659 }),
        /^categoryId: names no categorical group$/,
      ],
      ['unknown tags', () => ({ ...operated(), tags: [987660] }), /^tags: unknown tag ids: 987660$/],
      ['a body that is no object', () => '[1, 2]', /./],
    ];

    it.each(cases)('refuses %s', async (_, body, message) => {
      const sent = body();
      const response = await owner.client
        .post(BASE)
        .set('content-type', 'application/json')
        .send(typeof sent === 'string' ? sent : JSON.stringify(sent));
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 400,
        message: expect.stringMatching(message),
      });
    });

    it('refuses an aggregate naming itself: its id does not exist until it is created', async () => {
      const [next] = await sql<{ id: number }>(
        `select coalesce(max(id), 0)::int + 1 as id from variables.variable`,
      );
      const response = await owner.client
        .post(BASE)
        .send({ name: 'Self', goal: 'gradual', varId: next!.id, timeGap: 'PT1M' })
        .expect(400);
      expect(response.body.message).toBe(`varId: ${AggregateVariableMessages.unknownVariables}: ${next!.id}`);
      const stored = await sql(`select 1 from variables.aggregate_variable a join variables.variable v
        on v.id = a.variable_id where v.name = 'Self'`);
      expect(stored).toEqual([]);
    });
  });

  describe('PUT: name, unit, category and tags change; the calculation is locked', () => {
    let variable: AggregateVariableDto;
    let categoryId: number;
    beforeAll(async () => {
      variable = await create(owner.client, {
        name: uniqueName('Editable'),
        goal: 'metrical',
        metrical: 'med',
        variableIdList: [id('TI-101'), id('TI-102')],
      });
      await storeData(variable.id);
      const group = await admin
        .post('/api/web/category/')
        .send({ name: 'Alarm states', variables: [id('FI-7')], ranges: [{ value: 0, name: 'off' }] })
        .expect(201);
      categoryId = group.body.id as number;
    });

    it('changes the catalogue fields of the variable as read, keeping its data', async () => {
      const sentBack = {
        ...variable,
        name: 'Median temperature',
        unit: 'K',
        categoryId,
        tags: [{ id: lineTagId, name: 'Line 1' }],
        variableIdList: [id('TI-101'), id('TI-102')],
      };
      const updated = (await owner.client.put(BASE).send(sentBack).expect(200)).body as AggregateVariableDto;
      expect(updated).toEqual({
        ...variable,
        name: 'Median temperature',
        unit: 'K',
        categoryId,
        categorized: true,
        tags: [{ id: lineTagId, name: 'Line 1' }],
      });
      // Kept, not deleted: the rollup maintenance (every 5 s) may have recomputed the pending range into more
      // rollup rows since storeData, so their count is only known to be positive.
      const kept = await storedData(variable.id);
      expect(kept.points).toBe(3);
      expect(kept.rollups).toBeGreaterThanOrEqual(1);
      const minimal = await owner.client.get(`${BASE}${variable.id}`).expect(200);
      expect(minimal.body.name).toBe('Median temperature');
    });

    it('accepts only the catalogue fields, as a minimal body', async () => {
      const updated = await owner.client
        .put(BASE)
        .send({ id: variable.id, name: 'Median again' })
        .expect(200);
      expect(updated.body).toMatchObject({ name: 'Median again', unit: null, categoryId: null, tags: [] });
    });

    it.each([
      ['goal', 'operated'],
      ['metrical', 'mean'],
      ['variableIdList', [1]],
      ['historic', true],
      ['clientReference', 'MY-REF'],
      ['operator', '+'],
      ['varOneId', 1],
      ['varTwoId', 1],
      ['constant', 3],
      ['varId', 1],
      ['timeGap', 'PT1M'],
    ])('refuses a changed %s with 400 naming it', async (field, value) => {
      const response = await owner.client
        .put(BASE)
        .send({ id: variable.id, name: 'Renamed', [field]: value })
        .expect(400);
      expect(response.body.message).toBe(`${field}: ${AggregateVariableMessages.operandsLocked}`);
      expect((await owner.client.get(`${BASE}${variable.id}`).expect(200)).body.name).not.toBe('Renamed');
    });

    it('names every changed field of an operated variable, and takes absent ones as null', async () => {
      const operated = await create(owner.client, {
        name: uniqueName('Locked'),
        goal: 'operated',
        operator: '+',
        varOneId: id('TI-101'),
        constant: 1,
      });
      await owner.client
        .put(BASE)
        .send({ ...operated, varId: null, variableIdList: null })
        .expect(200);
      const response = await owner.client
        .put(BASE)
        .send({ ...operated, varOneId: operated.id, constant: 2 })
        .expect(400);
      expect(response.body.issues).toEqual([
        { path: 'varOneId', message: AggregateVariableMessages.operandsLocked },
        { path: 'constant', message: AggregateVariableMessages.operandsLocked },
      ]);
    });

    it('refuses an empty name, an unknown category or tag', async () => {
      const changes: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'name: The variable needs a name'],
        [{ categoryId: 987659 }, 'categoryId: names no categorical group'],
        [{ tags: [987660] }, 'tags: unknown tag ids: 987660'],
      ];
      for (const [change, message] of changes) {
        const response = await owner.client
          .put(BASE)
          .send({ id: variable.id, name: 'Named', ...change })
          .expect(400);
        expect(response.body.message).toBe(message);
      }
    });
  });

  describe('ownership and sharing (object type variable)', () => {
    let shared: AggregateVariableDto;
    beforeAll(async () => {
      shared = await create(owner.client, {
        name: uniqueName('Shared'),
        goal: 'gradual',
        varId: id('TI-101'),
        timeGap: 'PT10M',
      });
    });

    it('does not exist for a colleague it is not shared with', async () => {
      await colleague.client.get(`${BASE}${shared.id}`).expect(404);
      const listed = (await colleague.client.get(BASE).expect(200)).body as AggregateVariableDto[];
      expect(listed.map((variable) => variable.id)).not.toContain(shared.id);
      await colleague.client.put(BASE).send({ id: shared.id, name: 'Mine now' }).expect(404);
      await colleague.client.delete(BASE).query({ id: shared.id }).expect(404);
    });

    it('is read by a colleague after a read share, who may not change or delete it', async () => {
      await owner.client
        .put(`/api/web/permission/variable/${shared.id}/read/user/${colleague.id}`)
        .expect(200);
      const read = (await colleague.client.get(`${BASE}${shared.id}`).expect(200))
        .body as AggregateVariableDto;
      expect(read).toMatchObject({
        id: shared.id,
        owner: 'aggregator',
        canEdit: false,
        canDelete: false,
        canShare: false,
      });
      const listed = (await colleague.client.get(BASE).expect(200)).body as AggregateVariableDto[];
      expect(listed.map((variable) => variable.id)).toContain(shared.id);
      const rename = await colleague.client.put(BASE).send({ id: shared.id, name: 'Mine now' }).expect(403);
      expect(rename.body.message).toBe(AggregateVariableMessages.editForbidden);
      const remove = await colleague.client.delete(BASE).query({ id: shared.id }).expect(403);
      expect(remove.body.message).toBe(AggregateVariableMessages.deleteForbidden);
    });

    it('is renamed by a colleague with edit, who still may not delete it; an administrator may', async () => {
      await owner.client
        .put(`/api/web/permission/variable/${shared.id}/edit/user/${colleague.id}`)
        .expect(200);
      const renamed = await colleague.client
        .put(BASE)
        .send({ id: shared.id, name: 'Renamed by colleague' })
        .expect(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed by colleague', canEdit: true, canDelete: false });
      await colleague.client.delete(BASE).query({ id: shared.id }).expect(403);
      const seenByAdmin = await admin.get(`${BASE}${shared.id}`).expect(200);
      expect(seenByAdmin.body).toMatchObject({ canEdit: true, canDelete: true, canShare: true });
      await admin.delete(BASE).query({ id: shared.id }).expect(204);
      await owner.client.get(`${BASE}${shared.id}`).expect(404);
      const acl = await sql(
        `select object_id from identity.object_permission where object_type = 'variable' and object_id = $1
         union all
         select object_id from identity.object_owner where object_type = 'variable' and object_id = $1`,
        [shared.id],
      );
      expect(acl).toEqual([]);
    });

    it('refuses users without the AggregateVariable feature', async () => {
      const explorer = await createMember(app, admin, 'explorer', { flags: { explorer: true } });
      await explorer.client.get(BASE).expect(403);
      await explorer.client.post(BASE).send({}).expect(403);
    });
  });

  describe('delete', () => {
    const service = () => request(app.getHttpServer());

    it('is blocked while an aggregate and a rule read the variable, and removes it with its data after', async () => {
      const base = await create(owner.client, {
        name: uniqueName('Base'),
        goal: 'operated',
        operator: '-',
        varOneId: id('TI-101'),
        varTwoId: id('TI-102'),
      });
      await storeData(base.id);
      expect(await storedData(base.id)).toEqual({ points: 3, rollups: 1, pending: 1, cached: 1 });
      const reader = await create(owner.client, {
        name: uniqueName('Reader'),
        goal: 'gradual',
        varId: base.id,
        timeGap: 'P1D',
      });
      const rules = (
        await admin
          .post('/api/web/rules-incidence')
          .send([{ name: 'Drop too high', operator: '>', varOneIds: [base.id], constant: 5 }])
          .expect(201)
      ).body as RuleIncidenceDto[];
      const rule = rules[0]!;

      const blocked = await owner.client.delete(BASE).query({ id: base.id }).expect(409);
      expect(blocked.body).toEqual<AggregateDependenciesDto>({
        statusCode: 409,
        error: 'Conflict',
        message: AggregateVariableMessages.dependencies,
        variables: [{ id: reader.id, name: reader.name }],
        rules: [{ id: rule.id, name: rule.name }],
      });

      await owner.client.delete(BASE).query({ id: reader.id }).expect(204);
      const stillRead = await owner.client.delete(BASE).query({ id: base.id }).expect(409);
      expect(stillRead.body).toMatchObject({ variables: [], rules: [{ id: rule.id, name: rule.name }] });
      expect(await storedData(base.id)).toMatchObject({ points: 3 });

      await admin.delete('/api/web/rules-incidence').query({ id: rule.id }).expect(204);
      await owner.client.delete(BASE).query({ id: base.id }).expect(204);
      await owner.client.get(`${BASE}${base.id}`).expect(404);
      expect(await storedData(base.id)).toEqual({ points: 0, rollups: 0, pending: 0, cached: 0 });
      expect(await sql(`select 1 from variables.variable where id = $1`, [base.id])).toEqual([]);
      // Other variables' data stays.
      expect((await storedData(id('TI-101'))).cached).toBeGreaterThan(0);
      await owner.client.delete(BASE).query({ id: base.id }).expect(404);
    });

    it('never deletes a raw variable', async () => {
      await admin
        .delete(BASE)
        .query({ id: id('TI-102') })
        .expect(404);
      expect(await sql(`select 1 from variables.variable where id = $1`, [id('TI-102')])).toHaveLength(1);
    });

    it('asks the rules service with the service token; users need Admin', async () => {
      const answer = await service()
        .get('/api/web/rule/by-variables')
        .query({ ids: `${id('FI-7')},${id('TI-101')}` })
        .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
        .expect(200);
      expect(answer.body).toEqual<RuleReferenceDto[]>([]);
      const rule = (
        await admin
          .post('/api/web/rules-incidence')
          .send([
            {
              name: 'Flow versus inlet',
              formula: JSON.stringify({ operator: '<', varOneId: id('FI-7'), varTwoId: id('TI-101') }),
            },
          ])
          .expect(201)
      ).body[0] as RuleIncidenceDto;
      const found = await admin
        .get('/api/web/rule/by-variables')
        .query({ ids: String(id('TI-101')) })
        .expect(200);
      expect(found.body).toEqual([{ id: rule.id, name: rule.name, variableIds: [id('FI-7'), id('TI-101')] }]);
      await owner.client.get('/api/web/rule/by-variables').query({ ids: '1' }).expect(403);
      const bad = await admin.get('/api/web/rule/by-variables').query({ ids: 'a,b' }).expect(400);
      expect(bad.body.message).toMatch(/^ids: /);
    });
  });
});

describe('aggregate variables with the rules service unreachable', () => {
  let app: NestFastifyApplication;
  afterAll(() => app?.close());

  it('refuses the delete with 503 and keeps the variable', async () => {
    // Port 9 (discard) is closed on test machines: the connection is refused at once.
    app = await startTestApp('aggregate-variables-no-rules', [IdentityModule, VariablesModule], {
      RULES_URL: 'http://127.0.0.1:9',
    });
    const admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const declared = await admin
      .post('/api/web/variable/raw/declare')
      .send({ variables: [{ clientReference: 'PI-1', name: 'Pressure', unit: 'bar' }] })
      .expect(201);
    const created = await admin
      .post(BASE)
      .send({
        name: 'Doubled',
        goal: 'operated',
        operator: '*',
        varOneId: declared.body.variables[0].id,
        constant: 2,
      })
      .expect(201);
    const refused = await admin.delete(BASE).query({ id: created.body.id }).expect(503);
    expect(refused.body.message).toMatch(/^The rules service is not reachable/);
    await admin.get(`${BASE}${created.body.id}`).expect(200);
  }, 60_000);
});
