// The authorization table: every route of the standalone app (read from its OpenAPI document, so a new
// route without a row fails this test) × {anonymous, plain user, user with the feature, admin, super admin}.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, AuthMessages, type GroupDto, type TokenPairDto } from '@plantlens/contracts';
import {
  AuthKeys,
  createServiceApp,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  serviceModule,
} from '@plantlens/platform';
import request from 'supertest';
import { GATEWAY_API_MODULES, STANDALONE_DOMAIN_MODULES } from '../src/standalone-modules';

const ROLES = ['anonymous', 'plain', 'feature', 'admin', 'superAdmin'] as const;
type Role = (typeof ROLES)[number];
// ok: the guard lets the call through (the answer is then the route's own: 2xx, 400, 404, 409, …).
type Expected = 401 | 403 | 'ok';
// Who "the user with the feature" is for a route: the holder of its feature, or the object's owner.
type FeatureHolder =
  | 'plain'
  | 'explorer'
  | 'querier'
  | 'aggregator'
  | 'incidencer'
  | 'valveWatcher'
  | 'product'
  | 'admin'
  | 'owner'
  | 'superAdmin';

interface Row {
  expected: [Expected, Expected, Expected, Expected, Expected];
  featureHolder: FeatureHolder;
  /** a data source's service token alone gets through */
  serviceToken?: boolean;
}

const SIGNED_IN: Row = { expected: [401, 'ok', 'ok', 'ok', 'ok'], featureHolder: 'plain' };
const ADMIN: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'admin' };
const OBJECT: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'owner' };
const EXPLORE: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'explorer' };
// The variable pickers serve every feature that chooses variables; Explore stands for them here.
const VARIABLE_PICKER = EXPLORE;
const QUERY: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'querier' };
const AGGREGATE: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'aggregator' };
const INCIDENCE: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'incidencer' };
const VALVES: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'valveWatcher' };
// The valve edits are for administrators: a holder of AmpoCurrentStatus alone is refused.
// Superadmin is ROLE_SUPERADMIN alone: an administrator is refused.
const SUPERADMIN: Row = { expected: [401, 403, 'ok', 403, 'ok'], featureHolder: 'superAdmin' };
const VALVES_ADMIN: Row = { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'admin' };

