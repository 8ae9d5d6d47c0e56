// What one cluster test run takes from the shared PostgreSQL and Kafka (tools/postgres/start.sh,
// tools/kafka/start.sh): a database of the run's own, a key pair, service token and metrics token shared by
// its services, and consumer groups of the run's own (KAFKA_GROUP_PREFIX) that start at the current end of
// the topics, so what earlier runs left on the broker is not this run's. Used by the integration scenarios
// (services in the test's process, cluster-run.ts) and the end-to-end suite (built services as processes,
// e2e/app-under-test.ts).
import { ensureKafkaTopics, kafkaConsumerGroup, loadPlatformConfig } from '@plantlens/platform';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { eventually } from './eventually';

export interface ClusterServers {
  /** unique to this run: for names and id ranges */
  run: string;
  /** what every service of the run is started with: servers, client id, group prefix, keys, tokens, extras */
  settings: Record<string, string>;
  /** for the identity service, which signs the tokens */
  signing: { AUTH_SIGNING_KEY: string };
  /** the groups of these service group names start at the current end of the topics */
  startGroupsAtEnd(groups: string[], topics: string[]): Promise<void>;
  /** resolves once the groups have committed every message the topics held when it was called */
  groupsCaughtUp(groups: string[], topic: string, timeoutMs: number): Promise<void>;
  dropDatabase(): Promise<void>;
}

export async function prepareClusterServers(
  prefix: string,
  extraSettings: Record<string, string> = {},
): Promise<ClusterServers> {
  const { DATABASE_URL: baseUrl, KAFKA_BROKERS: brokers } = process.env;
  if (!baseUrl || !brokers) {
    throw new Error(
      'Needs DATABASE_URL and KAFKA_BROKERS from tools/postgres/start.sh and tools/kafka/start.sh',
    );
  }
  const run = `${process.pid}${Date.now() % 100_000}`;
  const database = `plantlens_${prefix}_it_${run}`;
  const server = new Client({ connectionString: baseUrl });
  await server.connect();
  await server.query(`create database ${database}`);
  await server.end();
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const settings = {
    DATABASE_URL: baseUrl.replace(/\/[^/?]+(\?|$)/, `/${database}$1`),
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT_ID: `${prefix}-it-${run}`,
    KAFKA_GROUP_PREFIX: `${prefix}-it-${run}`,
    AUTH_VERIFY_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    METRICS_TOKEN: randomBytes(32).toString('base64url'),
    ...extraSettings,
  };
  const group = (name: string) => kafkaConsumerGroup(settings, name);
  const kafka = new Kafka({
    clientId: settings.KAFKA_CLIENT_ID,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const withAdmin = async <T>(use: (admin: Admin) => Promise<T>): Promise<T> => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return await use(admin);
    } finally {
      await admin.disconnect();
    }
  };
  // On a fresh broker the topics' leaders may still be being elected.
  const endOffsets = (admin: Admin, topic: string) =>
    eventually(
      () => admin.fetchTopicOffsets(topic).catch(() => null),
      (offsets) => offsets !== null,
      30_000,
      500,
    ).then((offsets) => offsets!);
  return {
    run,
    settings,
    signing: { AUTH_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    async startGroupsAtEnd(groups, topics) {
      const { KAFKA_CLIENT_ID, KAFKA_BROKERS, KAFKA_TOPIC_PARTITIONS } = loadPlatformConfig(settings);
      await ensureKafkaTopics(KAFKA_CLIENT_ID, KAFKA_BROKERS!, KAFKA_TOPIC_PARTITIONS);
      const ends = await withAdmin(async (admin) =>
        (
          await Promise.all(
            topics.map(async (topic) =>
              (await endOffsets(admin, topic)).map(({ partition, high }) => ({
                topic,
                partition,
                offset: high,
              })),
            ),
          )
        ).flat(),
      );
      // Each group commits the ends as a member of its own (admin.setOffsets would join once per topic and
      // wait out a fetch each time, some 5 s apiece); the groups in parallel.
      await Promise.all(
        groups.map(async (name) => {
          // Paused, its fetches come back empty only after maxWaitTimeInMs, and disconnect waits for the one
          // in flight: 5 s by default, on every cluster test's start.
          const consumer = kafka.consumer({ groupId: group(name), maxWaitTimeInMs: 100 });
          await consumer.connect();
          try {
            await consumer.subscribe({ topics });
            await new Promise<void>((running, failed) => {
              // Offsets are committed by a running consumer only: it runs once it starts fetching.
              consumer.on(consumer.events.FETCH_START, () => running());
              consumer
                .run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: () => Promise.resolve() })
                .catch(failed);
              consumer.pause(topics.map((topic) => ({ topic })));
            });
            await consumer.commitOffsets(ends);
          } finally {
            await consumer.disconnect();
          }
        }),
      );
    },
    groupsCaughtUp: (groups, topic, timeoutMs) =>
      withAdmin(async (admin) => {
        const ends = new Map(
          (await endOffsets(admin, topic)).map(({ partition, high }) => [partition, high]),
        );
        // Partitions the group has not committed to the end yet; all of them while its coordinator moves.
        const behind = async (name: string) => {
          const [committed] = await admin
            .fetchOffsets({ groupId: group(name), topics: [topic] })
            .catch(() => [
              { partitions: [...ends.keys()].map((partition) => ({ partition, offset: '-1' })) },
            ]);
          return committed!.partitions.filter(
            ({ partition, offset }) => Number(offset) < Number(ends.get(partition) ?? 0),
          ).length;
        };
        await eventually(
          async () =>
            Object.fromEntries(await Promise.all(groups.map(async (name) => [name, await behind(name)]))),
          (partitionsBehind) => Object.values(partitionsBehind).every((count) => count === 0),
          timeoutMs,
          500,
        );
      }),
    async dropDatabase() {
      const admin = new Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
