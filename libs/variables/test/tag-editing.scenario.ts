// Editing the tag tree and tagging variables (PUT/DELETE /api/web/tag/, tag/add, tag/remove) and the origin
// filter of the variable page, written once and run on PGlite (`npm test`) and on PostgreSQL (integration).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Authorities,
  TagMessages,
  type TagConfirmationDto,
  type TagTreeChangedDto,
  type TagTreeNodeDto,
  type TagTreeNodeInput,
  type VariablePageDto,
} from '@plantlens/contracts';
import { AccessTokenService, Database, type PlatformConfig } from '@plantlens/platform';
import request from 'supertest';
import { declareVariables, tagIdsByPath, type TestVariable } from './catalog-fixtures';
import { explorerHeaders, startVariablesService } from './measurement-pipeline.scenario';

const VARIABLES: TestVariable[] = [
  { name: 'feed_flow', tags: ['Area/Coker', 'Kind/Flow'] },
  { name: 'feed_temperature', tags: ['Area/Coker', 'Kind/Temperature'] },
  { name: 'drum_level', tags: ['Area/Coker/Drum', 'Kind/Level'] },
  { name: 'lab_density', tags: [] },
];

type Tree = TagTreeNodeInput[];

export function describeTagEditing(mode: string, configure: () => Promise<PlatformConfig>): void {
  describe(`tag editing (${mode})`, () => {
    const run = `tags_${process.pid}_${Date.now()}`;
    // Locked system tags have negative ids; this run's is unlikely to meet another run's.
    const systemTagId = -(1 + Math.floor(Math.random() * 2_000_000_000));
    let app: NestFastifyApplication;
    let adminHeaders: Record<string, string>;
    let explorer: Record<string, string>;
    let ids: Record<string, number>;
    let tags: Map<string, number>;

    beforeAll(async () => {
      app = await startVariablesService(await configure());
      explorer = await explorerHeaders(app);
      const token = await app
        .get(AccessTokenService)
        .issue({ id: 3, username: 'administrator', authorities: [Authorities.admin], sessionVersion: 0 });
      adminHeaders = { [AuthHeaders.authorization]: `Bearer ${token}` };
      ids = await declareVariables(app, run, VARIABLES);
      await app
        .get(Database)
        .kysely.insertInto('variables.tag')
        .values({ id: systemTagId, name: `${run} System`, parent_id: null })
        .execute();
      tags = await tagIdsByPath(app, run);
    });
    afterAll(() => app?.close());

    const http = () => request(app.getHttpServer());
    const tagId = (path: string) => {
      const id = tags.get(path);
      if (id === undefined) throw new Error(`no tag ${path} in this run`);
      return id;
    };
    const getTree = async () =>
      (await http().get('/api/web/tag/tree').set(explorer).expect(200)).body as TagTreeNodeDto[];
    const putTree = (tree: Tree, query: Record<string, string> = {}) =>
      http().put('/api/web/tag/').set(adminHeaders).query(query).send(tree);
    const deleteTags = (nodes: Tree, query: Record<string, string> = {}) =>
      http().delete('/api/web/tag/').set(adminHeaders).query(query).send(nodes);
    const assign = (action: 'add' | 'remove', body: object, headers = adminHeaders) =>
      http().put(`/api/web/tag/${action}/`).set(headers).send(body);
    // The stored tree with `edit` applied to this run's roots (other runs' roots must be sent as they are).
    const edited = async (edit: (ours: Tree) => Tree): Promise<Tree> => {
      const tree = await getTree();
      const ours = tree.filter((node) => node.name.startsWith(`${run} `));
      return [...tree.filter((node) => !ours.includes(node)), ...edit(structuredClone(ours))];
    };
    const find = (tree: readonly TagTreeNodeDto[] | Tree, id: number): TagTreeNodeInput => {
      for (const node of tree) {
        if (node.id === id) return node;
        const inside = find(node.children, id) as TagTreeNodeInput | undefined;
        if (inside) return inside;
      }
      return undefined as unknown as TagTreeNodeInput;
    };
    const without = (nodes: Tree, id: number): Tree =>
      nodes
        .filter((node) => node.id !== id)
        .map((node) => ({ ...node, children: without(node.children, id) }));
    const tagsOf = async (variable: string) => {
      const page = await http()
        .get('/api/web/variable/page')
        .set(adminHeaders)
        .query({ filter: `${run}_${variable}` })
        .expect(200);
      return (page.body as VariablePageDto).variables[0]!.tags.map((tag) => tag.name).sort();
    };

    describe('PUT /api/web/tag/', () => {
      it('adds new tags (roots and children), renames and moves, and answers the tree', async () => {
        const tree = await edited((ours) => {
          find(ours, tagId('Kind')).children.push({ name: 'Pressure', children: [] });
          find(ours, tagId('Kind/Level')).name = '  Tank level  ';
          const drum = find(ours, tagId('Area/Coker/Drum'));
          const area = find(ours, tagId('Area'));
          find(ours, tagId('Area/Coker')).children = [];
          area.children.push(drum);
          return [...ours, { name: `${run} Service`, children: [{ name: 'Critical', children: [] }] }];
        });
        const response = await putTree(tree).expect(200);
        expect(response.body).toEqual(await getTree());
        tags = await tagIdsByPath(app, run);
        expect([...tags.keys()].sort()).toEqual([
          'Area',
          'Area/Coker',
          'Area/Drum',
          'Kind',
          'Kind/Flow',
          'Kind/Pressure',
          'Kind/Tank level',
          'Kind/Temperature',
          'Service',
          'Service/Critical',
          'System',
        ]);
        // A moved or renamed tag keeps its id, and so its variables.
        expect(await tagsOf('drum_level')).toEqual(['Drum', 'Tank level']);
      });

      it('swaps the names of two siblings', async () => {
        const flow = tagId('Kind/Flow');
        const temperature = tagId('Kind/Temperature');
        const tree = await edited((ours) => {
          find(ours, flow).name = 'Temperature';
          find(ours, temperature).name = 'Flow';
          return ours;
        });
        await putTree(tree).expect(200);
        expect(await tagsOf('feed_flow')).toEqual(['Coker', 'Temperature']);
        await putTree(
          await edited((ours) => {
            find(ours, flow).name = 'Flow';
            find(ours, temperature).name = 'Temperature';
            return ours;
          }),
        ).expect(200);
      });

      it.each<[string, (ours: Tree) => Tree, string]>([
        [
          'a tag twice (a cycle)',
          (ours) => {
            find(ours, tagId('Area/Drum')).children.push({ id: tagId('Area'), name: 'Area', children: [] });
            return ours;
          },
          `.id: ${TagMessages.repeatedId}`,
        ],
        [
          'two siblings of one name, once trimmed',
          (ours) => {
            find(ours, tagId('Kind')).children.push({ name: ' Flow ', children: [] });
            return ours;
          },
          `.name: ${TagMessages.repeatedSibling}`,
        ],
        [
          'an empty name',
          (ours) => {
            find(ours, tagId('Kind')).children.push({ name: '   ', children: [] });
            return ours;
          },
          `.name: ${TagMessages.nameNotEmpty}`,
        ],
        [
          'a comma in a name',
          (ours) => {
            find(ours, tagId('Kind/Flow')).name = 'Flow, gas';
            return ours;
          },
          `.name: ${TagMessages.nameCharacters}`,
        ],
        [
          'a name over 100 characters',
          (ours) => {
            find(ours, tagId('Kind/Flow')).name = 'x'.repeat(101);
            return ours;
          },
          `.name: ${TagMessages.nameTooLong}`,
        ],
        [
          'a renamed system tag',
          (ours) => {
            find(ours, systemTagId).name = `${run} Mine now`;
            return ours;
          },
          `: ${TagMessages.systemTagLocked}`,
        ],
        [
          'a system tag moved under another',
          (ours) => {
            const system = find(ours, systemTagId);
            const rest = without(ours, systemTagId);
            find(rest, tagId('Kind')).children.push(system);
            return rest;
          },
          `: ${TagMessages.systemTagLocked}`,
        ],
        [
          'a child under a system tag',
          (ours) => {
            find(ours, systemTagId).children.push({ name: 'Mine', children: [] });
            return ours;
          },
          `.children: ${TagMessages.systemTagParent}`,
        ],
      ])('answers 400 for %s and changes nothing', async (_, edit, message) => {
        const before = await getTree();
        const response = await putTree(await edited(edit)).expect(400);
        expect(response.body.message).toContain(message);
        expect(response.body.issues.length).toBeGreaterThan(0);
        expect(await getTree()).toEqual(before);
      });

      it('answers 400 for a tree deeper than 10 levels and for a malformed body', async () => {
        let deep: TagTreeNodeInput = { name: 'leaf', children: [] };
        for (let level = 0; level < 11; level += 1) deep = { name: `level ${level}`, children: [deep] };
        const tooDeep = await putTree(await edited((ours) => [...ours, deep])).expect(400);
        expect(tooDeep.body.message).toBe(TagMessages.tooDeep);
        const malformed = await http().put('/api/web/tag/').set(adminHeaders).send({ name: 'x' }).expect(400);
        expect(malformed.body.message).toBe('must be a list of tag nodes {id, name, children}');
        const badConfirm = await putTree(await getTree(), { confirm: 'yes' }).expect(400);
        expect(badConfirm.body.message).toBe('confirm: must be true or false');
      });

      it('answers 409 "tree changed" for a tree that misses a tag or names an unknown one', async () => {
        const missing = await putTree(
          await edited((ours) => without(ours, tagId('Service/Critical'))),
        ).expect(409);
        expect(missing.body as TagTreeChangedDto).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: TagMessages.treeChanged,
          reason: 'tree-changed',
          missing: [{ id: tagId('Service/Critical'), name: 'Critical' }],
          unknownIds: [],
        });
        const unknown = await putTree(
          await edited((ours) => [...ours, { id: 2_147_483_000, name: `${run} Gone`, children: [] }]),
        ).expect(409);
        expect(unknown.body.unknownIds).toEqual([2_147_483_000]);
      });

      it('leaves system tags out of the tree as they are', async () => {
        await putTree(await edited((ours) => without(ours, systemTagId))).expect(200);
        expect(find(await getTree(), systemTagId)).toEqual({
          id: systemTagId,
          name: `${run} System`,
          children: [],
        });
      });

      it('asks to confirm when tags in use get children, then takes them off their variables', async () => {
        const coker = tagId('Area/Coker');
        const withChild = await edited((ours) => {
          find(ours, coker).children.push({ name: 'Furnace', children: [] });
          return ours;
        });
        const asked = await putTree(withChild).expect(409);
        expect(asked.body as TagConfirmationDto).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: TagMessages.tagsBecomeCategories,
          reason: 'tags-become-categories',
          tags: [{ id: coker, name: 'Coker', variableCount: 2 }],
        });
        expect(find(await getTree(), coker).children).toEqual([]);
        expect(await tagsOf('feed_flow')).toEqual(['Coker', 'Flow']);

        await putTree(withChild, { confirm: 'true' }).expect(200);
        expect(await tagsOf('feed_flow')).toEqual(['Flow']);
        expect(await tagsOf('feed_temperature')).toEqual(['Temperature']);
        tags = await tagIdsByPath(app, run);
        expect(tags.has('Area/Coker/Furnace')).toBe(true);
      });

      it('is for administrators', async () => {
        await http().put('/api/web/tag/').set(explorer).send([]).expect(403);
      });
    });

    describe('PUT /api/web/tag/add/ and /api/web/tag/remove/', () => {
      const three = () => [ids.feed_flow, ids.feed_temperature, ids.drum_level];

      it('tags and untags every variable with every tag, idempotently', async () => {
        const critical = tagId('Service/Critical');
        const body = { variableIds: three(), tagIds: [critical] };
        expect((await assign('add', body).expect(200)).body).toEqual({ changed: 3 });
        expect((await assign('add', body).expect(200)).body).toEqual({ changed: 0 });
        const tagged = await http()
          .get('/api/web/variable/page')
          .set(adminHeaders)
          .query({ tags: String(critical) })
          .expect(200);
        expect((tagged.body as VariablePageDto).variables.map((row) => row.id).sort()).toEqual(
          three().sort(),
        );
        const one = { variableIds: [ids.feed_flow], tagIds: [critical] };
        expect((await assign('remove', one).expect(200)).body).toEqual({ changed: 1 });
        expect((await assign('remove', one).expect(200)).body).toEqual({ changed: 0 });
        expect(await tagsOf('feed_flow')).toEqual(['Flow']);
      });

      it.each([
        [{ variableIds: [], tagIds: [1] }, 400, 'variableIds: must list at least one variable'],
        [{ variableIds: [1], tagIds: [] }, 400, 'tagIds: must list at least one tag'],
        [{ variableIds: [0], tagIds: [1] }, 400, 'variableIds.0: must be a positive integer id'],
        [{ variableIds: [1], tagIds: ['x'] }, 400, 'tagIds.0: must be a tag id'],
        [{}, 400, 'variableIds: must be a list of variable ids; tagIds: must be a list of tag ids'],
      ])('answers %o with %s', async (body, status, message) => {
        for (const action of ['add', 'remove'] as const) {
          expect((await assign(action, body).expect(status)).body.message).toBe(message);
        }
      });

      it('refuses unknown ids with 404 and system tags with 400', async () => {
        for (const action of ['add', 'remove'] as const) {
          const unknownVariable = await assign(action, {
            variableIds: [ids.lab_density, 2_147_483_000],
            tagIds: [tagId('Kind')],
          }).expect(404);
          expect(unknownVariable.body.message).toBe(
            `variableIds: ${TagMessages.unknownVariables} 2147483000`,
          );
          const unknownTag = await assign(action, {
            variableIds: [ids.lab_density],
            tagIds: [2_147_483_000],
          }).expect(404);
          expect(unknownTag.body.message).toBe(`tagIds: ${TagMessages.unknownTags} 2147483000`);
          const system = await assign(action, {
            variableIds: [ids.lab_density],
            tagIds: [systemTagId],
          }).expect(400);
          expect(system.body.message).toBe(`tagIds: ${TagMessages.systemTagAssign}: ${systemTagId}`);
        }
        expect(await tagsOf('lab_density')).toEqual([]);
      });

      it('is for administrators', async () => {
        await assign('add', { variableIds: [ids.lab_density], tagIds: [tagId('Kind')] }, explorer).expect(
          403,
        );
        await assign('remove', { variableIds: [ids.lab_density], tagIds: [tagId('Kind')] }, explorer).expect(
          403,
        );
      });
    });

    describe('DELETE /api/web/tag/', () => {
      it('deletes an unused tag with its descendants and answers the tree left', async () => {
        const coker = tagId('Area/Coker');
        const response = await deleteTags([{ id: coker, name: 'Coker', children: [] }]).expect(200);
        expect(find(response.body as TagTreeNodeDto[], coker)).toBeUndefined();
        tags = await tagIdsByPath(app, run);
        expect(tags.has('Area/Coker/Furnace')).toBe(false);
      });

      it('asks to confirm when variables carry the tag or a tag under it, then untags them', async () => {
        const area = tagId('Area');
        const asked = await deleteTags([{ id: area, name: 'Area', children: [] }]).expect(409);
        expect(asked.body as TagConfirmationDto).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: TagMessages.tagsInUse,
          reason: 'tags-in-use',
          // Only drum_level still carries a tag under Area (Drum); Coker went when it became a category.
          tags: [{ id: area, name: `${run} Area`, variableCount: 1 }],
        });
        expect(find(await getTree(), area)).toBeDefined();
        await deleteTags([{ id: area, name: 'Area', children: [] }], { confirm: 'true' }).expect(200);
        expect(await tagsOf('drum_level')).toEqual(['Critical', 'Tank level']);
      });

      it('ignores tags already gone, refuses system tags and nodes without id', async () => {
        await deleteTags([{ id: 2_147_483_000, name: 'Gone', children: [] }]).expect(200);
        const system = await deleteTags([{ id: systemTagId, name: 'System', children: [] }]).expect(400);
        expect(system.body.message).toBe(`${TagMessages.systemTagDelete}: ${systemTagId}`);
        const noId = await deleteTags([{ name: 'Kind', children: [] }]).expect(400);
        expect(noId.body.message).toBe(TagMessages.idRequired);
      });

      it('is for administrators', async () => {
        await http()
          .delete('/api/web/tag/')
          .set(explorer)
          .send([{ id: tagId('Kind'), name: 'Kind', children: [] }])
          .expect(403);
      });
    });

    describe('GET /api/web/variable/page origin', () => {
      it('keeps raw or aggregate variables', async () => {
        await app
          .get(Database)
          .kysely.updateTable('variables.variable')
          .set({ aggregate: true })
          .where('id', '=', ids.lab_density)
          .execute();
        const page = async (origin?: string) =>
          (
            (
              await http()
                .get('/api/web/variable/page')
                .set(adminHeaders)
                .query({ filter: run, ...(origin && { origin }) })
                .expect(200)
            ).body as VariablePageDto
          ).variables.map((row) => [row.id, row.aggregate]);
        expect(await page('aggregate')).toEqual([[ids.lab_density, true]]);
        expect((await page('raw')).map(([id]) => id)).toEqual([
          ids.drum_level,
          ids.feed_flow,
          ids.feed_temperature,
        ]);
        expect(await page()).toHaveLength(4);
        const bad = await http()
          .get('/api/web/variable/page')
          .set(adminHeaders)
          .query({ origin: 'x' })
          .expect(400);
        expect(bad.body.message).toBe('origin: must be one of all, raw, aggregate');
      });
    });
  });
}
