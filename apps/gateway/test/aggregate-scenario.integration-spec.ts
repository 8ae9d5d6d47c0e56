// Aggregate variables in a cluster: identity, variables and rules as services of their own over PostgreSQL
// (a database of the run's own) and the shared Kafka broker, and a cluster gateway running the simulator as
// in a deployment. The services' consumer groups are the run's own and start at the current end of the
// measurement topics, and the run's variable ids are its own, so what earlier runs left on the broker is not
// this run's. Restarting the variables service is a new instance joining the same group.
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import {
  createServiceApp,
  Database,
  ensureKafkaTopics,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { VariablesModule } from '@plantlens/variables';
import { Kafka, logLevel } from 'kafkajs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { gatewayService } from '../src/gateway-service';
import {
  describeAggregateScenario,
  eventually,
  SCENARIO_SIMULATOR_SETTINGS,
  SmallBackfillChunksModule,
  type AggregateServices,
} from './aggregate-scenario';
import { freePort } from './free-port';

const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_aggregates_it_${RUN}`;
const SUPERADMIN_PASSWORD = 'aggregates1';

describeAggregateScenario('cluster: PostgreSQL + Kafka', async () => {
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
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const [identityPort, variablesPort, rulesPort] = [await freePort(), await freePort(), await freePort()];
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const settings = {
    DATABASE_URL: baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`),
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT_ID: `aggregates-it-${RUN}`,
    AUTH_VERIFY_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    SUPERADMIN_PASSWORD,
    IDENTITY_URL: url(identityPort),
    VARIABLES_URL: url(variablesPort),
    RULES_URL: url(rulesPort),
    VALVES_URL: url(rulesPort),
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  };
  const config = (extra: Record<string, string> = {}): PlatformConfig =>
    loadPlatformConfig({ ...settings, ...extra });
  const group = (service: string) => `aggregates-it-${RUN}-${service}`;

  // The run's groups start at the end of the measurement topics.
  await ensureKafkaTopics(settings.KAFKA_CLIENT_ID, brokers.split(','), config().KAFKA_TOPIC_PARTITIONS);
  const admin = new Kafka({
    clientId: settings.KAFKA_CLIENT_ID,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  for (const topic of [Topics.measurements, Topics.derivedMeasurements]) {
    // On a fresh broker the topics' leaders may still be being elected.
    const ends = await eventually(
      () => admin.fetchTopicOffsets(topic).catch(() => null),
      (offsets) => offsets !== null,
      30_000,
      500,
    );
    for (const service of ['variables', 'rules'])
      await admin.setOffsets({
        groupId: group(service),
        topic,
        partitions: ends!.map(({ partition, high }) => ({ partition, offset: high })),
      });
  }
  await admin.disconnect();

  async function service(
    name: string,
    modules: (Type | DynamicModule)[],
    port: number,
    extra: Record<string, string> = {},
  ): Promise<NestFastifyApplication> {
    const serviceConfig = config(extra);
    const app = await createServiceApp({
      name,
      module: serviceModule(serviceConfig, modules),
      config: serviceConfig,
      consumerGroup: group(name),
    });
    await app.listen(port, '127.0.0.1');
    return app;
  }

  const signing = { AUTH_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  let identity: NestFastifyApplication | undefined;
  let variables: NestFastifyApplication | undefined;
  let rules: NestFastifyApplication | undefined;
  let simulator: NestFastifyApplication | undefined;
  const running = (): AggregateServices => ({
    identity: identity!,
    variables: variables!,
    rules: rules!,
    settle: () => Promise.resolve(),
  });

  return {
    superAdminPassword: SUPERADMIN_PASSWORD,
    async start() {
      identity = await service('identity', [IdentityModule], identityPort, signing);
      variables = await service('variables', [VariablesModule, SmallBackfillChunksModule], variablesPort);
      rules = await service('rules', [RulesModule], rulesPort);
      // Ids of the run's own: points other runs left on the broker name other variables.
      await variables
        .get(Database)
        .withConnection((connection) =>
          connection.query(
            `alter table variables.variable alter column id restart with ${1_800_000_000 + (Number(RUN) % 100_000_000)}`,
          ),
        );
      const gatewayConfig = config({
        ...SCENARIO_SIMULATOR_SETTINGS,
        GATEWAY_MODE: 'cluster',
        WEB_ROOT: '/nonexistent-web-build',
      });
      simulator = await createServiceApp(gatewayService(gatewayConfig));
      await simulator.getHttpAdapter().getInstance().ready();
      return running();
    },
    async restartVariables() {
      await variables?.close();
      variables = await service('variables', [VariablesModule, SmallBackfillChunksModule], variablesPort);
      return running();
    },
    async stop() {
      for (const app of [simulator, rules, variables, identity]) await app?.close();
      simulator = rules = variables = identity = undefined;
    },
    async cleanup() {
      const admin = new Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${DATABASE} with (force)`);
      await admin.end();
    },
  };
});
