// The raw variable editor and the categorical variable groups (spec part 1 §3, §5, §7) over real HTTP,
// and the category sets of correlation-data (part 2 §3). Decisions (libs/variables/README.md):
//   - a variable belongs to at most one group: naming a variable of another group is a 409;
//   - writing or deleting a group sets or clears variables' categoryId;
//   - the client reference of a raw variable never changes; system tags (negative ids) stay as they are.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  CATEGORY_COLOURS,
  CategoryMessages,
  DEFAULT_CATEGORY_COLOUR,
  RawVariableMessages,
  type CategoryGroupDto,
  type CorrelationDataDto,
  type RawVariableDeclareResponseDto,
  type RawVariableDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { Database } from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const START_MS = Date.UTC(2026, 0, 1);

describe('raw variables and categorical groups', () => {
  let app: NestFastifyApplication;
  let superAdmin: ApiClient;
  let admin: ApiClient;
  let explorer: ApiClient;
  let plain: ApiClient;
  let ids: Record<'pump' | 'valve' | 'flow' | 'pressure' | 'level', number>;
  let tagIds: { area: number; pumps: number };

  const rawVariable = async (id: number) =>
    (await admin.get('/api/web/raw-variables/').query({ id }).expect(200)).body as RawVariableDto;

  const createGroup = async (body: object) => {
    const response = await admin.post('/api/web/category/').send(body);
    expect(response.status).toBe(201);
    return response.body as CategoryGroupDto;
  };

  beforeAll(async () => {
    app = await startTestApp('categories-test', [IdentityModule, VariablesModule]);
    superAdmin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    admin = (await createMember(app, superAdmin, 'user.admin', { admin: true })).client;
    explorer = (await createMember(app, superAdmin, 'user.explorer', { flags: { explorer: true } })).client;
    plain = (await createMember(app, superAdmin, 'user.plain')).client;
    const declared = await superAdmin
      .post('/api/web/variable/raw/declare')
      .send({
        variables: [
          { clientReference: 'pump_state', name: 'Pump state', unit: null, tags: ['Area/Pumps'] },
          { clientReference: 'valve_mode', name: 'Valve mode', unit: null },
          { clientReference: 'flow', name: 'Flow', unit: 'm3/h' },
          { clientReference: 'pressure', name: 'Pressure', unit: 'bar' },
          { clientReference: 'level', name: 'Level', unit: '%' },
        ],
      })
      .expect(201);
    const byReference = new Map(
      (declared.body as RawVariableDeclareResponseDto).variables.map((v) => [v.clientReference, v.id]),
    );
    const id = (reference: string) => byReference.get(reference) ?? Number.NaN;
    ids = {
      pump: id('pump_state'),
      valve: id('valve_mode'),
      flow: id('flow'),
      pressure: id('pressure'),
      level: id('level'),
    };
    const tree = (await superAdmin.get('/api/web/tag/tree').expect(200)).body as {
      id: number;
      children: { id: number }[];
    }[];
    tagIds = { area: tree[0]!.id, pumps: tree[0]!.children[0]!.id };
    // One point a minute for an hour: the pump is off (0) then on (1).
    const points = Array.from({ length: 60 }, (_, minute) => minute);
    await (app.get(Database).kysely as import('kysely').Kysely<Record<string, unknown>>)
      .insertInto('variables.measurement')
      .values(
        points.flatMap((minute) => [
          { variable_id: ids.flow, ts: new Date(START_MS + minute * 60_000), value: minute },
          { variable_id: ids.pressure, ts: new Date(START_MS + minute * 60_000), value: 2 * minute },
          { variable_id: ids.pump, ts: new Date(START_MS + minute * 60_000), value: minute < 30 ? 0 : 1 },
        ]),
      )
      .execute();
  }, 60_000);
  afterAll(() => app?.close());

  describe('GET /api/web/raw-variables/', () => {
    it('answers the editor fields: name, unit, read-only reference, tags and category', async () => {
      expect(await rawVariable(ids.pump)).toEqual({
        id: ids.pump,
        name: 'Pump state',
        unit: null,
        clientReference: 'pump_state',
        tags: [{ id: tagIds.pumps, name: 'Pumps' }],
        categoryId: null,
      });
    });

    it('answers 404 for an unknown variable and 400 naming a bad id', async () => {
      const unknown = await admin.get('/api/web/raw-variables/').query({ id: 999_999 }).expect(404);
      expect(unknown.body.message).toBe(RawVariableMessages.notFound);
      const bad = await admin.get('/api/web/raw-variables/').query({ id: 'x' }).expect(400);
      expect(bad.body.message).toBe('id: must be a positive integer id');
      // Ids live in PostgreSQL integer columns: the largest names nothing, one more is no id at all.
      await admin
        .get('/api/web/raw-variables/')
        .query({ id: 2 ** 31 - 1 })
        .expect(404);
      const beyond = await admin
        .get('/api/web/raw-variables/')
        .query({ id: 2 ** 31 })
        .expect(400);
      expect(beyond.body.message).toBe('id: must be at most 2147483647');
    });

    it('is refused without RawVariable or Admin', async () => {
      await plain.get('/api/web/raw-variables/').query({ id: ids.pump }).expect(403);
      await explorer.get('/api/web/raw-variables/').query({ id: ids.pump }).expect(403);
      await superAdmin.get('/api/web/raw-variables/').query({ id: ids.pump }).expect(200);
    });
  });

  describe('PUT /api/web/raw-variables/', () => {
    it('saves name (trimmed), unit, tags and category, and answers the variable as stored', async () => {
      const group = await createGroup({
        name: 'Levels',
        variables: [ids.pressure],
        ranges: [{ value: 1, name: 'High' }],
      });
      const sent = { ...(await rawVariable(ids.level)) };
      const saved = await admin
        .put('/api/web/raw-variables/')
        .send({
          ...sent,
          name: '  Tank level ',
          unit: '',
          tags: [tagIds.area, { id: tagIds.pumps, name: 'Pumps' }],
          categoryId: group.id,
        })
        .expect(200);
      expect(saved.body).toEqual({
        id: ids.level,
        name: 'Tank level',
        unit: null,
        clientReference: 'level',
        tags: [
          { id: tagIds.area, name: 'Area' },
          { id: tagIds.pumps, name: 'Pumps' },
        ],
        categoryId: group.id,
      });
      expect(await rawVariable(ids.level)).toEqual(saved.body);
      // Removing tags and the category.
      await admin
        .put('/api/web/raw-variables/')
        .send({ id: ids.level, name: 'Level', unit: '%', tags: [], categoryId: null })
        .expect(200);
      expect(await rawVariable(ids.level)).toMatchObject({
        name: 'Level',
        unit: '%',
        tags: [],
        categoryId: null,
      });
      await admin.delete('/api/web/category/').query({ id: group.id }).expect(204);
    });

    it.each([
      ['a blank name', { name: '  ' }, `name: ${RawVariableMessages.nameRequired}`],
      ['no name', { name: undefined }, `name: ${RawVariableMessages.nameRequired}`],
      [
        'another client reference',
        { clientReference: 'other' },
        `clientReference: ${RawVariableMessages.clientReferenceLocked}`,
      ],
      ['an unknown category', { categoryId: 999_999 }, `categoryId: ${RawVariableMessages.categoryNotFound}`],
      [
        'unknown tags',
        { tags: [999_998, 999_999] },
        `tags: ${RawVariableMessages.tagsNotFound}: 999998, 999999`,
      ],
      ['tags of another shape', { tags: ['Pumps'] }, 'tags.0: must be a tag id or a tag ({id, name})'],
    ])('refuses %s with a 400 naming the field', async (_case, change, message) => {
      const response = await admin
        .put('/api/web/raw-variables/')
        .send({ ...(await rawVariable(ids.valve)), ...change });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(await rawVariable(ids.valve)).toMatchObject({
        name: 'Valve mode',
        clientReference: 'valve_mode',
      });
    });

    it('accepts the same client reference sent back, and answers 404 for an unknown variable', async () => {
      await admin
        .put('/api/web/raw-variables/')
        .send({ ...(await rawVariable(ids.valve)), name: 'Valve mode' })
        .expect(200);
      const unknown = await admin.put('/api/web/raw-variables/').send({ id: 999_999, name: 'x' }).expect(404);
      expect(unknown.body.message).toBe(RawVariableMessages.notFound);
    });

    it('keeps the system tags a variable carries and refuses to add one', async () => {
      const db = app.get(Database).kysely as import('kysely').Kysely<Record<string, unknown>>;
      await db
        .insertInto('variables.tag')
        .values([
          { id: -1, name: 'Computed', parent_id: null },
          { id: -2, name: 'Imported', parent_id: null },
        ])
        .execute();
      await db.insertInto('variables.variable_tag').values({ variable_id: ids.flow, tag_id: -1 }).execute();
      const saved = await admin
        .put('/api/web/raw-variables/')
        .send({ id: ids.flow, name: 'Flow', unit: 'm3/h', tags: [tagIds.area] })
        .expect(200);
      expect((saved.body as RawVariableDto).tags.map((tag) => tag.id).sort()).toEqual(
        [-1, tagIds.area].sort(),
      );
      const refused = await admin
        .put('/api/web/raw-variables/')
        .send({ id: ids.flow, name: 'Flow', unit: 'm3/h', tags: [-2] })
        .expect(400);
      expect(refused.body.message).toBe(`tags: ${RawVariableMessages.systemTagsLocked}`);
    });

    it('is refused without RawVariable or Admin', async () => {
      await explorer.put('/api/web/raw-variables/').send({ id: ids.valve, name: 'x' }).expect(403);
      await plain.put('/api/web/raw-variables/').send({ id: ids.valve, name: 'x' }).expect(403);
    });
  });

  describe('/api/web/category/', () => {
    it("creates a group owned by its creator, sets its variables' category and lists groups by name", async () => {
      const created = await createGroup({
        name: ' Pump states ',
        variables: [ids.pump],
        ranges: [
          { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
          { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
          { value: 2, name: 'Fault' },
        ],
      });
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Pump states',
        owner: expect.stringMatching(/^user\./),
        variables: [ids.pump],
        ranges: [
          { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
          { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
          { value: 2, name: 'Fault', color: DEFAULT_CATEGORY_COLOUR },
        ],
      });
      expect((await rawVariable(ids.pump)).categoryId).toBe(created.id);
      const other = await createGroup({
        name: 'Alarms',
        variables: [ids.valve],
        ranges: [{ value: 0, name: 'None' }],
      });
      const listed = (await explorer.get('/api/web/category/').expect(200)).body as CategoryGroupDto[];
      expect(listed.map((group) => group.name)).toEqual(['Alarms', 'Pump states']);
      expect((await admin.get('/api/web/category/').query({ id: created.id }).expect(200)).body).toEqual(
        created,
      );
      await admin.delete('/api/web/category/').query({ id: other.id }).expect(204);
      await admin.delete('/api/web/category/').query({ id: created.id }).expect(204);
    });

    it.each([
      ['a blank name', { name: ' ' }, `name: ${CategoryMessages.nameRequired}`],
      ['no variable', { variables: [] }, `variables: ${CategoryMessages.variablesRequired}`],
      ['no category', { ranges: [] }, `ranges: ${CategoryMessages.rangesRequired}`],
      [
        'a value that is no number',
        { ranges: [{ value: 'one', name: 'On' }] },
        `ranges.0.value: ${CategoryMessages.rangeValueNumber}`,
      ],
      [
        'a category without name',
        { ranges: [{ value: 1, name: ' ' }] },
        `ranges.0.name: ${CategoryMessages.rangeNameRequired}`,
      ],
      [
        'a colour outside the presets',
        { ranges: [{ value: 1, name: 'On', color: '#123456' }] },
        `ranges.0.color: ${CategoryMessages.colour}`,
      ],
      [
        'a value twice',
        {
          ranges: [
            { value: 1, name: 'On' },
            { value: 1, name: 'Up' },
          ],
        },
        `ranges: ${CategoryMessages.rangeValueRepeated}`,
      ],
    ])('refuses %s with a 400 naming the field (part 1 §5)', async (_case, change, message) => {
      const response = await admin
        .post('/api/web/category/')
        .send({ name: 'Valid', variables: [ids.valve], ranges: [{ value: 1, name: 'On' }], ...change });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('answers 409 for a name taken (any case) and for a variable of another group, 404 for unknown variables', async () => {
      const pumps = await createGroup({
        name: 'Pumps',
        variables: [ids.pump],
        ranges: [{ value: 1, name: 'On' }],
      });
      const sameName = await admin
        .post('/api/web/category/')
        .send({ name: 'PUMPS', variables: [ids.valve], ranges: [{ value: 1, name: 'On' }] })
        .expect(409);
      expect(sameName.body.message).toBe(CategoryMessages.nameTaken);
      const taken = await admin
        .post('/api/web/category/')
        .send({ name: 'Valves', variables: [ids.valve, ids.pump], ranges: [{ value: 1, name: 'On' }] })
        .expect(409);
      expect(taken.body.message).toBe(
        `${CategoryMessages.variablesInOtherGroup}: variable ${ids.pump} is in "Pumps"`,
      );
      const unknown = await admin
        .post('/api/web/category/')
        .send({ name: 'Valves', variables: [ids.valve, 999_999], ranges: [{ value: 1, name: 'On' }] })
        .expect(404);
      expect(unknown.body.message).toBe(`${CategoryMessages.variablesNotFound}: 999999`);
      // Nothing of the refused writes was kept.
      expect((await rawVariable(ids.valve)).categoryId).toBeNull();
      expect(
        ((await admin.get('/api/web/category/').expect(200)).body as CategoryGroupDto[]).map((g) => g.name),
      ).toEqual(['Pumps']);
      await admin.delete('/api/web/category/').query({ id: pumps.id }).expect(204);
    });

    it('replaces a group with PUT: variables left out lose their category, and DELETE clears them all', async () => {
      const group = await createGroup({
        name: 'Modes',
        variables: [ids.pump, ids.valve],
        ranges: [{ value: 1, name: 'On' }],
      });
      const updated = await admin
        .put('/api/web/category/')
        .send({
          ...group,
          name: 'Operating modes',
          variables: [ids.valve],
          ranges: [{ value: 3, name: 'Auto', color: CATEGORY_COLOURS.cyan }],
        })
        .expect(200);
      expect(updated.body).toEqual({
        ...group,
        name: 'Operating modes',
        variables: [ids.valve],
        ranges: [{ value: 3, name: 'Auto', color: CATEGORY_COLOURS.cyan }],
      });
      expect((await rawVariable(ids.pump)).categoryId).toBeNull();
      expect((await rawVariable(ids.valve)).categoryId).toBe(group.id);
      // Its own name again is no conflict.
      await admin.put('/api/web/category/').send(updated.body).expect(200);
      await admin.delete('/api/web/category/').query({ id: group.id }).expect(204);
      expect((await rawVariable(ids.valve)).categoryId).toBeNull();
      const gone = await admin.delete('/api/web/category/').query({ id: group.id }).expect(404);
      expect(gone.body.message).toBe(CategoryMessages.notFound);
      await admin.put('/api/web/category/').send(updated.body).expect(404);
      await admin.get('/api/web/category/').query({ id: group.id }).expect(404);
    });

    it('lets Explore and RawVariable read, and Admin alone write', async () => {
      await plain.get('/api/web/category/').expect(403);
      await explorer.get('/api/web/category/').expect(200);
      const body = { name: 'Refused', variables: [ids.valve], ranges: [{ value: 1, name: 'On' }] };
      await explorer.post('/api/web/category/').send(body).expect(403);
      await explorer
        .put('/api/web/category/')
        .send({ id: 1, ...body })
        .expect(403);
      await explorer.delete('/api/web/category/').query({ id: 1 }).expect(403);
    });
  });

  describe('GET /api/web/explorer/correlation-data category sets', () => {
    const correlation = async (variableIds: number[]) =>
      (
        await explorer
          .get('/api/web/explorer/correlation-data')
          .query({ variableIds: variableIds.join(','), startDate: START_MS, endDate: START_MS + 3_600_000 })
          .expect(200)
      ).body as CorrelationDataDto;

    it('carries one set per group of the requested variables, with its ranges', async () => {
      expect((await correlation([ids.flow, ids.pressure, ids.pump])).categorySets).toEqual([]);
      const group = await createGroup({
        name: 'Pump on/off',
        variables: [ids.pump, ids.valve],
        ranges: [
          { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
          { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
        ],
      });
      const answer = await correlation([ids.flow, ids.pressure, ids.pump]);
      expect(answer.variables.map((series) => series.data.length)).toEqual([60, 60, 60]);
      expect(answer.categorySets).toEqual([
        {
          id: group.id,
          name: 'Pump on/off',
          variables: [ids.pump],
          ranges: [
            { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
            { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
          ],
        },
      ]);
      await admin.delete('/api/web/category/').query({ id: group.id }).expect(204);
    });
  });
});
