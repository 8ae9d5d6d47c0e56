import type { MeasurementPoint } from '@plantlens/contracts';
import { MeasurementBatcher, type BatcherSettings, type BatcherSinks } from './measurement-batcher';
import type { Reading, Rejection } from './readings';

const T0 = Date.UTC(2026, 0, 1);
const IDS = new Map([
  ['a', 1],
  ['b', 2],
  ['c', 3],
]);

interface Published {
  key: string;
  points: MeasurementPoint[];
}

// A bus that records what it is given and can be told to fail or to hold publishes until released.
function recordingSinks(overrides: Partial<BatcherSinks> = {}) {
  const published: Published[] = [];
  const rejected: Rejection[] = [];
  const retries: { attempt: number; delayMs: number }[] = [];
  const sinks: BatcherSinks = {
    resolveIds: async (references) =>
      new Map(
        references.flatMap((reference) => (IDS.has(reference) ? [[reference, IDS.get(reference)!]] : [])),
      ),
    publish: async (key, points) => {
      published.push({ key, points });
    },
    reject: (rejection) => rejected.push(rejection),
    onRetry: (_error, attempt, delayMs) => retries.push({ attempt, delayMs }),
    onRecovered: () => undefined,
    ...overrides,
  };
  return { sinks, published, rejected, retries };
}

function settings(overrides: Partial<BatcherSettings> = {}): BatcherSettings {
  return {
    batchPoints: 1_000,
    lingerMs: 10,
    capacityPoints: 100_000,
    keyCount: 2,
    retryMs: { initial: 5, max: 20 },
    ...overrides,
  };
}

function readings(reference: string, count: number, firstValue = 0): Reading[] {
  return Array.from({ length: count }, (_, i) => ({
    reference,
    ts: T0 + (firstValue + i) * 1000,
    value: firstValue + i,
  }));
}

