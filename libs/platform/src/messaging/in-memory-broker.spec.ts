import { InMemoryBroker, partitionOf, type BrokerMessage } from './in-memory-broker';

describe('InMemoryBroker', () => {
  it('delivers one key in publish order and every message to every group', async () => {
    const broker = new InMemoryBroker({ partitions: 4 });
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    broker.subscribe('t', 'a', async (message) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      seenByA.push(message.value);
    });
    broker.subscribe('t', 'b', async (message) => void seenByB.push(message.value));
    for (let index = 0; index < 20; index += 1) await broker.publish('t', String(index), 'same-key');
    await broker.drain();
    const expected = Array.from({ length: 20 }, (_, index) => String(index));
    expect(seenByA).toEqual(expected);
    expect(seenByB).toEqual(expected);
  });

  it('redelivers a message whose handler failed, so nothing is lost', async () => {
    const errors: number[] = [];
    const broker = new InMemoryBroker({
      retryBackoffMs: { initial: 1, max: 2 },
      onHandlerError: (_error, _message, attempt) => errors.push(attempt),
    });
    const stored: string[] = [];
    let failuresLeft = 3;
    broker.subscribe('t', 'writer', async (message: BrokerMessage) => {
      if (failuresLeft-- > 0) throw new Error('database unavailable');
      stored.push(message.value);
    });
    await broker.publish('t', 'point', 'k');
    await broker.drain();
    expect(stored).toEqual(['point']);
    expect(errors).toEqual([1, 2, 3]);
  });

  it('keeps messages published before the first subscriber', async () => {
    const broker = new InMemoryBroker();
    await broker.publish('t', 'early', 'k');
    const seen: string[] = [];
    broker.subscribe('t', 'late', async (message) => void seen.push(message.value));
    await broker.drain();
    expect(seen).toEqual(['early']);
  });

  it('makes publishers wait while the topic is full', async () => {
    const broker = new InMemoryBroker({ maxInFlightPerTopic: 2 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    broker.subscribe('t', 'slow', () => gate);
    await broker.publish('t', '1', 'k');
    await broker.publish('t', '2', 'k');
    let thirdAccepted = false;
    const third = broker.publish('t', '3', 'k').then(() => (thirdAccepted = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(thirdAccepted).toBe(false);
    release();
    await third;
    expect(thirdAccepted).toBe(true);
  });

  it('lets a handler publish into its own unbounded topic while that topic is full', async () => {
    const broker = new InMemoryBroker({ maxInFlightPerTopic: 2, unboundedTopics: ['chained'] });
    const seen: string[] = [];
    // Each message's handler publishes the next one and waits for it to be accepted, as the aggregate
    // calculator does for aggregates of aggregates; on a bounded topic the third publish would never return.
    broker.subscribe('chained', 'calculator', async (message) => {
      seen.push(message.value);
      const next = Number(message.value) + 1;
      if (next < 6) await broker.publish('chained', String(next), String(next));
    });
    await broker.publish('chained', '0', '0');
    await broker.publish('chained', '1', '1');
    await broker.drain();
    expect(seen.sort()).toEqual(['0', '1', '1', '2', '2', '3', '3', '4', '4', '5', '5']);
  });

  it('keeps the latest messages of a topic nobody consumes, without holding its publishers', async () => {
    const broker = new InMemoryBroker({ maxInFlightPerTopic: 2, maxRetainedPerTopic: 3 });
    for (let index = 0; index < 10; index += 1) await broker.publish('unread', String(index), 'k');
    const seen: string[] = [];
    broker.subscribe('unread', 'late', async (message) => void seen.push(message.value));
    await broker.drain();
    expect(seen).toEqual(['7', '8', '9']);
  });

  it('reports per partition how many messages a group has not handled yet and the age of the oldest', async () => {
    const broker = new InMemoryBroker({ partitions: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    broker.subscribe('t', 'slow', () => held);
    const published = Date.now();
    await broker.publish('t', 'a', 'k');
    await broker.publish('t', 'b', 'k');
    const partition = partitionOf('k', 2);
    const behind = broker.lagOf('slow', published + 3_000).find((lag) => lag.partition === partition);
    expect(behind?.messages).toBe(2);
    expect(behind?.seconds).toBeGreaterThanOrEqual(2.9);
    expect(broker.lagOf('slow').find((lag) => lag.partition !== partition)).toMatchObject({
      messages: 0,
      seconds: 0,
    });
    expect(broker.lagOf('nobody')).toEqual([]);
    release();
    await broker.drain();
    expect(broker.lagOf('slow').map((lag) => lag.messages)).toEqual([0, 0]);
  });
});