const TABLE: Record<string, Row> = {
  'GET /api/web/account': SIGNED_IN,
  'GET /api/web/user': SIGNED_IN,
  'POST /api/web/user': ADMIN,
  'PUT /api/web/user': ADMIN,
  'DELETE /api/web/user': ADMIN,
  'PUT /api/web/user/enable': ADMIN,
  'PUT /api/web/user/password': SIGNED_IN,
  'GET /api/web/user-manual': SIGNED_IN,
  'GET /api/web/account/profile': SIGNED_IN,
  'GET /api/auth/azuread/user': ADMIN,
  'POST /api/auth/azuread/user': ADMIN,
  'PUT /api/auth/azuread/user': ADMIN,
  'DELETE /api/auth/azuread/user': ADMIN,
  'GET /api/web/group': SIGNED_IN,
  'POST /api/web/group': ADMIN,
  'PUT /api/web/group': ADMIN,
  'DELETE /api/web/group': ADMIN,
  'GET /api/web/group/{id}/user': ADMIN,
  'POST /api/web/group/{groupId}/user/{userId}': ADMIN,
  'DELETE /api/web/group/{groupId}/user/{userId}': ADMIN,
  'GET /api/web/group/{id}/permission': ADMIN,
  'PUT /api/web/group/{id}/permission': ADMIN,
  // Whether a user's tokens may still write: for the services' guards, refused to every user.
  'GET /api/web/session/{userId}': {
    expected: [401, 403, 403, 403, 403],
    featureHolder: 'plain',
    serviceToken: true,
  },
  'GET /api/web/permission/assignable': ADMIN,
  'GET /api/web/permission/{objectType}/{objectId}/users': OBJECT,
  'GET /api/web/permission/{objectType}/{objectId}/groups': OBJECT,
  'GET /api/web/permission/{objectType}/{objectId}/effective': { ...SIGNED_IN, serviceToken: true },
  'POST /api/web/permission/{objectType}/effective': { ...SIGNED_IN, serviceToken: true },
  'PUT /api/web/permission/{objectType}/{objectId}/owner': { ...ADMIN, serviceToken: true },
  'DELETE /api/web/permission/{objectType}/{objectId}': { ...ADMIN, serviceToken: true },
  'PUT /api/web/permission/{objectType}/{objectId}/{permissionType}/{userOrGroup}/{targetId}': OBJECT,
  'DELETE /api/web/permission/{objectType}/{objectId}/{permissionType}/{userOrGroup}/{targetId}': OBJECT,
  'GET /api/web/query': QUERY,
  'POST /api/web/query': QUERY,
  'PUT /api/web/query': QUERY,
  'DELETE /api/web/query': QUERY,
  'GET /api/web/query/{id}/permissions/users': QUERY,
  'GET /api/web/query/{id}/permissions/groups': QUERY,
  'PUT /api/web/query/{id}/permission/{permissionType}/{userOrGroup}/{targetId}': QUERY,
  'DELETE /api/web/query/{id}/permission/{permissionType}/{userOrGroup}/{targetId}': QUERY,
  'GET /api/web/aggregate-variables': AGGREGATE,
  'GET /api/web/aggregate-variables/{id}': AGGREGATE,
  'POST /api/web/aggregate-variables': AGGREGATE,
  'PUT /api/web/aggregate-variables': AGGREGATE,
  'DELETE /api/web/aggregate-variables': AGGREGATE,
  // Which rules read given variables: the variables service asks with the service token before deleting
  // an aggregate; a user needs Admin (every rule is named, readable or not).
  'GET /api/web/rule/by-variables': { ...ADMIN, serviceToken: true },
  'GET /api/web/rules-incidence': INCIDENCE,
  'GET /api/web/rules-incidence/{id}': INCIDENCE,
  'GET /api/web/rules-incidence/variable-ids/{id}': INCIDENCE,
  'GET /api/web/rules-incidence/owner/{id}': INCIDENCE,
  'POST /api/web/rules-incidence': INCIDENCE,
  'POST /api/web/rules-incidence/dry-run': INCIDENCE,
  'PUT /api/web/rules-incidence': INCIDENCE,
  'DELETE /api/web/rules-incidence': INCIDENCE,
  'GET /api/web/evaluations-incidence': INCIDENCE,
  'GET /api/web/evaluations-incidence/v2': INCIDENCE,
  'GET /api/web/evaluations-incidence/closed-summaries': INCIDENCE,
  'PUT /api/web/evaluations-incidence/{id}': INCIDENCE,
  'PUT /api/web/evaluations-incidence/manage-summary/{ruleId}': INCIDENCE,
  'PUT /api/web/evaluations-incidence/resolve-summary/{id}': INCIDENCE,
  'GET /api/web/current-status-incidence': INCIDENCE,
  'PUT /api/web/current-status-incidence/assets': { ...ADMIN, serviceToken: true },
  'GET /api/web/current-status-incidence/site-plan': INCIDENCE,
  'GET /api/web/current-status-incidence/site-plan/image': INCIDENCE,
  'PUT /api/web/current-status-incidence/site-plan/image': ADMIN,
  'PUT /api/web/current-status-incidence/site-plan/corners': ADMIN,
  'DELETE /api/web/current-status-incidence/site-plan': ADMIN,
  'GET /api/web/ampo/plant-tree': VALVES,
  'GET /api/web/ampo/plant-current-status': VALVES,
  'GET /api/web/ampo/incidence-review': VALVES,
  'GET /api/web/ampo/valve-actuations': VALVES,
  'GET /api/web/ampo/historic-analysis': VALVES,
  'GET /api/web/ampo/reference-curves': VALVES,
  'PUT /api/web/ampo/asset/{id}': VALVES_ADMIN,
  'POST /api/web/ampo/normal-curves/learn': VALVES_ADMIN,
  'GET /api/web/explorer/variables': { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'explorer' },
  'GET /api/web/explorer/timeline-data': {
    expected: [401, 403, 'ok', 'ok', 'ok'],
    featureHolder: 'explorer',
  },
  'GET /api/web/explorer/correlation-data': EXPLORE,
  'GET /api/web/explorer/raw-points': EXPLORE,
  'GET /api/web/explorer/multiple-correlation-pairs': EXPLORE,
  // The valve monitor learns which variable ids are valve signals with the service token.
  'GET /api/web/variable/minimal': { ...VARIABLE_PICKER, serviceToken: true },
  'GET /api/web/variable/minimal/search': VARIABLE_PICKER,
  'GET /api/web/variable/minimal/tagged': VARIABLE_PICKER,
  'GET /api/web/variable/minimal/tagged/exists': VARIABLE_PICKER,
  'GET /api/web/tag/tree': VARIABLE_PICKER,
  'PUT /api/web/tag': ADMIN,
  'DELETE /api/web/tag': ADMIN,
  'PUT /api/web/tag/add': ADMIN,
  'PUT /api/web/tag/remove': ADMIN,
  // Admin or RawVariable: the holder of RawVariable (root group) and any admin.
  'GET /api/web/variable/page': { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'product' },
  // The raw variable editor: RawVariable or Admin, as the variable table.
  'GET /api/web/raw-variables': { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'product' },
  'PUT /api/web/raw-variables': { expected: [401, 403, 'ok', 'ok', 'ok'], featureHolder: 'product' },
  // Categories are read by the screens that show them (Admin, RawVariable, Explore), written by Admin.
  'GET /api/web/category': EXPLORE,
  'POST /api/web/category': ADMIN,
  'PUT /api/web/category': ADMIN,
  'DELETE /api/web/category': ADMIN,
  // AggregateVariable: an administrator, or a holder of the aggregate-variable permission.
  'POST /api/web/aggregate-variables/preview': ADMIN,
  // RawVariable is ROLE_SUPERADMIN or ROLE_PLANTLENS: a plain admin outside the root group lacks it.
  'POST /api/web/variable/raw/declare': {
    expected: [401, 403, 'ok', 403, 'ok'],
    featureHolder: 'product',
    serviceToken: true,
  },
  // Superadmin is ROLE_SUPERADMIN alone.
  'POST /api/web/csv-upload': SUPERADMIN,
  'GET /api/web/datastore': SUPERADMIN,
  'DELETE /api/web/datastore': SUPERADMIN,
  'GET /api/web/performance': SUPERADMIN,
};

