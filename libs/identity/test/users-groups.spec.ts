import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  Authorities,
  GROUP_PERMISSION_FLAGS,
  GroupMessages,
  UserMessages,
  type GroupDto,
  type UserDto,
} from '@plantlens/contracts';
import {
  clientOf,
  createGroup,
  createUser,
  login,
  signedIn,
  startIdentityApp,
  superAdmin,
  uniqueName,
  type Client,
} from './identity-app';

describe('users, groups and group permissions (spec part 1 §3–§8)', () => {
  let app: NestFastifyApplication;
  let admin: Client;
  let rootId: number;

  beforeAll(async () => {
    app = await startIdentityApp();
    admin = await superAdmin(app);
    const groups = (await admin.get('/api/web/group/').expect(200)).body as GroupDto[];
    rootId = groups.find((group) => group.parentId === null)!.id;
  });
  afterAll(() => app?.close());

  const body = (fields: Record<string, unknown> = {}) => ({
    name: uniqueName('ana'),
    email: 'ana@plant.example',
    admin: false,
    enabled: true,
    groupIds: [],
    password: 'secret1',
    repeat: 'secret1',
    ...fields,
  });

  describe('users', () => {
    it('creates a user with a lower-cased name and lists him with his groups', async () => {
      const groupId = await createGroup(admin);
      const name = uniqueName('Ana.Lopez');
      const created = await admin
        .post('/api/web/user/')
        .send(body({ name, groupIds: [groupId] }))
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: name.toLowerCase(),
        email: 'ana@plant.example',
        admin: false,
        enabled: true,
        superAdmin: false,
        groupIds: [groupId],
        directoryId: null,
      });
      const list = (await admin.get('/api/web/user').expect(200)).body as UserDto[];
      expect(list.find((user) => user.id === created.body.id)).toEqual(created.body);
      expect(list.find((user) => user.name === 'admin')).toMatchObject({
        superAdmin: true,
        groupIds: [rootId],
      });
    });

    it('answers 409 for an existing name or directory id, 412 for a bad name, 428 for a weak password', async () => {
      const name = uniqueName('dup');
      await admin
        .post('/api/web/user/')
        .send(body({ name, directoryId: `dir-${name}` }))
        .expect(201);
      const exists = await admin.post('/api/web/user/').send(body({ name: name.toUpperCase() }));
      expect([exists.status, exists.body.message]).toEqual([409, UserMessages.userExists]);
      const directory = await admin.post('/api/web/user/').send(body({ directoryId: `dir-${name}` }));
      expect([directory.status, directory.body.message]).toEqual([409, UserMessages.directoryIdInUse]);
      const format = await admin.post('/api/web/user/').send(body({ name: 'ana lopez' }));
      expect([format.status, format.body.message]).toEqual([412, `name: ${UserMessages.nameFormat}`]);
      for (const password of ['abc12', 'abcdefg', '1234567']) {
        const weak = await admin.post('/api/web/user/').send(body({ password, repeat: password }));
        expect([weak.status, weak.body.message]).toEqual([428, `password: ${UserMessages.passwordRule}`]);
      }
    });

    it('answers 400 for a different repeat, a bad e-mail and an unknown group', async () => {
      const repeat = await admin.post('/api/web/user/').send(body({ repeat: 'secret2' }));
      expect([repeat.status, repeat.body.message]).toEqual([
        400,
        `repeat: ${UserMessages.passwordDifferent}`,
      ]);
      const email = await admin.post('/api/web/user/').send(body({ email: 'nope' }));
      expect([email.status, email.body.message]).toEqual([400, 'email: Invalid email']);
      const group = await admin.post('/api/web/user/').send(body({ groupIds: [999_999] }));
      expect([group.status, group.body.message]).toEqual([400, 'groupIds: unknown group 999999']);
    });

    it('updates a user, keeping the password when none is sent and replacing it when one is', async () => {
      const user = await createUser(admin);
      const kept = await admin
        .put('/api/web/user/')
        .send({
          id: user.id,
          name: user.name,
          email: 'new@plant.example',
          admin: true,
          enabled: true,
          groupIds: [],
        })
        .expect(200);
      expect(kept.body).toMatchObject({ email: 'new@plant.example', admin: true });
      await login(app, user.name, user.password);
      await admin
        .put('/api/web/user/')
        .send({
          id: user.id,
          name: user.name,
          admin: true,
          enabled: true,
          groupIds: [],
          password: 'other22',
          repeat: 'other22',
        })
        .expect(200);
      await login(app, user.name, 'other22');
      const taken = await admin.put('/api/web/user/').send({ id: user.id, name: 'admin', enabled: true });
      expect([taken.status, taken.body.message]).toEqual([409, UserMessages.userExists]);
      await admin.put('/api/web/user/').send({ id: 999_999, name: 'ghost' }).expect(404);
    });

    it('deletes a user by disabling him', async () => {
      const user = await createUser(admin);
      const deleted = await admin.delete('/api/web/user/').query({ id: user.id }).expect(200);
      expect(deleted.body).toMatchObject({ id: user.id, enabled: false });
      const list = (await admin.get('/api/web/user/').expect(200)).body as UserDto[];
      expect(list.find((candidate) => candidate.id === user.id)?.enabled).toBe(false);
      await admin.delete('/api/web/user/').query({ id: 'x' }).expect(400);
    });

    it('enables a deleted user again, who can then sign in; never the super admin', async () => {
      const user = await createUser(admin);
      await admin.delete('/api/web/user/').query({ id: user.id }).expect(200);
      const enabled = await admin.put('/api/web/user/enable').query({ id: user.id }).expect(200);
      expect(enabled.body).toMatchObject({ id: user.id, name: user.name, enabled: true });
      await login(app, user.name, user.password);
      const superAdminId = ((await admin.get('/api/web/user/').expect(200)).body as UserDto[]).find(
        (candidate) => candidate.superAdmin,
      )!.id;
      const protectedAnswer = await admin.put('/api/web/user/enable').query({ id: superAdminId });
      expect([protectedAnswer.status, protectedAnswer.body.message]).toEqual([
        403,
        UserMessages.superAdminProtected,
      ]);
      await admin.put('/api/web/user/enable').query({ id: 999_999 }).expect(404);
      const badId = await admin.put('/api/web/user/enable').query({ id: 'x' });
      expect([badId.status, badId.body.message]).toEqual([400, 'id: must be a positive integer id']);
      const plain = await signedIn(app, await createUser(admin));
      await plain.put('/api/web/user/enable').query({ id: user.id }).expect(403);
    });

    it('lists only the enabled users, by id and name, to a user without the users feature', async () => {
      const disabled = await createUser(admin, { email: 'hidden@plant.example' });
      await admin.delete('/api/web/user/').query({ id: disabled.id }).expect(200);
      const plainUser = await createUser(admin, { email: 'plain@plant.example' });
      const plain = await signedIn(app, plainUser);
      const list = (await plain.get('/api/web/user/').expect(200)).body as object[];
      expect(list).toContainEqual({ id: plainUser.id, name: plainUser.name });
      expect(list.every((row) => Object.keys(row).sort().join() === 'id,name')).toBe(true);
      expect(list).not.toContainEqual(expect.objectContaining({ id: disabled.id }));
      const full = (await admin.get('/api/web/user/').expect(200)).body as UserDto[];
      expect(full).toContainEqual(
        expect.objectContaining({ id: disabled.id, email: 'hidden@plant.example', enabled: false }),
      );
      const otherAdmin = await signedIn(app, await createUser(admin, { admin: true }));
      const adminList = (await otherAdmin.get('/api/web/user/').expect(200)).body as UserDto[];
      expect(adminList).toContainEqual(
        expect.objectContaining({ id: plainUser.id, email: 'plain@plant.example' }),
      );
    });

    it('protects the super admin from edits, deletion and disabling', async () => {
      const list = (await admin.get('/api/web/user/').expect(200)).body as UserDto[];
      const superAdminId = list.find((user) => user.superAdmin)!.id;
      const edit = await admin
        .put('/api/web/user/')
        .send({ id: superAdminId, name: 'admin', enabled: false });
      expect([edit.status, edit.body.message]).toEqual([403, UserMessages.superAdminProtected]);
      await admin.delete('/api/web/user/').query({ id: superAdminId }).expect(403);
      const other = await createUser(admin, { admin: true });
      const otherAdmin = await signedIn(app, other);
      await otherAdmin.delete('/api/web/user/').query({ id: superAdminId }).expect(403);
    });

    it('manages directory users through /api/auth/azuread/user/', async () => {
      const name = uniqueName('dir');
      const created = await admin
        .post('/api/auth/azuread/user/')
        .send({ name, email: 'dir@plant.example', directoryId: `oid-${name}`, enabled: true })
        .expect(201);
      expect(created.body).toMatchObject({ name, directoryId: `oid-${name}` });
      const text = await admin.get('/api/auth/azuread/user/').query({ userId: created.body.id }).expect(200);
      expect(text.text).toBe(`oid-${name}`);
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      await admin
        .put('/api/auth/azuread/user/')
        .send({ id: created.body.id, name, directoryId: `oid2-${name}`, enabled: true })
        .expect(200);
      await admin.delete('/api/auth/azuread/user/').query({ id: created.body.id }).expect(200);
      await admin
        .post('/api/auth/azuread/user/')
        .send({ name: uniqueName('dir') })
        .expect(400);
    });
  });

  describe('groups', () => {
    it('creates groups under the root, renames them, and answers 409 for an existing name', async () => {
      const name = uniqueName('Operators');
      const created = await admin.post('/api/web/group/').send({ name }).expect(201);
      expect(created.body).toEqual({ id: expect.any(Number), name, parentId: rootId });
      const exists = await admin.post('/api/web/group/').send({ name: name.toLowerCase() });
      expect([exists.status, exists.body.message]).toEqual([409, GroupMessages.groupExists]);
      const empty = await admin.post('/api/web/group/').send({ name: '  ' });
      expect([empty.status, empty.body.message]).toEqual([400, `name: ${GroupMessages.nameRequired}`]);
      const child = await admin
        .post('/api/web/group/')
        .send({ name: uniqueName('child'), parentId: created.body.id })
        .expect(201);
      const renamed = await admin
        .put('/api/web/group/')
        .send({ id: created.body.id, name: `${name}-2` })
        .expect(200);
      expect(renamed.body.name).toBe(`${name}-2`);
      const clash = await admin.put('/api/web/group/').send({ id: child.body.id, name: `${name}-2` });
      expect(clash.status).toBe(409);
      const cycle = await admin
        .put('/api/web/group/')
        .send({ id: created.body.id, name: `${name}-2`, parentId: child.body.id });
      expect(cycle.status).toBe(400);
      // Deleting a group moves its children to its parent.
      await admin.delete('/api/web/group/').query({ id: created.body.id }).expect(200);
      const groups = (await admin.get('/api/web/group/').expect(200)).body as GroupDto[];
      expect(groups.find((group) => group.id === child.body.id)?.parentId).toBe(rootId);
      expect(groups.some((group) => group.id === created.body.id)).toBe(false);
    });

    it('protects the root group from deletion and member changes', async () => {
      const user = await createUser(admin);
      const deletion = await admin.delete('/api/web/group/').query({ id: rootId });
      expect([deletion.status, deletion.body.message]).toEqual([403, GroupMessages.rootProtected]);
      await admin.post(`/api/web/group/${rootId}/user/${user.id}`).expect(403);
      await admin.delete(`/api/web/group/${rootId}/user/${user.id}`).expect(403);
      const members = (await admin.get(`/api/web/group/${rootId}/user/`).expect(200)).body as {
        name: string;
      }[];
      expect(members.map((member) => member.name)).toContain('admin');
    });

    it('adds and removes members', async () => {
      const groupId = await createGroup(admin);
      const user = await createUser(admin);
      const added = await admin.post(`/api/web/group/${groupId}/user/${user.id}`).expect(201);
      expect(added.body).toEqual([{ id: user.id, name: user.name, email: null, enabled: true }]);
      await admin.post(`/api/web/group/${groupId}/user/${user.id}`).expect(201);
      await admin.post(`/api/web/group/${groupId}/user/999999`).expect(404);
      await admin.post(`/api/web/group/999999/user/${user.id}`).expect(404);
      const removed = await admin.delete(`/api/web/group/${groupId}/user/${user.id}`).expect(200);
      expect(removed.body).toEqual([]);
    });

    it('grants authorities through group permission flags and the root group', async () => {
      const groupId = await createGroup(admin);
      const initial = await admin.get(`/api/web/group/${groupId}/permission/`).expect(200);
      expect(Object.keys(initial.body).sort()).toEqual([...GROUP_PERMISSION_FLAGS].sort());
      expect(Object.values(initial.body).every((on) => on === false)).toBe(true);
      const updated = await admin
        .put(`/api/web/group/${groupId}/permission/`)
        .send({ explorer: true, query: true })
        .expect(200);
      expect(updated.body).toMatchObject({ explorer: true, query: true, rule: false });
      await admin.put(`/api/web/group/${groupId}/permission/`).send({ query: false }).expect(200);
      const bad = await admin.put(`/api/web/group/${groupId}/permission/`).send({ flying: true });
      expect(bad.status).toBe(400);

      const user = await createUser(admin, { groupIds: [groupId, rootId] });
      const client = await signedIn(app, user);
      const account = await client.get('/api/web/account').expect(200);
      expect(account.body).toEqual({
        username: user.name,
        authorities: [Authorities.explorer, Authorities.product],
      });
      const plain = await signedIn(app, await createUser(admin));
      expect((await plain.get('/api/web/account').expect(200)).body.authorities).toEqual([]);
      const adminUser = await signedIn(app, await createUser(admin, { admin: true }));
      expect((await adminUser.get('/api/web/account').expect(200)).body.authorities).toEqual([
        Authorities.admin,
      ]);
    });

    it('serves the assignable permission tree whose permission nodes are group flags', async () => {
      const tree = (await admin.get('/api/web/permission/assignable').expect(200)).body as {
        name: string;
        isPermission: boolean;
        isHeader: boolean;
        children: unknown[];
      }[];
      const names: string[] = [];
      const walk = (nodes: typeof tree) =>
        nodes.forEach((node) => {
          if (node.isPermission) names.push(node.name);
          walk(node.children as typeof tree);
        });
      walk(tree);
      expect(tree.every((node) => node.isHeader)).toBe(true);
      expect(names.sort()).toEqual([...GROUP_PERMISSION_FLAGS].sort());
    });

    it('lets plain users list users and groups but not change them', async () => {
      const plain = clientOf(app, (await login(app, (await createUser(admin)).name, 'secret1')).accessToken);
      await plain.get('/api/web/user/').expect(200);
      await plain.get('/api/web/group/').expect(200);
      await plain
        .post('/api/web/group/')
        .send({ name: uniqueName('nope') })
        .expect(403);
      await plain.post('/api/web/user/').send(body()).expect(403);
    });
  });
});
