import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Authorities, type AccountProfileDto, type GroupDto } from '@plantlens/contracts';
import {
  clientOf,
  createGroup,
  createUser,
  signedIn,
  startIdentityApp,
  superAdmin,
  type Client,
} from './identity-app';

describe('GET /api/web/account/profile (personal area: My profile, Roles and permissions)', () => {
  let app: NestFastifyApplication;
  let admin: Client;

  beforeAll(async () => {
    app = await startIdentityApp();
    admin = await superAdmin(app);
  });
  afterAll(() => app?.close());

  it('answers the caller his own record, his groups with the flags each grants, and his authorities', async () => {
    const operators = await createGroup(admin, 'operators');
    await admin
      .put(`/api/web/group/${operators}/permission/`)
      .send({ query: true, explorer: true })
      .expect(200);
    const viewers = await createGroup(admin, 'viewers');
    const ana = await createUser(admin, { email: 'ana@plant.example', groupIds: [operators, viewers] });
    // Another user's data never shows in Ana's profile.
    await createUser(admin, { email: 'luis@plant.example', admin: true, groupIds: [operators] });

    const profile = (await (await signedIn(app, ana)).get('/api/web/account/profile').expect(200))
      .body as AccountProfileDto;

    expect(profile).toEqual({
      id: ana.id,
      username: ana.name,
      email: 'ana@plant.example',
      admin: false,
      superAdmin: false,
      groups: [
        { id: operators, name: 'operators', permissions: ['explorer', 'query'] },
        { id: viewers, name: 'viewers', permissions: [] },
      ],
      authorities: [Authorities.explorer, Authorities.query],
    });
  });

  it('shows the super admin his flags and the product authority of the root group', async () => {
    const groups = (await admin.get('/api/web/group/').expect(200)).body as GroupDto[];
    const root = groups.find((group) => group.parentId === null)!;
    const chief = await createUser(admin, { admin: true, groupIds: [root.id] });

    const profile = (await (await signedIn(app, chief)).get('/api/web/account/profile').expect(200))
      .body as AccountProfileDto;

    expect(profile).toMatchObject({
      admin: true,
      superAdmin: false,
      groups: [{ id: root.id, name: root.name }],
    });
    expect(profile.authorities).toEqual([Authorities.admin, Authorities.product]);
    const superProfile = (await admin.get('/api/web/account/profile').expect(200)).body as AccountProfileDto;
    expect(superProfile).toMatchObject({ username: 'admin', superAdmin: true });
  });

  it('needs a sign-in', async () => {
    await clientOf(app, undefined).get('/api/web/account/profile').expect(401);
  });
});
