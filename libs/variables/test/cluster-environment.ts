// Connection details of the real PostgreSQL and Kafka started by tools/ (see .ci/run and README).
import { Topics } from '@plantlens/contracts';
import { Kafka, logLevel, type Admin } from 'kafkajs';

export function clusterEnvironment(): { databaseUrl: string; brokers: string } {
  const databaseUrl = process.env.DATABASE_URL;
  const brokers = process.env.KAFKA_BROKERS;
  if (!databaseUrl || !brokers) {
    throw new Error(
      'The integration suite needs DATABASE_URL and KAFKA_BROKERS: run `bash tools/postgres/start.sh` and ' +
        '`bash tools/kafka/start.sh`, export what they print, then `npm run test:integration`.',
    );
  }
  return { databaseUrl, brokers };
}

function kafkaAdmin(brokers: string) {
  return new Kafka({
    clientId: 'plantlens-test-admin',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
}

// Removes the topic and waits until the broker has really dropped it (deletion is asynchronous).
export async function deleteTopic(brokers: string, topic: string): Promise<void> {
  const admin = kafkaAdmin(brokers);
  await admin.connect();
  try {
    if ((await admin.listTopics()).includes(topic))
      await admin.deleteTopics({ topics: [topic], timeout: 30_000 });
    const deadline = Date.now() + 60_000;
    while ((await admin.listTopics()).includes(topic)) {
      if (Date.now() > deadline) throw new Error(`topic ${topic} still exists 60 s after deletion`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await admin.disconnect();
  }
}

// Starts each run from an empty topic so messages left by earlier runs or benchmarks do not interfere.
export async function recreateTopic(brokers: string, topic: string, partitions = 6): Promise<void> {
  await deleteTopic(brokers, topic);
  const admin = kafkaAdmin(brokers);
  await admin.connect();
  try {
    await admin
      .createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true })
      .catch((error: { type?: string }) => {
        // Right after a deletion the broker may create the topic, then answer for a while that it does not
        // host its partitions (seen in CI); kafkajs retries only "leader not available". Awaited below.
        if (error.type !== 'UNKNOWN_TOPIC_OR_PARTITION') throw error;
      });
    const led = async () => {
      const metadata = await admin.fetchTopicMetadata({ topics: [topic] }).catch(() => null);
      const found = metadata?.topics[0]?.partitions ?? [];
      return found.length === partitions && found.every((partition) => partition.leader >= 0);
    };
    const deadline = Date.now() + 60_000;
    while (!(await led())) {
      if (Date.now() > deadline) throw new Error(`topic ${topic} has no leaders 60 s after its creation`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await admin.disconnect();
  }
}

// Moves a consumer group to the current end of the topics, so what other suites left there is not its.
export async function startGroupAtEnd(admin: Admin, groupId: string, topics: string[]): Promise<void> {
  for (const topic of topics) {
    // On a fresh broker the topics' leaders may still be being elected.
    const deadline = Date.now() + 30_000;
    let ends = await admin.fetchTopicOffsets(topic).catch(() => null);
    while (!ends) {
      if (Date.now() > deadline) throw new Error(`no offsets of ${topic} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      ends = await admin.fetchTopicOffsets(topic).catch(() => null);
    }
    await admin.setOffsets({
      groupId,
      topic,
      partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
    });
  }
}

/** Messages of `measurements` the group has not committed yet. */
export async function measurementsLag(admin: Admin, groupId: string): Promise<number> {
  const ends = await admin.fetchTopicOffsets(Topics.measurements);
  const [committed] = await admin.fetchOffsets({ groupId, topics: [Topics.measurements] });
  return ends.reduce((lag, end) => {
    const done = committed?.partitions.find((partition) => partition.partition === end.partition);
    return lag + Number(end.offset) - Math.max(0, Number(done?.offset ?? 0));
  }, 0);
}
