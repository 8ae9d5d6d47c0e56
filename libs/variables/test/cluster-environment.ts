// Connection details of the real PostgreSQL and Kafka started by tools/ (see .ci/run and README).
import { Kafka, logLevel } from 'kafkajs';

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
    await admin.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
}
