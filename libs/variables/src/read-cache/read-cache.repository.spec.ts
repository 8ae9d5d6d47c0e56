import { Logger } from '@nestjs/common';
import { Database, SchemaMigrator } from '@plantlens/platform';
import { variablesMigrations } from '../database/migrations';
import { VARIABLES_SCHEMA, type VariablesDb } from '../database/variables-database';
import { ReadCacheRepository, type NewCacheEntry } from './read-cache.repository';

// The storing and invalidation rules on a real (PGlite) database.
describe('ReadCacheRepository', () => {
  let database: Database;
  let cache: ReadCacheRepository;
  let keys = 0;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    database = await Database.openPglite();
    await new SchemaMigrator(database).migrate(VARIABLES_SCHEMA, variablesMigrations);
    cache = new ReadCacheRepository(database);
  });
  afterAll(() => database?.close());

  function entry(variableIds: number[], fromMs: number, toMs: number): NewCacheEntry {
    keys += 1;
    return { key: `test?key=${keys}`, value: '[]', sizeBytes: 2, variableIds, fromMs, toMs };
  }

  async function stored(candidate: NewCacheEntry): Promise<number> {
    const { now } = await cache.lookup(candidate.key);
    expect(await cache.storeUnlessInvalidated(candidate, now, 100)).toBe(true);
    const [row] = (await cache.list(100, 10)).filter((listed) => listed.key === candidate.key);
    return row!.id;
  }

  it('counts a hit on each lookup of a stored key, and none on a miss', async () => {
    const candidate = entry([30], 0, 1_000);
    expect((await cache.lookup(candidate.key)).value).toBeUndefined();
    await stored(candidate);
    expect((await cache.lookup(candidate.key)).value).toBe('[]');
    await cache.lookup(candidate.key);
    expect((await cache.list(100, 10)).find((listed) => listed.key === candidate.key)?.hits).toBe(2);
  });

  const listedIds = async () => (await cache.list(100, 10)).map((row) => row.id);

  it('refuses an answer whose range was invalidated while it was being computed', async () => {
    const late = entry([1, 2], 1_000, 2_000);
    const { now: computeStarted } = await cache.lookup(late.key);
    await cache.invalidate([{ variableId: 2, fromMs: 2_000, toMs: 2_500 }]);
    expect(await cache.storeUnlessInvalidated(late, computeStarted, 100)).toBe(false);
    // Another variable, or a range beside it, does not stop it.
    const unrelated = entry([1, 3], 1_000, 1_999);
    const { now } = await cache.lookup(unrelated.key);
    await cache.invalidate([
      { variableId: 2, fromMs: 1_000, toMs: 1_500 },
      { variableId: 1, fromMs: 2_000, toMs: 2_100 },
    ]);
    expect(await cache.storeUnlessInvalidated(unrelated, now, 100)).toBe(true);
  });

  it('invalidates the entries of the changed variable whose range overlaps, both ends included', async () => {
    const before = await stored(entry([10], 0, 999));
    const touchingEnd = await stored(entry([10, 11], 1_000, 2_000));
    const otherVariable = await stored(entry([11], 1_000, 2_000));
    expect(await cache.invalidate([{ variableId: 10, fromMs: 2_000, toMs: 3_000 }])).toBe(1);
    const left = await listedIds();
    expect(left).toEqual(expect.arrayContaining([before, otherVariable]));
    expect(left).not.toContain(touchingEnd);
  });

  it('invalidates every variable before a retention horizon', async () => {
    const old = await stored(entry([20], 0, 5_000));
    const recent = await stored(entry([21], 6_000, 9_000));
    await cache.invalidate([{ variableId: null, fromMs: 0, toMs: 5_500 }]);
    const left = await listedIds();
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });

  it('forgets a deleted variable: its entries go, and an answer computed with it is not stored after', async () => {
    const named = await stored(entry([40, 41], 0, 1_000));
    const other = await stored(entry([41], 0, 1_000));
    const late = entry([40], 5_000_000, 6_000_000);
    const { now: computeStarted } = await cache.lookup(late.key);
    await (database.kysely as VariablesDb).transaction().execute((trx) => cache.forgetVariable(trx, 40));
    const left = await listedIds();
    expect(left).toContain(other);
    expect(left).not.toContain(named);
    expect(await cache.storeUnlessInvalidated(late, computeStarted, 100)).toBe(false);
  });
});
