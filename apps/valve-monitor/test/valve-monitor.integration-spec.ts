// The valve monitor scenario over real Kafka and PostgreSQL: a database of the run's own, the shared
// broker's `measurements` read by a consumer group of the run's own from its current end (variable ids are
// unique to the run, so other suites' points are only dropped as unknown), the restart a new app joining
// the same group.
import { Topics, type AssetAlarmEvent } from '@plantlens/contracts';
import { ensureKafkaTopics, loadPlatformConfig } from '@plantlens/platform';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Client } from 'pg';
import { describeValveMonitor } from './valve-monitor.scenario';

const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_valves_it_${RUN}`;
const startedAt = Date.now();

describeValveMonitor('cluster: PostgreSQL + Kafka', async () => {
  const { DATABASE_URL: baseUrl, KAFKA_BROKERS: brokers } = process.env;
  if (!baseUrl || !brokers) {
    throw new Error(
      'Needs DATABASE_URL and KAFKA_BROKERS from tools/postgres/start.sh and tools/kafka/start.sh',
    );
  }
  const server = new Client({ connectionString: baseUrl });
  await server.connect();
  await server.query(`create database ${DATABASE}`);
  await server.end();
  const config = loadPlatformConfig({
    DATABASE_URL: baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`),
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT_ID: `valves-it-${RUN}`,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  });
  // Subscribing before a service created `asset-alarms` would race its leader election.
  await ensureKafkaTopics(`valves-it-${RUN}`, config.KAFKA_BROKERS!, config.KAFKA_TOPIC_PARTITIONS);
  // The run's group starts at the end of `measurements`: what earlier runs and benchmarks left there is not
  // this run's to wait for.
  const consumerGroup = `valve-monitor-it-${RUN}`;
  const admin = new Kafka({
    clientId: `valves-it-${RUN}`,
    brokers: config.KAFKA_BROKERS!,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(Topics.measurements);
  await admin.setOffsets({
    groupId: consumerGroup,
    topic: Topics.measurements,
    partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
  });
  await admin.disconnect();
  let consumer: Consumer | undefined;
  return {
    config,
    consumerGroup,
    firstVariableId: 1_700_000_000 + (Number(RUN) % 100_000_000),
    // One consumer for the whole run: it sees what every app instance published.
    async collectAlarms(_app, into: AssetAlarmEvent[]) {
      if (consumer) return;
      consumer = new Kafka({
        clientId: `valves-it-${RUN}`,
        brokers: config.KAFKA_BROKERS!,
        logLevel: logLevel.NOTHING,
      }).consumer({
        groupId: `valves-it-${RUN}-alarms`,
      });
      await consumer.connect();
      await consumer.subscribe({ topic: Topics.assetAlarms, fromBeginning: true });
      await consumer.run({
        // Earlier runs published the same simulated alarms: only this run's count.
        eachMessage: async ({ message }) => {
          if (Number(message.timestamp) >= startedAt)
            into.push(JSON.parse(String(message.value)) as AssetAlarmEvent);
        },
      });
    },
    async cleanup() {
      await consumer?.disconnect();
      const admin = new Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${DATABASE} with (force)`);
      await admin.end();
    },
  };
});
