// One cluster test run over the shared PostgreSQL and Kafka (tools/postgres/start.sh, tools/kafka/start.sh):
// a database of the run's own, a key pair and service token shared by its services, and consumer groups of
// the run's own that start at the current end of the topics, so what earlier runs left on the broker is not
// this run's.
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  ensureKafkaTopics,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { Kafka, logLevel } from 'kafkajs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { eventually } from './aggregate-scenario';

export interface ClusterRun {
  /** unique to this run: for names and id ranges */
  run: string;
  /** what every service and gateway of the run is started with */
  settings: Record<string, string>;
  /** for the identity service, which signs the tokens */
  signing: { AUTH_SIGNING_KEY: string };
  config(extra?: Record<string, string>): PlatformConfig;
  /** the services' groups start at the current end of the topics */
  startGroupsAtEnd(services: string[], topics: string[]): Promise<void>;
  /** a service of the run, listening on port, in its consumer group */
  service(
    name: string,
    modules: (Type | DynamicModule)[],
    port: number,
    extra?: Record<string, string>,
  ): Promise<NestFastifyApplication>;
  dropDatabase(): Promise<void>;
}

export async function prepareClusterRun(
  prefix: string,
  settings: Record<string, string> = {},
): Promise<ClusterRun> {
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
  const shared = {
    DATABASE_URL: baseUrl.replace(/\/[^/?]+(\?|$)/, `/${database}$1`),
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT_ID: `${prefix}-it-${run}`,
    AUTH_VERIFY_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    ...settings,
  };
  const config = (extra: Record<string, string> = {}) => loadPlatformConfig({ ...shared, ...extra });
  const group = (service: string) => `${prefix}-it-${run}-${service}`;
  return {
    run,
    settings: shared,
    signing: { AUTH_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    config,
    async startGroupsAtEnd(services, topics) {
      await ensureKafkaTopics(shared.KAFKA_CLIENT_ID, brokers.split(','), config().KAFKA_TOPIC_PARTITIONS);
      const admin = new Kafka({
        clientId: shared.KAFKA_CLIENT_ID,
        brokers: brokers.split(','),
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      for (const topic of topics) {
        // On a fresh broker the topics' leaders may still be being elected.
        const ends = await eventually(
          () => admin.fetchTopicOffsets(topic).catch(() => null),
          (offsets) => offsets !== null,
          30_000,
          500,
        );
        for (const service of services)
          await admin.setOffsets({
            groupId: group(service),
            topic,
            partitions: ends!.map(({ partition, high }) => ({ partition, offset: high })),
          });
      }
      await admin.disconnect();
    },
    async service(name, modules, port, extra = {}) {
      const serviceConfig = config(extra);
      const app = await createServiceApp({
        name,
        module: serviceModule(serviceConfig, modules),
        config: serviceConfig,
        consumerGroup: group(name),
      });
      await app.listen(port, '127.0.0.1');
      return app;
    },
    async dropDatabase() {
      const admin = new Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
