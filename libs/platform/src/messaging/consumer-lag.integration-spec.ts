// Consumer lag against a real Kafka broker (KAFKA_BROKERS from tools/kafka/start.sh): a group that stops
// while messages keep arriving shows them as lag, in messages and in seconds, and shows 0 again once it has
// caught up. The topic and the group are this test's own and removed at the end.
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Registry } from 'prom-client';
import { ConsumedMessageClock, kafkaConsumerLag, measureConsumerLag } from './consumer-lag';

const TOPIC = `plantlens-lag-test-${process.pid}-${Date.now()}`;
const GROUP = `${TOPIC}-group`;
const PARTITIONS = 2;

describe('consumer lag of a Kafka group', () => {
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  const kafka = new Kafka({ clientId: 'plantlens-lag-test', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  const producer = kafka.producer();
  const clock = new ConsumedMessageClock();
  const registry = new Registry();
  let consumer: Consumer | undefined;

  beforeAll(async () => {
    if (brokers.length === 0) throw new Error('Needs KAFKA_BROKERS from tools/kafka/start.sh');
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: TOPIC, numPartitions: PARTITIONS }], waitForLeaders: true });
    await producer.connect();
    // Read at once on every scrape: the test follows the lag as it changes.
    const source = kafkaConsumerLag({
      clientId: 'plantlens-lag-test',
      brokers,
      groupId: GROUP,
      topics: () => [TOPIC],
      clock,
      cacheMs: 0,
    });
    measureConsumerLag(registry, GROUP, source);
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await producer.disconnect();
    await admin.deleteGroups([GROUP]).catch(() => undefined);
    await admin.deleteTopics({ topics: [TOPIC] });
    await admin.disconnect();
  });

  async function publish(count: number): Promise<void> {
    await producer.send({
      topic: TOPIC,
      messages: Array.from({ length: count }, (_, index) => ({ partition: index % PARTITIONS, value: 'x' })),
    });
  }

  // The consumer path a service has: each handled message's timestamp goes to the clock.
  async function startConsumer(): Promise<void> {
    consumer = kafka.consumer({ groupId: GROUP });
    await consumer.connect();
    await consumer.subscribe({ topic: TOPIC, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) =>
        clock.record(TOPIC, partition, Number(message.timestamp)),
    });
  }

  async function lag(): Promise<{ messages: number[]; seconds: number[] }> {
    const values = async (name: string) => {
      const metric = await registry.getSingleMetric(name)!.get();
      return metric.values
        .filter((value) => value.labels.group === GROUP && value.labels.topic === TOPIC)
        .sort((a, b) => Number(a.labels.partition) - Number(b.labels.partition))
        .map((value) => value.value);
    };
    return {
      messages: await values('plantlens_consumer_lag_messages'),
      seconds: await values('plantlens_consumer_lag_seconds'),
    };
  }

  // Each partition's end offset. A send the producer retried may be written twice (at least once: seen in CI,
  // 6 messages on a partition sent 3), so what a group is behind by is read from the broker.
  async function ends(): Promise<number[]> {
    return (await admin.fetchTopicOffsets(TOPIC))
      .sort((a, b) => a.partition - b.partition)
      .map((offsets) => Number(offsets.high));
  }

  async function caughtUp(): Promise<{ messages: number[]; seconds: number[] }> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const current = await lag();
      if (current.messages.length === PARTITIONS && current.messages.every((messages) => messages === 0))
        return current;
      if (Date.now() > deadline) throw new Error(`still behind: ${JSON.stringify(current)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('counts what a stopped group has not read, in messages and seconds, and 0 once it caught up', async () => {
    // A group that never committed is behind by everything retained.
    await publish(6);
    const retained = await ends();
    expect(retained.map((end, partition) => end >= [3, 3][partition]!)).toEqual([true, true]);
    expect((await lag()).messages).toEqual(retained);
    await startConsumer();
    expect(await caughtUp()).toEqual({ messages: [0, 0], seconds: [0, 0] });

    await consumer!.disconnect();
    consumer = undefined;
    const read = await ends();
    await publish(5);
    const unread = (await ends()).map((end, partition) => end - read[partition]!);
    expect(unread.map((count, partition) => count >= [3, 2][partition]!)).toEqual([true, true]);
    // The oldest unread message is at least this old behind the last one read.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const behind = await lag();
    expect(behind.messages).toEqual(unread);
    for (const seconds of behind.seconds) expect(seconds).toBeGreaterThanOrEqual(1);

    await startConsumer();
    expect(await caughtUp()).toEqual({ messages: [0, 0], seconds: [0, 0] });
  });
});
