import { Kafka, logLevel } from 'kafkajs';
import { Topics } from '@plantlens/contracts';

// Creates every topic of the application that does not exist yet, so a consumer never subscribes to a
// missing topic on a brand-new broker (kafkajs would fail and the service would exit). Existing topics
// are left as they are: their partition count is the operators' decision.
export async function ensureKafkaTopics(
  clientId: string,
  brokers: string[],
  partitions: number,
): Promise<void> {
  const admin = new Kafka({ clientId: `${clientId}-admin`, brokers, logLevel: logLevel.WARN }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = Object.values(Topics).filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      await admin.createTopics({
        topics: missing.map((topic) => ({ topic, numPartitions: partitions })),
        waitForLeaders: true,
      });
    }
  } finally {
    await admin.disconnect();
  }
}
