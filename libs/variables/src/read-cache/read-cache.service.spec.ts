import { Logger } from '@nestjs/common';
import { Database, IN_MEMORY_DATA_DIR, loadPlatformConfig, SchemaMigrator } from '@plantlens/platform';
import { variablesMigrations } from '../database/migrations';
import { VARIABLES_SCHEMA } from '../database/variables-database';
import { ReadCacheRepository } from './read-cache.repository';
import { ReadCacheService, type CachedRead } from './read-cache.service';

const HOUR = 3_600_000;
// Long past: settled, so cached.
const T0 = Date.UTC(2025, 0, 1);

// Storing after answering: the answer does not wait for its entry, and the race guard still holds.
describe('ReadCacheService', () => {
  let database: Database;
  let entries: ReadCacheRepository;
  let cache: ReadCacheService;
  let keys = 0;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    database = await Database.openPglite();
    await new SchemaMigrator(database).migrate(VARIABLES_SCHEMA, variablesMigrations);
    entries = new ReadCacheRepository(database);
    cache = new ReadCacheService(
      entries,
      loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
    );
  });
  afterAll(async () => {
    await cache?.settled();
    await database?.close();
  });

  function read(variableIds: number[]): CachedRead {
    keys += 1;
    return { key: `test?key=${keys}`, variableIds, fromMs: T0, toMs: T0 + HOUR };
  }
  const storedKeys = async () => (await entries.list(100, 10)).map((entry) => entry.key);

  it('answers before the entry is stored, and stores it right after', async () => {
    const first = read([1]);
    expect(await cache.getOrCompute(first, async () => ({ points: [1, 2] }))).toEqual({ points: [1, 2] });
    // Straight from the table, not through the service (which would wait for the store).
    expect(await storedKeys()).not.toContain(first.key);
    await cache.settled();
    expect(await storedKeys()).toContain(first.key);
  });

  it('serves the same request from the entry being stored instead of computing it again', async () => {
    const again = read([2]);
    const compute = jest.fn(async () => 'answer');
    expect(await cache.getOrCompute(again, compute)).toBe('answer');
    expect(await cache.getOrCompute(again, compute)).toBe('answer');
    expect(compute).toHaveBeenCalledTimes(1);
    expect((await entries.list(100, 10)).find((entry) => entry.key === again.key)?.hits).toBe(1);
  });

  it('does not store an answer whose range was written while it was computed', async () => {
    const raced = read([3]);
    const answer = await cache.getOrCompute(raced, async () => {
      await cache.invalidate([{ variableId: 3, fromMs: T0 + HOUR / 2, toMs: T0 + HOUR / 2 }]);
      return 'computed before the late point';
    });
    expect(answer).toBe('computed before the late point');
    await cache.settled();
    expect(await storedKeys()).not.toContain(raced.key);
  });

  it('answers even when its store fails, which the next request then computes again', async () => {
    const failing = read([5]);
    jest.spyOn(entries, 'storeUnlessInvalidated').mockRejectedValueOnce(new Error('database gone'));
    const compute = jest.fn(async () => 'still answered');
    expect(await cache.getOrCompute(failing, compute)).toBe('still answered');
    await cache.settled();
    expect(await storedKeys()).not.toContain(failing.key);
    expect(await cache.getOrCompute(failing, compute)).toBe('still answered');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('lists an answer given a moment ago, waiting for its store', async () => {
    const listed = read([4]);
    await cache.getOrCompute(listed, async () => 'listed');
    expect((await cache.list()).map((entry) => entry.key)).toContain(listed.key);
  });
});
