// Saved queries (spec part 1 §7) over real HTTP: the variables service stores them and asks the identity
// service (over HTTP too, here the same process as in standalone mode) who may do what.
//
// Rights, as designed in libs/variables/src/query/query.service.ts:
//   owner            — everything: read, rename, star, share, delete;
//   administrator    — read, edit, share, delete, but not the owner's star;
//   shared read      — listed and opened; changing or deleting answers 403;
//   shared edit      — rename (star untouched); delete and share answer 403;
//   stranger         — the query does not exist for him: 404, and it is not listed;
//   no Query feature — 403 on every route.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IdentityModule } from '@plantlens/identity';
import {
  PermissionMessages,
  QueryMessages,
  permissionOverlapDtoSchema,
  type PermissionRowDto,
  type QueryDto,
} from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { apiClient, signIn, type ApiClient } from './api-client';
import { startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const PASSWORD = 'secret1';
const EVOLUTION = '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000';
const CORRELATION = '/explorer-correlation?pair1=1,2&z=3&zType=intensity';
const MULTIPLE = '/explorer-multiple-correlation?filterTagsX=4&filterTagsY=5&pairsSelected=1,2';

interface Person {
  id: number;
  name: string;
  client: ApiClient;
}

describe('saved queries (standalone: identity and variables in one process)', () => {
  let app: NestFastifyApplication;
  let superAdmin: ApiClient;
  let queryGroupId: number;
  let counter = 0;

  async function person(options: { admin?: boolean; groupIds?: number[] } = {}): Promise<Person> {
    counter += 1;
    const name = `user.${counter}`;
    const created = await superAdmin
      .post('/api/web/user/')
      .send({
        name,
        email: `${name}@plant.example`,
        admin: options.admin ?? false,
        enabled: true,
        groupIds: options.groupIds ?? [queryGroupId],
        password: PASSWORD,
        repeat: PASSWORD,
      })
      .expect(201);
    return { id: created.body.id as number, name, client: apiClient(app, await signIn(app, name, PASSWORD)) };
  }

  async function group(flags: Record<string, boolean>): Promise<number> {
    counter += 1;
    const created = await superAdmin
      .post('/api/web/group/')
      .send({ name: `group.${counter}` })
      .expect(201);
    await superAdmin.put(`/api/web/group/${created.body.id}/permission/`).send(flags).expect(200);
    return created.body.id as number;
  }

  async function save(
    owner: Person,
    name: string,
    relativePath = EVOLUTION,
    star = false,
  ): Promise<QueryDto> {
    const response = await owner.client.post('/api/web/query/').send({ name, relativePath, star });
    expect(response.status).toBe(201);
    return response.body as QueryDto;
  }

  const list = async (client: ApiClient, query: Record<string, string> = {}) =>
    (await client.get('/api/web/query/').query(query).expect(200)).body as QueryDto[];

  const share = (owner: Person, id: number, right: 'read' | 'edit' | 'share', target: Person) =>
    owner.client.put(`/api/web/query/${id}/permission/${right}/user/${target.id}`).expect(200);

  beforeAll(async () => {
    app = await startTestApp('queries-test', [IdentityModule, VariablesModule]);
    superAdmin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    queryGroupId = await group({ query: true });
  }, 60_000);
  afterAll(() => app?.close());

  describe('POST /api/web/query/', () => {
    let careless: Person;
    beforeAll(async () => {
      careless = await person();
    });

    it('stores the query for its creator, who owns it and may do everything with it', async () => {
      const owner = await person();
      const created = await save(owner, '  Reactor temperatures  ');
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Reactor temperatures',
        owner: owner.name,
        star: false,
        mine: true,
        order: 0,
        relativePath: EVOLUTION,
        tags: [],
        canShare: true,
        canEdit: true,
        canDelete: true,
      });
      expect(await list(owner.client)).toEqual([created]);
    });

    it('keeps the three explorer charts and drops the navigation parameters, leaving the rest as sent', async () => {
      const owner = await person();
      for (const path of [EVOLUTION, CORRELATION, MULTIPLE]) {
        expect((await save(owner, path, path)).relativePath).toBe(path);
      }
      const reopened = await save(
        owner,
        'Reopened and saved again',
        '/explorer-evolution?origin=QueryList&variables=1,2&filter=explorer-evolution&queryName=A%20b&optGrid=true',
      );
      expect(reopened.relativePath).toBe('/explorer-evolution?variables=1,2&optGrid=true');
    });

    it('defaults star to false and accepts tags, without duplicates', async () => {
      const owner = await person();
      const response = await owner.client
        .post('/api/web/query/')
        .send({ name: 'Tagged', relativePath: EVOLUTION, tags: ['line 2', 'pumps', 'line 2'] })
        .expect(201);
      expect(response.body).toMatchObject({ star: false, tags: ['line 2', 'pumps'] });
    });

    it.each([
      ['no name', { relativePath: EVOLUTION }, `name: ${QueryMessages.nameRequired}`],
      ['a blank name', { name: '   ', relativePath: EVOLUTION }, `name: ${QueryMessages.nameRequired}`],
      [
        'a name too long',
        { name: 'x'.repeat(201), relativePath: EVOLUTION },
        `name: ${QueryMessages.nameTooLong}`,
      ],
      ['no path', { name: 'A' }, `relativePath: ${QueryMessages.pathInvalid}`],
      [
        'an absolute URL',
        { name: 'A', relativePath: 'https://evil.example/explorer-evolution?variables=1' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a protocol-relative URL',
        { name: 'A', relativePath: '//evil.example/explorer-evolution?variables=1' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'another page',
        { name: 'A', relativePath: '/user/list?id=1' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a variable-selection page',
        { name: 'A', relativePath: '/explorer-evolution-variables?variables=1' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a chart without query string',
        { name: 'A', relativePath: '/explorer-evolution' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'only navigation parameters',
        { name: 'A', relativePath: '/explorer-evolution?origin=QueryList&queryName=A' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a path escaping the chart',
        { name: 'A', relativePath: '/explorer-evolution/../user/list?id=1' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a fragment',
        { name: 'A', relativePath: '/explorer-evolution?variables=1#top' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a space in the query string',
        { name: 'A', relativePath: '/explorer-evolution?variables=1 2' },
        `relativePath: ${QueryMessages.pathInvalid}`,
      ],
      [
        'a star that is not a boolean',
        { name: 'A', relativePath: EVOLUTION, star: 'yes' },
        'star: must be true or false',
      ],
      [
        'tags that are not a list',
        { name: 'A', relativePath: EVOLUTION, tags: 'pumps' },
        'tags: must be a list of tag names',
      ],
    ])('answers 400 to %s', async (_, body, message) => {
      const response = await careless.client.post('/api/web/query/').send(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
      expect(await list(careless.client)).toEqual([]);
    });
  });

  describe('GET /api/web/query/', () => {
    it('lists favourites first, then by name as people read it, with their order', async () => {
      const owner = await person();
      for (const [name, star] of [
        ['Query 10', false],
        ['query 2', false],
        ['Álamo', false],
        ['Zeta', true],
        ['Beta', true],
        ['alpha', false],
      ] as const) {
        await save(owner, name, EVOLUTION, star);
      }
      const queries = await list(owner.client);
      expect(queries.map(({ name, star, order }) => [name, star, order])).toEqual([
        ['Beta', true, 0],
        ['Zeta', true, 1],
        ['Álamo', false, 2],
        ['alpha', false, 3],
        ['query 2', false, 4],
        ['Query 10', false, 5],
      ]);
    });

    it('keeps only the queries carrying any of the tags asked for', async () => {
      const owner = await person();
      const pumps = await owner.client
        .post('/api/web/query/')
        .send({ name: 'Pumps', relativePath: EVOLUTION, tags: ['pumps'] })
        .expect(201);
      const lines = await owner.client
        .post('/api/web/query/')
        .send({ name: 'Lines', relativePath: EVOLUTION, tags: ['line 2', 'valves'] })
        .expect(201);
      await save(owner, 'Untagged');
      const names = async (tags: string) => (await list(owner.client, { tags })).map(({ name }) => name);
      expect(await names('pumps')).toEqual([pumps.body.name]);
      expect(await names('valves, pumps')).toEqual([lines.body.name, pumps.body.name]);
      expect(await names('nothing')).toEqual([]);
      expect(await names('')).toEqual(['Lines', 'Pumps', 'Untagged']);
    });

    it('lists to everybody only what he may read, with his own rights', async () => {
      const owner = await person();
      const reader = await person();
      const editor = await person();
      const stranger = await person();
      const admin = await person({ admin: true });
      const query = await save(owner, 'Shared');
      await share(owner, query.id, 'read', reader);
      await share(owner, query.id, 'edit', editor);

      const seen = async (who: Person) => (await list(who.client)).find(({ id }) => id === query.id);
      expect(await seen(reader)).toMatchObject({
        owner: owner.name,
        mine: false,
        canEdit: false,
        canShare: false,
        canDelete: false,
      });
      expect(await seen(editor)).toMatchObject({
        mine: false,
        canEdit: true,
        canShare: false,
        canDelete: false,
      });
      expect(await seen(admin)).toMatchObject({
        mine: false,
        canEdit: true,
        canShare: true,
        canDelete: true,
      });
      expect(await seen(stranger)).toBeUndefined();
    });

    it('lists a query shared with a group to its members', async () => {
      const owner = await person();
      const teamId = await group({ query: true });
      const member = await person({ groupIds: [teamId] });
      const query = await save(owner, 'For the team');
      await owner.client.put(`/api/web/query/${query.id}/permission/read/group/${teamId}`).expect(200);
      expect((await list(member.client)).map(({ id }) => id)).toEqual([query.id]);
    });

    it('refuses users without the Query feature', async () => {
      const explorerGroup = await group({ explorer: true });
      const explorer = await person({ groupIds: [explorerGroup] });
      const response = await explorer.client.get('/api/web/query/');
      expect(response.status).toBe(403);
      await explorer.client.post('/api/web/query/').send({ name: 'A', relativePath: EVOLUTION }).expect(403);
    });
  });

  describe('PUT /api/web/query/', () => {
    it('lets the owner rename and star his query, and returns the listed row', async () => {
      const owner = await person();
      const query = await save(owner, 'Old name');
      const response = await owner.client
        .put('/api/web/query/')
        .send({ ...query, name: 'New name', star: true })
        .expect(200);
      expect(response.body).toEqual({ ...query, name: 'New name', star: true });
      expect(await list(owner.client)).toEqual([response.body]);
    });

    it('lets a shared editor rename but not star, and a reader neither', async () => {
      const owner = await person();
      const editor = await person();
      const reader = await person();
      const query = await save(owner, 'Shared');
      await share(owner, query.id, 'edit', editor);
      await share(owner, query.id, 'read', reader);

      const starred = await editor.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'Shared', star: true });
      expect(starred.status).toBe(403);
      expect(starred.body.message).toBe(QueryMessages.starOwnerOnly);
      const renamed = await editor.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'Renamed by editor', star: false })
        .expect(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed by editor', star: false, mine: false });

      const byReader = await reader.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'X', star: false });
      expect(byReader.status).toBe(403);
      expect(byReader.body.message).toBe(QueryMessages.editForbidden);
    });

    it("does not let an administrator change the owner's star", async () => {
      const owner = await person();
      const admin = await person({ admin: true });
      const query = await save(owner, 'Mine', EVOLUTION, true);
      const response = await admin.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'Mine', star: false });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(QueryMessages.starOwnerOnly);
      await admin.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'Renamed', star: true })
        .expect(200);
    });

    it('changes the path when sent, validated like on creation', async () => {
      const owner = await person();
      const query = await save(owner, 'Path');
      const bad = await owner.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'Path', star: false, relativePath: 'http://evil.example/' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(`relativePath: ${QueryMessages.pathInvalid}`);
      const good = await owner.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'Path', star: false, relativePath: CORRELATION })
        .expect(200);
      expect(good.body.relativePath).toBe(CORRELATION);
    });

    it('answers 404 to a stranger and for an unknown id, 400 to a bad body', async () => {
      const owner = await person();
      const stranger = await person();
      const query = await save(owner, 'Private');
      const hidden = await stranger.client
        .put('/api/web/query/')
        .send({ id: query.id, name: 'X', star: false });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe(QueryMessages.notFound);
      await owner.client.put('/api/web/query/').send({ id: 999_999, name: 'X', star: false }).expect(404);
      const noName = await owner.client.put('/api/web/query/').send({ id: query.id, name: '', star: false });
      expect(noName.status).toBe(400);
      expect(noName.body.message).toBe(`name: ${QueryMessages.nameRequired}`);
      const noStar = await owner.client.put('/api/web/query/').send({ id: query.id, name: 'X' });
      expect(noStar.body.message).toBe('star: must be true or false');
      const noId = await owner.client.put('/api/web/query/').send({ name: 'X', star: false });
      expect(noId.body.message).toBe('id: must be a positive integer id');
    });
  });

  describe('DELETE /api/web/query/?id=', () => {
    it('lets the owner delete, and drops its permissions in identity', async () => {
      const owner = await person();
      const reader = await person();
      const query = await save(owner, 'Doomed');
      await share(owner, query.id, 'read', reader);
      await owner.client.delete('/api/web/query/').query({ id: query.id }).expect(204);
      expect(await list(owner.client)).toEqual([]);
      expect(await list(reader.client)).toEqual([]);
      // The identity service holds no row for it any more (the super admin may look at any object).
      const rows = await superAdmin.get(`/api/web/permission/query/${query.id}/users`).expect(200);
      expect(rows.body).toEqual([]);
    });

    it('lets an administrator delete; a reader or editor gets 403, a stranger 404', async () => {
      const owner = await person();
      const reader = await person();
      const editor = await person();
      const stranger = await person();
      const admin = await person({ admin: true });
      const query = await save(owner, 'Guarded');
      await share(owner, query.id, 'read', reader);
      await share(owner, query.id, 'edit', editor);

      for (const who of [reader, editor]) {
        const response = await who.client.delete('/api/web/query/').query({ id: query.id });
        expect(response.status).toBe(403);
        expect(response.body.message).toBe(QueryMessages.deleteForbidden);
      }
      const hidden = await stranger.client.delete('/api/web/query/').query({ id: query.id });
      expect(hidden.status).toBe(404);
      await admin.client.delete('/api/web/query/').query({ id: query.id }).expect(204);
      await owner.client.delete('/api/web/query/').query({ id: query.id }).expect(404);
    });

    it('answers 400 without a valid id', async () => {
      const owner = await person();
      const missing = await owner.client.delete('/api/web/query/');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('id: must be a positive integer id');
      await owner.client.delete('/api/web/query/').query({ id: 'abc' }).expect(400);
    });
  });

  describe('permissions of a query', () => {
    it('lets the owner share with users and groups and read the rows back', async () => {
      const owner = await person();
      const reader = await person();
      const teamId = await group({ query: true });
      const query = await save(owner, 'Shared');
      const base = `/api/web/query/${query.id}`;

      const row = await owner.client.put(`${base}/permission/read/user/${reader.id}`).expect(200);
      expect(row.body).toEqual({
        label: reader.name,
        value: { type: 'user', id: reader.id, name: reader.name, groups: [queryGroupId] },
        permissions: { canRead: true, canEdit: false, canShare: false },
      });
      await owner.client.put(`${base}/permission/edit/user/${reader.id}`).expect(200);
      await owner.client.put(`${base}/permission/read/group/${teamId}`).expect(200);

      const users = (await owner.client.get(`${base}/permissions/users`).expect(200))
        .body as PermissionRowDto[];
      expect(users.map(({ value, permissions }) => [value.id, permissions])).toEqual([
        [reader.id, { canRead: true, canEdit: true, canShare: false }],
      ]);
      const groups = (await owner.client.get(`${base}/permissions/groups`).expect(200))
        .body as PermissionRowDto[];
      expect(groups.map(({ value }) => value.id)).toEqual([teamId]);

      await owner.client.delete(`${base}/permission/edit/user/${reader.id}`).expect(204);
      expect((await list(reader.client))[0]).toMatchObject({ id: query.id, canEdit: false });
      await owner.client.delete(`${base}/permission/read/user/${reader.id}`).expect(204);
      expect(await list(reader.client)).toEqual([]);
    });

    it("passes on identity's overlap warning for a group, and raises the members on accept", async () => {
      const owner = await person();
      const teamId = await group({ query: true });
      const member = await person({ groupIds: [teamId] });
      const query = await save(owner, 'Team work');
      const base = `/api/web/query/${query.id}/permission`;
      await share(owner, query.id, 'read', member);

      const warned = await owner.client.put(`${base}/edit/group/${teamId}`);
      expect(warned.status).toBe(409);
      // The 409 is declared with its own schema (an error answer is not checked by ResponseContractCheck).
      expect(permissionOverlapDtoSchema.parse(warned.body)).toMatchObject({
        message: PermissionMessages.overlap,
        members: [{ id: member.id, name: member.name }],
      });
      await owner.client.put(`${base}/edit/group/${teamId}`).query({ raiseMembers: 'true' }).expect(200);
      expect((await list(member.client))[0]).toMatchObject({ canEdit: true });
    });

    it('lets a user holding share manage the rows; a reader gets 403, a stranger 404', async () => {
      const owner = await person();
      const sharer = await person();
      const reader = await person();
      const stranger = await person();
      const query = await save(owner, 'Delegated');
      await share(owner, query.id, 'share', sharer);
      await share(sharer, query.id, 'read', reader);
      expect((await list(sharer.client))[0]).toMatchObject({
        canShare: true,
        canEdit: false,
        canDelete: false,
      });

      const refused = await reader.client.get(`/api/web/query/${query.id}/permissions/users`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(PermissionMessages.forbidden);
      const refusedChange = await reader.client.put(
        `/api/web/query/${query.id}/permission/read/user/${stranger.id}`,
      );
      expect(refusedChange.status).toBe(403);

      await stranger.client.get(`/api/web/query/${query.id}/permissions/groups`).expect(404);
      await stranger.client
        .delete(`/api/web/query/${query.id}/permission/read/user/${reader.id}`)
        .expect(404);
    });

    it('answers 400 to a bad path and 404 to an unknown target or query', async () => {
      const owner = await person();
      const query = await save(owner, 'Strict');
      const base = `/api/web/query/${query.id}/permission`;
      const badRight = await owner.client.put(`${base}/write/user/1`);
      expect(badRight.status).toBe(400);
      expect(badRight.body.message).toBe('permissionType: must be read, edit or share');
      const badTarget = await owner.client.put(`${base}/read/team/1`);
      expect(badTarget.body.message).toBe('userOrGroup: must be user or group');
      const unknownUser = await owner.client.put(`${base}/read/user/999999`);
      expect(unknownUser.status).toBe(404);
      expect(unknownUser.body.message).toBe(PermissionMessages.targetNotFound);
      await owner.client.get('/api/web/query/999999/permissions/users').expect(404);
      await owner.client.get('/api/web/query/abc/permissions/users').expect(400);
    });
  });
});

