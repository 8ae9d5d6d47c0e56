import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  PermissionMessages,
  type EffectivePermissionDto,
  type ObjectAccessDto,
} from '@plantlens/contracts';
import { AuthKeys } from '@plantlens/platform';
import request from 'supertest';
import { createGroup, createUser, signedIn, startIdentityApp, superAdmin, type Client } from './identity-app';

describe('per-object permissions (spec part 1 §3, §4, §7)', () => {
  let app: NestFastifyApplication;
  let admin: Client;
  let objectId = 100;
  const service = () => request(app.getHttpServer());
  const serviceToken = () => app.get(AuthKeys).serviceToken;

  beforeAll(async () => {
    app = await startIdentityApp();
    admin = await superAdmin(app);
  });
  afterAll(() => app?.close());

  async function ownedQuery() {
    const owner = await createUser(admin);
    objectId += 1;
    await service()
      .put(`/api/web/permission/query/${objectId}/owner`)
      .set(AuthHeaders.serviceToken, serviceToken())
      .send({ ownerId: owner.id })
      .expect(204);
    return { owner, ownerClient: await signedIn(app, owner), id: objectId };
  }

  const effective = async (client: Client, path: string) =>
    (await client.get(`${path}/effective`).expect(200)).body as EffectivePermissionDto;

  it('lets the owner share with users and groups; rows carry label, value and flags', async () => {
    const { ownerClient, id } = await ownedQuery();
    const reader = await createUser(admin);
    const groupId = await createGroup(admin);
    const base = `/api/web/permission/query/${id}`;
    const row = await ownerClient.put(`${base}/read/user/${reader.id}`).expect(200);
    expect(row.body).toEqual({
      label: reader.name,
      value: { type: 'user', id: reader.id, name: reader.name, groups: [] },
      permissions: { canRead: true, canEdit: false, canShare: false },
    });
    await ownerClient.put(`${base}/edit/user/${reader.id}`).expect(200);
    await ownerClient.put(`${base}/read/group/${groupId}`).expect(200);
    const users = await ownerClient.get(`${base}/users`).expect(200);
    expect(users.body).toEqual([
      expect.objectContaining({ permissions: { canRead: true, canEdit: true, canShare: false } }),
    ]);
    const groups = await ownerClient.get(`${base}/groups`).expect(200);
    expect(groups.body).toEqual([
      expect.objectContaining({ value: expect.objectContaining({ type: 'group', id: groupId }) }),
    ]);
    const readerClient = await signedIn(app, reader);
    expect(await effective(readerClient, base)).toMatchObject({
      canRead: true,
      canEdit: true,
      canShare: false,
      canManage: false,
      owner: false,
    });
    // Without share the reader may not see or change the rows.
    await readerClient.get(`${base}/users`).expect(403);
    const forbidden = await readerClient.put(`${base}/share/user/${reader.id}`);
    expect([forbidden.status, forbidden.body.message]).toEqual([403, PermissionMessages.forbidden]);
    // Clearing edit keeps read; deleting read removes the row.
    await ownerClient.delete(`${base}/edit/user/${reader.id}`).expect(204);
    expect(await effective(readerClient, base)).toMatchObject({ canRead: true, canEdit: false });
    await ownerClient.delete(`${base}/read/user/${reader.id}`).expect(204);
    expect(await effective(readerClient, base)).toMatchObject({ canRead: false });
  });

  it('gives group members the group rights and lets a share holder manage the object', async () => {
    const { ownerClient, id } = await ownedQuery();
    const base = `/api/web/permission/query/${id}`;
    const groupId = await createGroup(admin);
    const member = await createUser(admin, { groupIds: [groupId] });
    const memberClient = await signedIn(app, member);
    expect(await effective(memberClient, base)).toMatchObject({ canRead: false });
    await ownerClient.put(`${base}/share/group/${groupId}`).expect(200);
    expect(await effective(memberClient, base)).toMatchObject({
      canRead: true,
      canShare: true,
      canManage: true,
    });
    await memberClient.get(`${base}/groups`).expect(200);
  });

  it('warns with 409 and the affected members before raising them to the group level, then raises on accept', async () => {
    const { ownerClient, id } = await ownedQuery();
    const base = `/api/web/permission/query/${id}`;
    const groupId = await createGroup(admin);
    const member = await createUser(admin, { groupIds: [groupId] });
    await ownerClient.put(`${base}/read/user/${member.id}`).expect(200);
    const warning = await ownerClient.put(`${base}/edit/group/${groupId}`);
    expect(warning.status).toBe(409);
    expect(warning.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: PermissionMessages.overlap,
      members: [
        { id: member.id, name: member.name, permissions: { canRead: true, canEdit: false, canShare: false } },
      ],
    });
    // Nothing changed yet.
    expect((await ownerClient.get(`${base}/groups`).expect(200)).body).toEqual([]);
    await ownerClient.put(`${base}/edit/group/${groupId}`).query({ raiseMembers: 'true' }).expect(200);
    const users = (await ownerClient.get(`${base}/users`).expect(200)).body;
    expect(users[0].permissions).toEqual({ canRead: true, canEdit: true, canShare: false });
    await ownerClient.put(`${base}/edit/group/${groupId}`).query({ raiseMembers: 'maybe' }).expect(400);
  });

  it('validates object type, permission type, target type and target existence', async () => {
    const { ownerClient, id } = await ownedQuery();
    const wrongType = await ownerClient.get(`/api/web/permission/dashboard/${id}/users`);
    expect([wrongType.status, wrongType.body.message]).toEqual([
      400,
      'objectType: must be one of rule, variable, query, incidence',
    ]);
    await ownerClient.put(`/api/web/permission/query/${id}/write/user/1`).expect(400);
    await ownerClient.put(`/api/web/permission/query/${id}/read/team/1`).expect(400);
    const missing = await ownerClient.put(`/api/web/permission/query/${id}/read/user/999999`);
    expect([missing.status, missing.body.message]).toEqual([404, PermissionMessages.targetNotFound]);
  });

  it('lets admins manage any object, and services ask for any user and drop an object', async () => {
    const { owner, id } = await ownedQuery();
    const base = `/api/web/permission/rule/${id}`;
    const stranger = await createUser(admin);
    await admin.put(`${base}/read/user/${stranger.id}`).expect(200);
    const asked = await service()
      .get(`${base}/effective`)
      .query({ userId: stranger.id })
      .set(AuthHeaders.serviceToken, serviceToken())
      .expect(200);
    expect(asked.body).toMatchObject({ userId: stranger.id, canRead: true, canEdit: false });
    await service().get(`${base}/effective`).set(AuthHeaders.serviceToken, serviceToken()).expect(400);
    await service().get(`${base}/effective`).query({ userId: owner.id }).expect(401);
    await service().delete(base).set(AuthHeaders.serviceToken, serviceToken()).expect(204);
    await service()
      .get(`${base}/effective`)
      .query({ userId: stranger.id })
      .set(AuthHeaders.serviceToken, serviceToken())
      .expect(200)
      .expect((response) => expect(response.body.canRead).toBe(false));
    const plain = await signedIn(app, stranger);
    await plain.put(`/api/web/permission/query/${id}/owner`).send({ ownerId: stranger.id }).expect(403);
  });
  it('answers for many objects at once, with the owner shown only where the user may read', async () => {
    const first = await ownedQuery();
    const second = await ownedQuery();
    const groupId = await createGroup(admin);
    const member = await createUser(admin, { groupIds: [groupId] });
    await first.ownerClient.put(`/api/web/permission/query/${first.id}/edit/group/${groupId}`).expect(200);
    const unowned = 999_999;
    const ids = [first.id, second.id, unowned, first.id];

    const asked = await service()
      .post('/api/web/permission/query/effective')
      .set(AuthHeaders.serviceToken, serviceToken())
      .send({ userId: member.id, objectIds: ids })
      .expect(200);
    const byId = (body: ObjectAccessDto[]) => body.map((access) => [access.objectId, access]);
    expect(Object.fromEntries(byId(asked.body))).toEqual({
      [first.id]: expect.objectContaining({
        userId: member.id,
        owner: false,
        canRead: true,
        canEdit: true,
        canShare: false,
        ownerId: first.owner.id,
        ownerName: first.owner.name,
      }),
      [second.id]: expect.objectContaining({ canRead: false, ownerId: null, ownerName: null }),
      [unowned]: expect.objectContaining({ canRead: false, owner: false, ownerId: null }),
    });
    expect(asked.body).toHaveLength(3);

    // A signed-in user asks for himself; the owner holds every right.
    const mine = await first.ownerClient
      .post('/api/web/permission/query/effective')
      .send({ userId: member.id, objectIds: [first.id] })
      .expect(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ userId: first.owner.id, owner: true, canRead: true, canShare: true }),
    ]);

    const withoutUser = await service()
      .post('/api/web/permission/query/effective')
      .set(AuthHeaders.serviceToken, serviceToken())
      .send({ objectIds: [first.id] });
    expect([withoutUser.status, withoutUser.body.message]).toEqual([
      400,
      'userId: is required for a service caller',
    ]);
    await service()
      .post('/api/web/permission/query/effective')
      .set(AuthHeaders.serviceToken, serviceToken())
      .send({ userId: 999_999, objectIds: [first.id] })
      .expect(404);
    await service()
      .post('/api/web/permission/query/effective')
      .set(AuthHeaders.serviceToken, serviceToken())
      .send({ userId: member.id, objectIds: ['x'] })
      .expect(400);
  });
});