// The only routes reachable without an access token.
const PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/signin',
  'GET /api/auth/sso',
  'POST /api/auth/azuread',
  'GET /api/auth/saml',
  'GET /api/health',
  'GET /api/ready',
]);

jest.setTimeout(30_000);

describe('authorization of every route', () => {
  let app: NestFastifyApplication;
  let routes: string[];
  const tokens = new Map<Role | FeatureHolder, string>();
  const ids: Record<string, string> = {};
  const http = () => request(app.getHttpServer());

  async function signIn(username: string, password: string): Promise<string> {
    const response = await http().post('/api/auth/login').send({ username, password }).expect(200);
    return (response.body as TokenPairDto).accessToken;
  }

  beforeAll(async () => {
    const config = loadPlatformConfig({
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      SUPERADMIN_PASSWORD: 'super123',
    });
    app = await createServiceApp({
      name: 'authorization-test',
      module: serviceModule(config, [...STANDALONE_DOMAIN_MODULES, ...GATEWAY_API_MODULES]),
      config,
      consumerGroup: 'authorization-test',
      checkResponseContracts: true,
    });
    await app.getHttpAdapter().getInstance().ready();

    const document = (await http().get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );

    const superAdmin = await signIn('admin', 'super123');
    const as = (token: string) => (test: request.Test) =>
      test.set(AuthHeaders.authorization, `Bearer ${token}`);
    const asSuper = as(superAdmin);
    const groups = (await asSuper(http().get('/api/web/group')).expect(200)).body as GroupDto[];
    const rootId = groups.find((group) => group.parentId === null)!.id;
    const explorers = await asSuper(http().post('/api/web/group')).send({ name: 'explorers' }).expect(201);
    await asSuper(http().put(`/api/web/group/${explorers.body.id}/permission`))
      .send({ explorer: true })
      .expect(200);
    const queriers = await asSuper(http().post('/api/web/group')).send({ name: 'queriers' }).expect(201);
    await asSuper(http().put(`/api/web/group/${queriers.body.id}/permission`))
      .send({ query: true })
      .expect(200);
    const aggregators = await asSuper(http().post('/api/web/group'))
      .send({ name: 'aggregators' })
      .expect(201);
    await asSuper(http().put(`/api/web/group/${aggregators.body.id}/permission`))
      .send({ aggregatevar: true })
      .expect(200);
    const incidencers = await asSuper(http().post('/api/web/group'))
      .send({ name: 'incidencers' })
      .expect(201);
    await asSuper(http().put(`/api/web/group/${incidencers.body.id}/permission`))
      .send({ incidence: true })
      .expect(200);
    const valveWatchers = await asSuper(http().post('/api/web/group'))
      .send({ name: 'valve watchers' })
      .expect(201);
    await asSuper(http().put(`/api/web/group/${valveWatchers.body.id}/permission`))
      .send({ ampoCurrentStatus: true })
      .expect(200);
    const create = async (name: string, admin: boolean, groupIds: number[]) =>
      (
        await asSuper(http().post('/api/web/user'))
          .send({ name, admin, enabled: true, groupIds, password: 'secret1', repeat: 'secret1' })
          .expect(201)
      ).body.id as number;
    await create('plain', false, []);
    await create('explorer', false, [explorers.body.id]);
    await create('querier', false, [queriers.body.id]);
    await create('aggregator', false, [aggregators.body.id]);
    await create('incidencer', false, [incidencers.body.id]);
    await create('valveWatcher', false, [valveWatchers.body.id]);
    await create('product', false, [rootId]);
    await create('admin2', true, []);
    const ownerId = await create('owner', false, []);
    const targetId = await create('target', false, []);
    const target = await asSuper(http().post('/api/web/group')).send({ name: 'target' }).expect(201);
    Object.assign(ids, {
      objectType: 'query',
      objectId: '1',
      permissionType: 'read',
      userOrGroup: 'user',
      targetId: String(targetId),
      id: String(target.body.id),
      groupId: String(target.body.id),
      userId: String(targetId),
      ownerId: String(ownerId),
    });
    tokens.set('superAdmin', superAdmin);
    tokens.set('plain', await signIn('plain', 'secret1'));
    tokens.set('explorer', await signIn('explorer', 'secret1'));
    tokens.set('querier', await signIn('querier', 'secret1'));
    tokens.set('aggregator', await signIn('aggregator', 'secret1'));
    tokens.set('incidencer', await signIn('incidencer', 'secret1'));
    tokens.set('valveWatcher', await signIn('valveWatcher', 'secret1'));
    tokens.set('product', await signIn('product', 'secret1'));
    tokens.set('admin', await signIn('admin2', 'secret1'));
    tokens.set('owner', await signIn('owner', 'secret1'));
  }, 60_000);
  afterAll(() => app?.close());

  it('has a row for every route of the OpenAPI document, public or protected', () => {
    const unknown = routes.filter((route) => !(route in TABLE) && !PUBLIC.has(route));
    expect(unknown).toEqual([]);
    expect([...Object.keys(TABLE), ...PUBLIC].filter((route) => !routes.includes(route))).toEqual([]);
    expect(routes.filter((route) => / \/api\/(web|auth\/azuread\/user)/.test(route)).sort()).toEqual(
      Object.keys(TABLE).sort(),
    );
  });

  function call(route: string) {
    const [method, template] = route.split(' ') as [string, string];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? '1');
    const query = method === 'DELETE' && !template.includes('{') ? { id: ids.userId } : {};
    return http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).query(query);
  }

  async function registerOwner(): Promise<void> {
    await http()
      .put(`/api/web/permission/query/1/owner`)
      .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
      .send({ ownerId: Number(ids.ownerId) })
      .expect(204);
  }

  it.each(Object.entries(TABLE))('%s', async (route, row) => {
    const actual: (number | string)[] = [];
    for (const role of ROLES) {
      await registerOwner();
      const holder = role === 'feature' ? row.featureHolder : role;
      const token = role === 'anonymous' ? undefined : tokens.get(holder);
      const response = await (token
        ? call(route).set(AuthHeaders.authorization, `Bearer ${token}`)
        : call(route));
      actual.push([401, 403].includes(response.status) ? response.status : 'ok');
      if (role === 'anonymous') expect(response.body.message).toBe(AuthMessages.missingToken);
      // An allowed call must fail for its own reason, never with the guard's 401/403 messages.
      if (response.status === 403 && row.expected[ROLES.indexOf(role)] === 'ok') {
        throw new Error(`${route} as ${role}: 403 ${JSON.stringify(response.body)}`);
      }
    }
    expect(actual).toEqual(row.expected);
    const withServiceToken = await call(route).set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken);
    if (row.serviceToken) expect([401, 403]).not.toContain(withServiceToken.status);
    else expect(withServiceToken.status).toBe(401);
  });

  it('lets anonymous callers reach the public routes only', async () => {
    for (const route of PUBLIC) {
      const response = await call(route);
      // Refresh and logout may answer 401 for a missing refresh token, but never the guard's refusal.
      expect({ route, message: response.body.message }).not.toEqual({
        route,
        message: AuthMessages.missingToken,
      });
      expect(response.status).toBeLessThan(500);
    }
  });
});
