// Input validated at the edge (issue 15, "Server errors from bad input"): every finding of the hand-made
// attack answers 400 with the ApiError body naming the parameter, never 5xx. Ids beyond PostgreSQL's
// `integer` (2³¹ − 1), NUL characters (PostgreSQL text cannot hold U+0000) and numbers that are not plain
// decimals are refused by the shared zod parts of libs/contracts (schema-parts.ts) and, for NUL, by the
// HTTP layer's guard as well (libs/platform/src/http/nul-character.guard.ts).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiErrorDto } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { RulesModule } from '@plantlens/rules';
import { ValvesModule } from '@plantlens/valves';
import { VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const BEYOND_INT4 = 2_147_483_648;
const NUL = '\u0000';
const START = 1_700_000_000_000;
const END = START + 86_400_000;
const EVOLUTION = '/explorer-evolution?variables=1,2&startDate=1700000000000&endDate=1700086400000';

type Call = (admin: ApiClient) => request.Test;

describe('input validated at the edge: 400 naming the parameter, never 5xx', () => {
  let app: NestFastifyApplication;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await startTestApp('edge-input-test', [IdentityModule, VariablesModule, RulesModule, ValvesModule]);
    admin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
  }, 60_000);
  afterAll(() => app?.close());

  async function expectBadRequest(call: request.Test, parameter: string, message: RegExp): Promise<void> {
    const response = await call;
    expect([response.status, response.body]).toEqual([
      400,
      expect.objectContaining({ statusCode: 400, error: 'Bad Request' }),
    ]);
    const body = response.body as ApiErrorDto;
    expect(body.issues?.map((issue) => issue.path)).toContain(parameter);
    expect(body.message).toMatch(new RegExp(`(^|; )${parameter.replace(/\./g, '\\.')}: `));
    expect(body.message).toMatch(message);
  }

  const beyond = /must be at most 2147483647/;
  const idBeyond: [string, string, Call][] = [
    ['variable/minimal ids', 'ids', (c) => c.get(`/api/web/variable/minimal?ids=1,${BEYOND_INT4}`)],
    [
      'timeline-data variable id',
      'variableIds',
      (c) =>
        c.get(`/api/web/explorer/timeline-data?variableIds=${BEYOND_INT4}&startDate=${START}&endDate=${END}`),
    ],
    [
      'correlation-data variable id',
      'variableIds',
      (c) =>
        c.get(
          `/api/web/explorer/correlation-data?variableIds=1,${BEYOND_INT4}&startDate=${START}&endDate=${END}`,
        ),
    ],
    ['rule id (read)', 'id', (c) => c.get(`/api/web/rules-incidence/${BEYOND_INT4}`)],
    ['rule id (delete)', 'id', (c) => c.delete(`/api/web/rules-incidence?id=${BEYOND_INT4}`)],
    ['rule id (variable ids)', 'id', (c) => c.get(`/api/web/rules-incidence/variable-ids/${BEYOND_INT4}`)],
    ['query id (delete)', 'id', (c) => c.delete(`/api/web/query/?id=${BEYOND_INT4}`)],
    ['query id (sharing)', 'id', (c) => c.get(`/api/web/query/${BEYOND_INT4}/permissions/users`)],
    ['user id', 'id', (c) => c.delete(`/api/web/user/?id=${BEYOND_INT4}`)],
    ['user id (enable)', 'id', (c) => c.put(`/api/web/user/enable?id=${BEYOND_INT4}`)],
    ['user id (body)', 'id', (c) => c.put('/api/web/user/').send({ id: BEYOND_INT4, name: 'someone' })],
    ['group id', 'id', (c) => c.get(`/api/web/group/${BEYOND_INT4}/user`)],
    ['group id (member)', 'groupId', (c) => c.post(`/api/web/group/${BEYOND_INT4}/user/1`)],
    ['permission object id', 'objectId', (c) => c.get(`/api/web/permission/query/${BEYOND_INT4}/users`)],
    [
      'permission target id',
      'targetId',
      (c) => c.put(`/api/web/permission/query/1/read/user/${BEYOND_INT4}`),
    ],
    [
      'incidence id',
      'id',
      (c) => c.put(`/api/web/evaluations-incidence/${BEYOND_INT4}`).send({ status: 'REVISION' }),
    ],
    [
      'incidence rule id',
      'ruleId',
      (c) => c.put(`/api/web/evaluations-incidence/manage-summary/${BEYOND_INT4}`).send({ enabled: true }),
    ],
    [
      'incidence asset filter',
      'filterAssets',
      (c) => c.get(`/api/web/evaluations-incidence?filterAssets=${BEYOND_INT4}`),
    ],
    ['category id', 'id', (c) => c.get(`/api/web/category/?id=${BEYOND_INT4}`)],
    ['aggregate variable id', 'id', (c) => c.get(`/api/web/aggregate-variables/${BEYOND_INT4}`)],
    ['raw variable id', 'id', (c) => c.get(`/api/web/raw-variables?id=${BEYOND_INT4}`)],
    [
      'raw points variable id',
      'variableId',
      (c) => c.get(`/api/web/explorer/raw-points?variableId=${BEYOND_INT4}&from=0&to=1`),
    ],
    ['datastore ids', 'ids', (c) => c.delete(`/api/web/datastore?ids=${BEYOND_INT4}`)],
    [
      'tag assignment tag id',
      'tagIds.0',
      (c) => c.put('/api/web/tag/add').send({ variableIds: [1], tagIds: [BEYOND_INT4] }),
    ],
    [
      'rule naming such a variable (was 502)',
      '0.varOneId',
      (c) =>
        c
          .post('/api/web/rules-incidence')
          .send([{ name: 'big', operator: '>', varOneId: BEYOND_INT4, constant: 1 }]),
    ],
  ];
  it.each(idBeyond)('an id of 2³¹: %s', async (_finding, parameter, call) => {
    await expectBadRequest(call(admin), parameter, /2147483647/);
  });

  it('the first id beyond 2³¹ − 1 is refused, the last one inside is read (and names nothing)', async () => {
    await expectBadRequest(admin.get(`/api/web/rules-incidence/${BEYOND_INT4}`), 'id', beyond);
    expect((await admin.get(`/api/web/rules-incidence/${BEYOND_INT4 - 1}`)).status).toBe(404);
  });

  const nulFound = /must not contain NUL characters/;
  const nul: [string, string, Call][] = [
    [
      'login user name (no token)',
      'username',
      () =>
        request(app.getHttpServer())
          .post('/api/auth/login')
          .send({ username: `ad${NUL}min`, password: 'x' }),
    ],
    [
      'login password (no token)',
      'password',
      () =>
        request(app.getHttpServer())
          .post('/api/auth/login')
          .send({ username: 'admin', password: `x${NUL}` }),
    ],
    [
      'query name',
      'name',
      (c) => c.post('/api/web/query/').send({ name: `a${NUL}b`, relativePath: EVOLUTION }),
    ],
    ['query list tags', 'tags', (c) => c.get(`/api/web/query/?tags=a%00b`)],
    [
      'rule name',
      '0.name',
      (c) =>
        c
          .post('/api/web/rules-incidence')
          .send([{ name: `r${NUL}`, operator: '>', varOneId: 1, constant: 1 }]),
    ],
    [
      'rule e-mails',
      '0.emails',
      (c) =>
        c
          .post('/api/web/rules-incidence')
          .send([{ name: 'r', operator: '>', varOneId: 1, constant: 1, emails: `a${NUL}@b.es` }]),
    ],
    ['group name', 'name', (c) => c.post('/api/web/group/').send({ name: `g${NUL}` })],
    [
      'asset name',
      'assets.0.name',
      (c) => c.put('/api/web/current-status-incidence/assets').send({ assets: [{ name: `a${NUL}` }] }),
    ],
    ['tag name', '0.name', (c) => c.put('/api/web/tag').send([{ name: `t${NUL}`, children: [] }])],
    ['search text', 'text', (c) => c.get('/api/web/variable/minimal/search?text=a%00')],
    ['incidence filter', 'filter', (c) => c.get('/api/web/evaluations-incidence?filter=%00')],
    ['a key of the body', 'x\u0000', (c) => c.post('/api/web/group/').send({ name: 'g', [`x${NUL}`]: 1 })],
  ];
  it.each(nul)('a NUL character: %s', async (_finding, parameter, call) => {
    await expectBadRequest(call(admin), parameter, nulFound);
  });

  it('a NUL in a part of the address no route reads is refused too', async () => {
    const response = await admin.get('/api/web/no-such-route%00');
    expect([response.status, (response.body as ApiErrorDto).message]).toEqual([
      400,
      'url: must not contain NUL characters',
    ]);
  });

  const timeline = (dates: string) => `/api/web/explorer/timeline-data?variableIds=1&${dates}`;
  const notDecimal: [string, string, string][] = [
    ['an empty startDate', 'startDate', timeline(`startDate=&endDate=${END}`)],
    ['a hexadecimal startDate', 'startDate', timeline(`startDate=0x1A&endDate=${END}`)],
    ['a binary endDate', 'endDate', timeline(`startDate=${START}&endDate=0b1`)],
    ['an exponent', 'endDate', timeline(`startDate=${START}&endDate=1e13`)],
    ['Infinity', 'endDate', timeline(`startDate=${START}&endDate=Infinity`)],
    ['a date past the year 9999', 'endDate', timeline(`startDate=${START}&endDate=9999999999999999`)],
    ['a hexadecimal width', 'width', timeline(`startDate=${START}&endDate=${END}&width=0x100`)],
    ['an empty page', 'page', '/api/web/variable/page?page='],
    ['a fractional page size', 'pageSize', '/api/web/evaluations-incidence?pageSize=1.5'],
    ['a negative id', 'id', '/api/web/rules-incidence/-1'],
    ['a word for an id', 'id', '/api/web/query/abc/permissions/users'],
  ];
  it.each(notDecimal)('a number that is no plain decimal: %s', async (_finding, parameter, path) => {
    await expectBadRequest(admin.get(path), parameter, /must be/);
  });

  it('a text name still takes any Unicode, only control characters are refused', async () => {
    const created = await admin
      .post('/api/web/group/')
      .send({ name: 'Sala de control — 東京 🌡' })
      .expect(201);
    expect(created.body.name).toBe('Sala de control — 東京 🌡');
    await expectBadRequest(
      admin.post('/api/web/group/').send({ name: 'line\nbreak' }),
      'name',
      /control characters/,
    );
  });

  it('numbers in JSON bodies stay finite: 1e400 (Infinity once parsed) is refused', async () => {
    const response = await admin
      .post('/api/web/rules-incidence')
      .set('Content-Type', 'application/json')
      .send('[{"name":"r","operator":">","varOneId":1,"constant":1e400}]');
    expect(response.status).toBe(400);
    expect((response.body as ApiErrorDto).message).toMatch(/^0\.constant: /);
  });
});