describe('saved queries (cluster: identity and variables as separate services)', () => {
  let identity: NestFastifyApplication;
  let variables: NestFastifyApplication;

  beforeAll(async () => {
    identity = await startTestApp('identity', [IdentityModule]);
    const identityUrl = await identity.getUrl();
    variables = await startTestApp('variables', [VariablesModule], { IDENTITY_URL: identityUrl });
  }, 60_000);
  afterAll(async () => {
    await variables?.close();
    await identity?.close();
  });

  it('asks the identity service at IDENTITY_URL for owners and rights', async () => {
    const superAdmin = apiClient(variables, await signIn(identity, 'admin', TEST_SUPERADMIN_PASSWORD));
    const created = await superAdmin
      .post('/api/web/query/')
      .send({ name: 'Across services', relativePath: EVOLUTION })
      .expect(201);
    expect(created.body).toMatchObject({ owner: 'admin', mine: true, canDelete: true });
    const effective = await apiClient(identity, await signIn(identity, 'admin', TEST_SUPERADMIN_PASSWORD))
      .get(`/api/web/permission/query/${created.body.id}/effective`)
      .expect(200);
    expect(effective.body).toMatchObject({ owner: true });
  });

  it('answers 503 when identity cannot be reached, and keeps no query without an owner', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const orphanage = await startTestApp('variables-without-identity', [VariablesModule], {
      IDENTITY_URL: `http://127.0.0.1:${closedPort}`,
    });
    try {
      const admin = apiClient(orphanage, await signIn(identity, 'admin', TEST_SUPERADMIN_PASSWORD));
      const response = await admin.post('/api/web/query/').send({ name: 'Lost', relativePath: EVOLUTION });
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/^The identity service is not reachable/);
      const stored = await orphanage.get(Database).kysely.selectFrom('variables.query').selectAll().execute();
      expect(stored).toEqual([]);
    } finally {
      await orphanage.close();
    }
  });
});