const flat = (published: Published[], variableId: number) =>
  published.flatMap((message) =>
    message.points.filter((point) => point.variableId === variableId).map((point) => point.value),
  );

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('MeasurementBatcher', () => {
  it('publishes at once when a batch is full, without waiting for the linger time', async () => {
    const { sinks, published } = recordingSinks();
    const batcher = new MeasurementBatcher(settings({ batchPoints: 10, lingerMs: 60_000 }), sinks);
    batcher.add(readings('a', 10));
    await until(() => published.length > 0);
    expect(flat(published, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(batcher.publishedPoints).toBe(10);
    await batcher.drain(1_000);
  });

  it('publishes a batch that is not full once its first point has waited the linger time', async () => {
    jest.useFakeTimers();
    try {
      const { sinks, published } = recordingSinks();
      const batcher = new MeasurementBatcher(settings({ batchPoints: 1_000, lingerMs: 50 }), sinks);
      batcher.add(readings('a', 2));
      await jest.advanceTimersByTimeAsync(30);
      batcher.add(readings('a', 1, 2));
      await jest.advanceTimersByTimeAsync(19);
      expect(published).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(published).toEqual([
        {
          key: '1',
          points: [
            { variableId: 1, ts: T0, value: 0 },
            { variableId: 1, ts: T0 + 1000, value: 1 },
            { variableId: 1, ts: T0 + 2000, value: 2 },
          ],
        },
      ]);
      await batcher.drain(1_000);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keys messages by variable id and keeps each variable in order across 5 000-point messages', async () => {
    const { sinks, published } = recordingSinks();
    const batcher = new MeasurementBatcher(settings({ batchPoints: 12_000, keyCount: 2 }), sinks);
    batcher.add([...readings('a', 6_000), ...readings('b', 3_000), ...readings('c', 3_000)]);
    await until(() => batcher.publishedPoints === 12_000);
    // a (1) and c (3) share key 1; b (2) has key 0.
    expect(published.map((message) => [message.key, message.points.length])).toEqual(
      expect.arrayContaining([
        ['1', 5_000],
        ['1', 4_000],
        ['0', 3_000],
      ]),
    );
    expect(
      published.every((message) =>
        message.points.every((point) => String(point.variableId % 2) === message.key),
      ),
    ).toBe(true);
    expect(flat(published, 1)).toEqual(Array.from({ length: 6_000 }, (_, i) => i));
    expect(flat(published, 3)).toEqual(Array.from({ length: 3_000 }, (_, i) => i));
    await batcher.drain(1_000);
  });

  it('counts the points of references that name no variable as rejected', async () => {
    const { sinks, published, rejected } = recordingSinks();
    const batcher = new MeasurementBatcher(settings(), sinks);
    batcher.add([...readings('a', 2), ...readings('ghost', 3)]);
    expect(await batcher.drain(1_000)).toBe(0);
    expect(flat(published, 1)).toEqual([0, 1]);
    expect(rejected).toEqual([
      { reason: 'unknown-variable', detail: 'no variable has the client reference "ghost"', count: 3 },
    ]);
  });

  it('stops making room while the bus holds a full buffer, and makes room once it is published', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { sinks, published } = recordingSinks({
      publish: async (key, points) => {
        await held;
        published.push({ key, points });
      },
    });
    const batcher = new MeasurementBatcher(settings({ batchPoints: 50, capacityPoints: 100 }), sinks);
    await batcher.whenRoom();
    batcher.add(readings('a', 60));
    await batcher.whenRoom();
    batcher.add(readings('a', 60, 60));
    let roomMade = false;
    const room = batcher.whenRoom().then(() => (roomMade = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(roomMade).toBe(false);
    expect(batcher.heldPoints).toBe(120);
    release();
    await room;
    await until(() => batcher.publishedPoints === 120);
    expect(flat(published, 1)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    await batcher.drain(1_000);
  });

  it('puts failed points back in front of newer ones and retries with a growing delay', async () => {
    let failuresLeft = 3;
    const { sinks, published, retries } = recordingSinks({
      publish: async (key, points) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('broker unavailable');
        }
        published.push({ key, points });
      },
    });
    const batcher = new MeasurementBatcher(settings({ batchPoints: 5, lingerMs: 1 }), sinks);
    batcher.add(readings('a', 5));
    await until(() => retries.length >= 1);
    batcher.add(readings('a', 5, 5));
    await until(() => batcher.publishedPoints === 10);
    expect(retries).toEqual([
      { attempt: 1, delayMs: 5 },
      { attempt: 2, delayMs: 10 },
      { attempt: 3, delayMs: 20 },
    ]);
    expect(flat(published, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await batcher.drain(1_000);
  });

  it('keeps the points while the variables service cannot be asked for ids', async () => {
    let available = false;
    const { sinks, published, retries } = recordingSinks();
    const resolveIds = sinks.resolveIds;
    sinks.resolveIds = async (references) => {
      if (!available) throw new Error('connect ECONNREFUSED');
      return resolveIds(references);
    };
    const batcher = new MeasurementBatcher(settings({ lingerMs: 1 }), sinks);
    batcher.add(readings('b', 4));
    await until(() => retries.length >= 2);
    expect(batcher.heldPoints).toBe(4);
    available = true;
    await until(() => batcher.publishedPoints === 4);
    expect(flat(published, 2)).toEqual([0, 1, 2, 3]);
    await batcher.drain(1_000);
  });

  it('publishes what it holds when drained, and refuses more', async () => {
    const { sinks, published } = recordingSinks();
    const batcher = new MeasurementBatcher(settings({ lingerMs: 60_000 }), sinks);
    batcher.add(readings('a', 7));
    expect(await batcher.drain(1_000)).toBe(0);
    expect(flat(published, 1)).toHaveLength(7);
    await expect(batcher.whenRoom()).rejects.toThrow('the connector is stopping');
  });

  it('gives up draining after the timeout and tells how many points were not published', async () => {
    const { sinks } = recordingSinks({
      publish: async () => {
        throw new Error('broker unavailable');
      },
    });
    const batcher = new MeasurementBatcher(settings({ batchPoints: 5, capacityPoints: 5 }), sinks);
    batcher.add(readings('a', 7));
    const waiting = batcher.whenRoom().then(
      () => 'room',
      (error: Error) => error.message,
    );
    expect(await batcher.drain(50)).toBe(7);
    expect(await waiting).toBe('the connector is stopping');
  });

  it('does not let a publish that never answers hold the drain beyond its timeout', async () => {
    const { sinks } = recordingSinks({ publish: () => new Promise<void>(() => undefined) });
    const batcher = new MeasurementBatcher(settings({ batchPoints: 5 }), sinks);
    batcher.add(readings('a', 5));
    batcher.add(readings('b', 2));
    const started = Date.now();
    expect(await batcher.drain(100)).toBe(7);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
