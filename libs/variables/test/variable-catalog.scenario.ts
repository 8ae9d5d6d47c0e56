// The variable pickers and tables (minimal, search, tagged, exists, page), the tag tree and tagging by declaration,
// written once and run on PGlite (`npm test`) and on PostgreSQL (integration suite).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Authorities,
  VARIABLE_SEARCH_LIMIT,
  type TagTreeNodeDto,
  type VariableMinimalDto,
  type VariablePageDto,
} from '@plantlens/contracts';
import { AccessTokenService, AuthKeys, Database, type PlatformConfig } from '@plantlens/platform';
import request from 'supertest';
import { declareVariables, prefixed, tagIdsByPath, type TestVariable } from './catalog-fixtures';
import { explorerHeaders, startVariablesService } from './measurement-pipeline.scenario';

const PLANT: TestVariable[] = [
  { name: 'cdu_feed_flow', label: 'CDU feed flow', unit: 'm3/h', tags: ['Area/CDU', 'Measurement/Flow'] },
  {
    name: 'cdu_top_temperature',
    label: 'CDU top temperature',
    unit: '°C',
    tags: ['Area/CDU', 'Measurement/Temperature'],
  },
  { name: 'cdu_drum_level', label: 'CDU drum level', unit: '%', tags: ['Area/CDU', 'Measurement/Level'] },
  {
    name: 'dcu_drum_a_pressure',
    label: 'DCU drum A pressure',
    unit: 'bar',
    tags: ['Area/DCU/Drum A', 'Measurement/Pressure'],
  },
  {
    name: 'dcu_drum_a_temperature',
    label: 'DCU drum A temperature',
    unit: '°C',
    tags: ['Area/DCU/Drum A', 'Measurement/Temperature'],
  },
  { name: 'dcu_feed_flow', label: 'DCU feed flow', unit: 'm3/h', tags: ['Area/DCU', 'Measurement/Flow'] },
  { name: 'lab_density', label: 'Lab density', unit: 'kg/m3' },
];

// 35 variables whose names sort the other way round from their references, units kg, bar and none.
const BULK_COUNT = 35;
const two = (n: number) => String(n).padStart(2, '0');
const BULK: TestVariable[] = Array.from({ length: BULK_COUNT }, (_, i) => ({
  name: `bulk_${two(i)}`,
  label: `Bulk ${two(BULK_COUNT - 1 - i)}`,
  unit: ['kg', 'bar', null][i % 3],
  tags: ['Bulk'],
}));

