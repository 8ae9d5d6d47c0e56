// The read cache and its back office (spec part 1 §7 "Cache", docs/read-cache.md) over real HTTP: which
// explorer reads are cached, how late points and deletes make them computed again, and who may see them.
// The cache here keeps at most 4 entries of at most 4 000 bytes, so eviction and the size limit show.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  type CorrelationDataDto,
  type DatastoreEntryDto,
  type TimelineDataDto,
} from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { AuthKeys } from '@plantlens/platform';
import { IngestionService, VariablesModule } from '@plantlens/variables';
import request from 'supertest';
import { apiClient, signIn, type ApiClient } from './api-client';
import { startTestApp, TEST_SUPERADMIN_PASSWORD } from './test-app';

const MAX_ENTRIES = 4;
const HOUR = 3_600_000;
// A closed hour, long past: its answers are cached.
const T0 = Date.UTC(2026, 0, 1);

describe('read cache and GET/DELETE /api/web/datastore', () => {
  let app: NestFastifyApplication;
  let superAdmin: ApiClient;
  let admin: ApiClient;
  let explorer: ApiClient;
  let declared = 0;

  beforeAll(async () => {
    app = await startTestApp('datastore-test', [IdentityModule, VariablesModule], {
      RAW_RETENTION_DAYS: '0',
      READ_CACHE_MAX_ENTRIES: String(MAX_ENTRIES),
      READ_CACHE_MAX_ENTRY_BYTES: '4000',
    });
    superAdmin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const explorers = await superAdmin.post('/api/web/group/').send({ name: 'explorers' }).expect(201);
    await superAdmin
      .put(`/api/web/group/${explorers.body.id}/permission/`)
      .send({ explorer: true })
      .expect(200);
    for (const [name, isAdmin, groupIds] of [
      ['plant.admin', true, []],
      ['plant.explorer', false, [explorers.body.id]],
    ] as const) {
      await superAdmin
        .post('/api/web/user/')
        .send({ name, admin: isAdmin, enabled: true, groupIds, password: 'secret1', repeat: 'secret1' })
        .expect(201);
    }
    admin = apiClient(app, await signIn(app, 'plant.admin', 'secret1'));
    explorer = apiClient(app, await signIn(app, 'plant.explorer', 'secret1'));
  }, 60_000);
  afterAll(() => app?.close());

  /** A new variable with one point a minute over [T0, T0 + hours). */
  async function variableWithPoints(hours = 3): Promise<number> {
    declared += 1;
    const response = await request(app.getHttpServer())
      .post('/api/web/variable/raw/declare')
      .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
      .send({
        variables: [{ clientReference: `cached_${declared}`, name: `Cached ${declared}`, unit: 'bar' }],
      })
      .expect(201);
    const id = response.body.variables[0].id as number;
    await store(
      id,
      Array.from({ length: hours * 60 }, (_, minute) => [T0 + minute * 60_000, minute]),
    );
    return id;
  }

  // Through the service's ingestion, as the measurements topic delivers them.
  async function store(variableId: number, points: [number, number][]): Promise<void> {
    const result = await app.get(IngestionService).ingest({
      source: 'test',
      points: points.map(([ts, value]) => ({ variableId, ts, value })),
    });
    expect(result.stored).toBe(points.length);
  }

  async function timeline(variableIds: number[], startDate: number, endDate: number, width = 20) {
    const response = await explorer
      .get('/api/web/explorer/timeline-data')
      .query({ variableIds: variableIds.join(','), startDate, endDate, width })
      .expect(200);
    return response.body as TimelineDataDto;
  }

  const entries = async () =>
    (await superAdmin.get('/api/web/datastore').expect(200)).body as DatastoreEntryDto[];
  // Keys end with the variable ids (the last parameter in name order).
  const entriesOf = async (call: string, variableIds: number[]) =>
    (await entries()).filter(
      (entry) =>
        entry.key.startsWith(`${call}?`) && entry.key.endsWith(`&variableIds=${variableIds.join(',')}`),
    );

  it('stores a closed-range timeline-data answer once and serves the same request from it', async () => {
    const id = await variableWithPoints();
    const first = await timeline([id], T0, T0 + HOUR);
    const [entry] = await entriesOf('timeline-data', [id]);
    expect(entry).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(
        /^timeline-data\?columns=\d+&gridEndMs=\d+&gridStartMs=\d+&resolutionS=\d+&/,
      ),
      // The compact form the read path keeps (timestamps and values as texts, docs/read-cache.md).
      value: expect.stringMatching(new RegExp(`^\\[\\[${id},\\{"ts":"`)),
      abridged: true,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sizeBytes: expect.any(Number),
      hits: 0,
    });
    expect(entry!.value).toHaveLength(300);
    expect(entry!.sizeBytes).toBeGreaterThan(300);

    const second = await timeline([id], T0, T0 + HOUR);
    expect(second).toEqual(first);
    expect(await entriesOf('timeline-data', [id])).toEqual([{ ...entry, hits: 1 }]);
  });

  it('takes names and units from the catalogue, not from the cache', async () => {
    const id = await variableWithPoints();
    const first = await timeline([id], T0, T0 + HOUR);
    expect((await entriesOf('timeline-data', [id]))[0]!.value).not.toContain('Cached');
    const second = await timeline([id], T0, T0 + HOUR);
    expect(second.variables[0]!.metadata).toEqual({ id, label: `Cached ${declared}`, unit: 'bar' });
    expect(second).toEqual(first);
  });

  it('never caches a range that reaches the last READ_CACHE_SETTLE_SECONDS (points may still arrive)', async () => {
    const id = await variableWithPoints();
    const now = Date.now();
    await timeline([id], now - HOUR, now);
    await timeline([id], now - HOUR, now);
    // Five minutes back is the default settle time: one minute back is still open.
    await timeline([id], now - HOUR, now - 60_000);
    expect(await entriesOf('timeline-data', [id])).toEqual([]);
  });

  it('deletes exactly the entries whose variables and range a late point falls in, which then recompute', async () => {
    const [a, b] = [await variableWithPoints(), await variableWithPoints()];
    await timeline([a], T0, T0 + HOUR);
    await timeline([a], T0 + 2 * HOUR, T0 + 3 * HOUR);
    await timeline([b], T0, T0 + HOUR);
    const [laterA] = await entriesOf('timeline-data', [a]).then((found) =>
      found.filter((entry) => entry.key.includes(`gridStartMs=${T0 + 2 * HOUR}`)),
    );
    const [earlyB] = await entriesOf('timeline-data', [b]);
    expect((await entriesOf('timeline-data', [a])).length).toBe(2);

    // A late point of A in its first hour, far above the rest.
    await store(a, [[T0 + 30 * 60_000 + 1_000, 1_000]]);
    expect(await entriesOf('timeline-data', [a])).toEqual([laterA]);
    expect(await entriesOf('timeline-data', [b])).toEqual([earlyB]);

    const recomputed = await timeline([a], T0, T0 + HOUR);
    expect(Math.max(...recomputed.variables[0]!.data.map((point) => point.value))).toBe(1_000);
    expect((await entriesOf('timeline-data', [a])).length).toBe(2);
  });

  it('caches correlation-data of a closed range too, invalidated by a late point of any of its variables', async () => {
    const [x, y] = [await variableWithPoints(1), await variableWithPoints(1)];
    const correlation = async () =>
      (
        await explorer
          .get('/api/web/explorer/correlation-data')
          .query({ variableIds: `${x},${y}`, startDate: T0, endDate: T0 + 10 * 60_000 })
          .expect(200)
      ).body as CorrelationDataDto;
    const first = await correlation();
    expect(first.variables[0]!.data).toHaveLength(10);
    expect(await correlation()).toEqual(first);
    const [entry] = await entriesOf('correlation-data', [x, y]);
    expect(entry).toMatchObject({ hits: 1, value: expect.stringMatching(/^\{"sampled":false,"aligned":/) });

    await store(y, [[T0 + 5 * 60_000, -5]]);
    expect(await entriesOf('correlation-data', [x, y])).toEqual([]);
    expect((await correlation()).variables[1]!.data[5]).toEqual({
      timestamp: (T0 + 5 * 60_000) / 1000,
      value: -5,
    });
  });

  it('does not store an answer larger than READ_CACHE_MAX_ENTRY_BYTES', async () => {
    const id = await variableWithPoints(6);
    // 2 000 columns of a 6-hour range: every one of its 360 points, some 6 400 bytes in the compact form.
    await timeline([id], T0, T0 + 6 * HOUR, 2000);
    expect(await entriesOf('timeline-data', [id])).toEqual([]);
  });

  it('keeps at most READ_CACHE_MAX_ENTRIES, the oldest going first, listed newest first', async () => {
    const id = await variableWithPoints();
    for (let hour = 0; hour < MAX_ENTRIES + 1; hour += 1) {
      await timeline([id], T0 + hour * 600_000, T0 + (hour + 1) * 600_000);
    }
    const listed = await entries();
    expect(listed).toHaveLength(MAX_ENTRIES);
    expect(listed.every((entry) => entry.key.endsWith(`variableIds=${id}`))).toBe(true);
    expect(listed.map((entry) => entry.id)).toEqual(
      [...listed.map((entry) => entry.id)].sort((p, q) => q - p),
    );
    expect(listed.some((entry) => entry.key.includes(`gridStartMs=${T0}&`))).toBe(false);
  });

  describe('DELETE /api/web/datastore?ids=', () => {
    it('deletes the named entries, ignores ids no longer there, and the next request computes again', async () => {
      const id = await variableWithPoints();
      const answer = await timeline([id], T0, T0 + HOUR);
      await timeline([id], T0, T0 + HOUR);
      const [entry] = await entriesOf('timeline-data', [id]);
      expect(entry!.hits).toBe(1);

      const deleted = await superAdmin
        .delete('/api/web/datastore')
        .query({ ids: `${entry!.id},999999` })
        .expect(200);
      expect(deleted.body).toEqual({ deleted: 1 });
      expect(await entriesOf('timeline-data', [id])).toEqual([]);

      expect(await timeline([id], T0, T0 + HOUR)).toEqual(answer);
      const [again] = await entriesOf('timeline-data', [id]);
      expect(again).toMatchObject({ key: entry!.key, hits: 0 });
      expect(again!.id).not.toBe(entry!.id);
    });

    const NOT_IDS = 'ids: must be a comma-separated list of positive integer ids';
    it.each([
      ['no ids', {}, 'ids: is required (must be a comma-separated list of positive integer ids)'],
      ['empty ids', { ids: '' }, NOT_IDS],
      ['a word', { ids: '1,x' }, NOT_IDS],
      ['zero', { ids: '0' }, NOT_IDS],
      ['a fraction', { ids: '1.5' }, NOT_IDS],
      [
        '1001 ids',
        { ids: Array.from({ length: 1001 }, (_, i) => i + 1).join(',') },
        'ids: must list at most 1000 ids',
      ],
    ])('answers 400 naming the parameter for %s', async (_case, query, message) => {
      const response = await superAdmin.delete('/api/web/datastore').query(query).expect(400);
      expect(response.body.message).toBe(message);
    });
  });

  it('is for the super admin only: an administrator or an explorer gets 403', async () => {
    for (const client of [admin, explorer]) {
      await client.get('/api/web/datastore').expect(403);
      await client.delete('/api/web/datastore').query({ ids: '1' }).expect(403);
    }
  });
});