export function describeVariableCatalog(mode: string, configure: () => Promise<PlatformConfig>): void {
  describe(`variable catalogue (${mode})`, () => {
    const run = `cat_${process.pid}_${Date.now()}`;
    let app: NestFastifyApplication;
    let pickerHeaders: Record<string, string>;
    let adminHeaders: Record<string, string>;
    let ids: Record<string, number>;
    let tags: Map<string, number>;

    beforeAll(async () => {
      app = await startVariablesService(await configure());
      pickerHeaders = await explorerHeaders(app);
      const adminToken = await app
        .get(AccessTokenService)
        .issue({ id: 3, username: 'administrator', authorities: [Authorities.admin], sessionVersion: 0 });
      adminHeaders = { [AuthHeaders.authorization]: `Bearer ${adminToken}` };
      ids = await declareVariables(app, run, [...PLANT, ...BULK]);
      tags = await tagIdsByPath(app, run);
    });
    afterAll(() => app?.close());

    const get = (path: string, query: Record<string, unknown>, headers = pickerHeaders) =>
      request(app.getHttpServer()).get(path).set(headers).query(query);
    const tagId = (path: string) => {
      const id = tags.get(path);
      if (id === undefined) throw new Error(`no tag ${path} in this run`);
      return id;
    };
    const tagList = (...paths: string[]) => paths.map(tagId).join(',');
    const references = (variables: { clientReference: string }[]) =>
      variables.map((variable) => variable.clientReference.slice(run.length + 1));
    const bulk = (...numbers: number[]) => numbers.map((i) => `bulk_${two(i)}`);

    describe('declaring tags', () => {
      it('creates each tag of the declared paths once, as a tree', () => {
        expect([...tags.keys()].sort()).toEqual([
          'Area',
          'Area/CDU',
          'Area/DCU',
          'Area/DCU/Drum A',
          'Bulk',
          'Measurement',
          'Measurement/Flow',
          'Measurement/Level',
          'Measurement/Pressure',
          'Measurement/Temperature',
        ]);
      });

      it('adds the tags of a repeated declaration and keeps the ones a variable has', async () => {
        const again = await declareVariables(app, run, [
          {
            name: 'dcu_feed_flow',
            label: 'renamed',
            unit: null,
            tags: ['Measurement/Flow', 'Service/Critical'],
          },
        ]);
        expect(again.dcu_feed_flow).toBe(ids.dcu_feed_flow);
        const page = await get(
          '/api/web/variable/page',
          { tags: tagList('Area/DCU'), filter: 'feed' },
          adminHeaders,
        ).expect(200);
        const [row] = (page.body as VariablePageDto).variables;
        tags = await tagIdsByPath(app, run);
        expect(row).toEqual({
          id: ids.dcu_feed_flow,
          clientReference: prefixed(run, 'dcu_feed_flow'),
          // A declaration never renames an existing variable.
          name: `${run} DCU feed flow`,
          unit: 'm3/h',
          tags: [
            { id: tagId('Service/Critical'), name: 'Critical' },
            { id: tagId('Area/DCU'), name: 'DCU' },
            { id: tagId('Measurement/Flow'), name: 'Flow' },
          ],
          aggregate: false,
          categorized: false,
          categoryId: null,
        });
      });

      it.each([
        ['an empty tag name', 'Area//CDU', 'must be tag names separated by "/", none of them empty'],
        ['a comma', 'Area/CDU,DCU', 'tag names must not contain ","'],
        ['a name over 100 characters', `Area/${'x'.repeat(101)}`, 'tag names must be at most 100 characters'],
      ])('refuses a tag path with %s', async (_, path, message) => {
        const response = await request(app.getHttpServer())
          .post('/api/web/variable/raw/declare')
          .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
          .send({
            variables: [{ clientReference: prefixed(run, 'bad'), name: 'bad', unit: null, tags: [path] }],
          })
          .expect(400);
        expect(response.body.message).toBe(`variables.0.tags.0: ${message}`);
      });
    });

    describe('GET /api/web/tag/tree', () => {
      it('answers the tags as a tree, siblings by name', async () => {
        const response = await get('/api/web/tag/tree', {}).expect(200);
        // Other runs on a shared database have roots of their own: this run's start with its prefix.
        const ours = (response.body as TagTreeNodeDto[]).filter(({ name }) => name.startsWith(`${run} `));
        const node = (path: string, children: TagTreeNodeDto[] = []) => ({
          id: tagId(path),
          name: path.includes('/') ? path.slice(path.lastIndexOf('/') + 1) : `${run} ${path}`,
          children,
        });
        expect(ours).toEqual([
          node('Area', [node('Area/CDU'), node('Area/DCU', [node('Area/DCU/Drum A')])]),
          node('Bulk'),
          node('Measurement', [
            node('Measurement/Flow'),
            node('Measurement/Level'),
            node('Measurement/Pressure'),
            node('Measurement/Temperature'),
          ]),
          node('Service', [node('Service/Critical')]),
        ]);
      });
    });

    describe('GET /api/web/variable/minimal', () => {
      it('answers the variables in the order asked, leaving out unknown ids', async () => {
        const response = await get('/api/web/variable/minimal', {
          ids: `${ids.lab_density},999999,${ids.cdu_feed_flow}`,
        }).expect(200);
        expect(response.body as VariableMinimalDto[]).toEqual([
          {
            id: ids.lab_density,
            label: `${run} Lab density`,
            unit: 'kg/m3',
            categoryId: null,
            clientReference: prefixed(run, 'lab_density'),
          },
          {
            id: ids.cdu_feed_flow,
            label: `${run} CDU feed flow`,
            unit: 'm3/h',
            categoryId: null,
            clientReference: prefixed(run, 'cdu_feed_flow'),
          },
        ]);
      });

      it.each([
        [Authorities.explorer, 200],
        [Authorities.ampoCurrentStatus, 200],
        [Authorities.incidence, 200],
        [Authorities.aggregateVar, 200],
        [Authorities.product, 200],
        [Authorities.query, 403],
      ])('answers a holder of %s with %s', async (authority, status) => {
        const token = await app
          .get(AccessTokenService)
          .issue({ id: 4, username: 'someone', authorities: [authority], sessionVersion: 0 });
        await get(
          '/api/web/variable/minimal',
          { ids: String(ids.lab_density) },
          { [AuthHeaders.authorization]: `Bearer ${token}` },
        ).expect(status);
      });

      it.each([
        [{}, 'ids: is required (comma-separated variable ids)'],
        [{ ids: '1,two' }, 'ids: must be a comma-separated list of positive integer ids'],
      ])('answers 400 for %o', async (query, message) => {
        expect((await get('/api/web/variable/minimal', query).expect(400)).body.message).toBe(message);
      });
    });

    describe('GET /api/web/variable/minimal/search', () => {
      const search = async (text: string, ...tagPaths: string[]) =>
        (await get('/api/web/variable/minimal/search', { text, tags: tagList(...tagPaths) }).expect(200))
          .body as VariableMinimalDto[];

      it('matches the text anywhere in reference, name or unit, in any case, sorted by name', async () => {
        expect(references(await search('TEMPERATURE', 'Area'))).toEqual([
          'cdu_top_temperature',
          'dcu_drum_a_temperature',
        ]);
        expect(references(await search('drum a', 'Area'))).toEqual([
          'dcu_drum_a_pressure',
          'dcu_drum_a_temperature',
        ]);
        expect(references(await search('°c', 'Area'))).toEqual([
          'cdu_top_temperature',
          'dcu_drum_a_temperature',
        ]);
      });

      it('takes % and _ literally', async () => {
        expect(references(await search('%', 'Area'))).toEqual(['cdu_drum_level']);
        expect(references(await search('_a_', 'Area'))).toEqual([
          'dcu_drum_a_pressure',
          'dcu_drum_a_temperature',
        ]);
      });

      it(`answers at most ${VARIABLE_SEARCH_LIMIT} variables, each with the total of matches`, async () => {
        const found = await search('', 'Bulk');
        expect(found).toHaveLength(VARIABLE_SEARCH_LIMIT);
        expect(found.every((variable) => variable.totalRows === BULK_COUNT)).toBe(true);
        // By name: "Bulk 00" is bulk_34.
        expect(references(found.slice(0, 2))).toEqual(bulk(34, 33));
        const everything = await search(run);
        expect(everything[0]!.totalRows).toBe(PLANT.length + BULK_COUNT);
      });

      it('answers an empty list when nothing matches', async () => {
        expect(await search(`${run} nothing like this`)).toEqual([]);
      });

      it.each([
        ['malformed tags', { tags: 'x' }, 'tags: must be a comma-separated list of integer tag ids'],
        ['a text over 200 characters', { text: 'x'.repeat(201) }, 'text: must be at most 200 characters'],
      ])('answers 400 for %s', async (_, query, message) => {
        expect((await get('/api/web/variable/minimal/search', query).expect(400)).body.message).toBe(message);
      });
    });

    describe('GET /api/web/variable/minimal/tagged', () => {
      const tagged = async (tagPaths: string[], filter?: string) =>
        references(
          (await get('/api/web/variable/minimal/tagged', { tags: tagList(...tagPaths), filter }).expect(200))
            .body as VariableMinimalDto[],
        );

      it('matches a tag through its descendants', async () => {
        expect(await tagged(['Area/DCU'])).toEqual([
          'dcu_drum_a_pressure',
          'dcu_drum_a_temperature',
          'dcu_feed_flow',
        ]);
        expect(await tagged(['Area'])).toEqual([
          'cdu_drum_level',
          'cdu_feed_flow',
          'cdu_top_temperature',
          'dcu_drum_a_pressure',
          'dcu_drum_a_temperature',
          'dcu_feed_flow',
        ]);
      });

      it('requires every root and accepts any tag under one root', async () => {
        expect(await tagged(['Area/DCU', 'Measurement/Temperature'])).toEqual(['dcu_drum_a_temperature']);
        expect(await tagged(['Area/CDU', 'Area/DCU/Drum A'])).toEqual([
          'cdu_drum_level',
          'cdu_feed_flow',
          'cdu_top_temperature',
          'dcu_drum_a_pressure',
          'dcu_drum_a_temperature',
        ]);
        expect(await tagged(['Measurement/Flow', 'Measurement/Level'])).toEqual([
          'cdu_drum_level',
          'cdu_feed_flow',
          'dcu_feed_flow',
        ]);
      });

      it('narrows by the filter text and matches nothing for an unknown tag', async () => {
        expect(await tagged(['Area'], 'FLOW')).toEqual(['cdu_feed_flow', 'dcu_feed_flow']);
        const unknownTag = 2_147_483_647;
        const response = await get('/api/web/variable/minimal/tagged', {
          tags: `${tagId('Area')},${unknownTag}`,
        });
        expect(response.body).toEqual([]);
      });

      it('answers 400 without tags', async () => {
        const response = await get('/api/web/variable/minimal/tagged', { filter: 'flow' }).expect(400);
        expect(response.body.message).toBe('tags: must list at least one tag id');
      });
    });

    describe('GET /api/web/variable/minimal/tagged/exists', () => {
      it('tells whether any variable carries the tags or their descendants', async () => {
        const [empty] = await app
          .get(Database)
          .kysely.insertInto('variables.tag')
          .values({ name: 'Unused', parent_id: tagId('Area') })
          .returning('id')
          .execute();
        const exists = async (tagIds: string) =>
          (await get('/api/web/variable/minimal/tagged/exists', { tags: tagIds }).expect(200)).body;
        expect(await exists(tagList('Area'))).toBe(true);
        expect(await exists(tagList('Area/DCU', 'Measurement/Level'))).toBe(false);
        expect(await exists(String(empty.id))).toBe(false);
        expect(await exists('2147483647')).toBe(false);
      });

      it('answers 400 without tags', async () => {
        const response = await get('/api/web/variable/minimal/tagged/exists', {}).expect(400);
        expect(response.body.message).toBe('tags: must list at least one tag id');
      });
    });

    describe('GET /api/web/variable/page', () => {
      const page = async (query: Record<string, unknown>) =>
        (await get('/api/web/variable/page', { tags: tagList('Bulk'), ...query }, adminHeaders).expect(200))
          .body as VariablePageDto;

      it('pages by 10, by reference ascending unless told otherwise', async () => {
        const first = await page({});
        expect(references(first.variables)).toEqual(bulk(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
        expect({ ...first, variables: undefined }).toEqual({
          variables: undefined,
          totalPages: 4,
          currentPage: 1,
          count: BULK_COUNT,
        });
        const last = await page({ page: 4 });
        expect(references(last.variables)).toEqual(bulk(30, 31, 32, 33, 34));
        const beyond = await page({ page: 5 });
        expect(beyond).toEqual({ variables: [], totalPages: 4, currentPage: 5, count: BULK_COUNT });
      });

      it('sorts by name, reference or unit in either direction', async () => {
        expect(references((await page({ orderField: 'name' })).variables).slice(0, 3)).toEqual(
          bulk(34, 33, 32),
        );
        expect(references((await page({ orderField: 'name', order: 'desc' })).variables).slice(0, 3)).toEqual(
          bulk(0, 1, 2),
        );
        expect(references((await page({ order: 'desc' })).variables).slice(0, 3)).toEqual(bulk(34, 33, 32));
        // Units: bar (1, 4, … 34), then kg (0, 3, … 33), then none; equal units by id.
        const byUnit = await page({ orderField: 'unit', page: 2 });
        expect(references(byUnit.variables)).toEqual(bulk(31, 34, 0, 3, 6, 9, 12, 15, 18, 21));
      });

      it('filters by text in reference, name or unit, literally, and by tags', async () => {
        const underscore = await page({ filter: 'BULK_0' });
        expect(underscore.count).toBe(10);
        expect(references(underscore.variables)).toEqual(bulk(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
        expect((await page({ filter: 'kg' })).count).toBe(12);
        const area = await page({ tags: tagList('Area/CDU') });
        expect(references(area.variables)).toEqual([
          'cdu_drum_level',
          'cdu_feed_flow',
          'cdu_top_temperature',
        ]);
        expect(area.totalPages).toBe(1);
      });

      it.each([
        [{ page: 0 }, 'page: must be a page number (1, 2, …)'],
        [{ page: 'two' }, 'page: must be a page number (1, 2, …)'],
        [{ orderField: 'createdAt' }, 'orderField: must be one of clientReference, name, unit'],
        [{ order: 'up' }, 'order: must be asc or desc'],
        [{ tags: '1;2' }, 'tags: must be a comma-separated list of integer tag ids'],
      ])('answers 400 for %o', async (query, message) => {
        const response = await get('/api/web/variable/page', query, adminHeaders).expect(400);
        expect(response.body.message).toBe(message);
      });

      it('is for administrators of variables, not for explorers', async () => {
        await get('/api/web/variable/page', {}, pickerHeaders).expect(403);
      });
    });
  });
}
