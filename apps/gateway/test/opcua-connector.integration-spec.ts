// The OPC UA connector in a cluster: identity and variables as services of their own over PostgreSQL (a
// database of the run's own) and the shared Kafka broker, and the cluster gateway hosting the connector and
// routing the web API to them, as in a deployment. The variables service's consumer group is the run's own
// and starts at the current end of `measurements`, so what earlier runs left on the broker is not this run's.
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { createServiceApp, ensureKafkaTopics, loadPlatformConfig, serviceModule } from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import { Kafka, logLevel } from 'kafkajs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { gatewayService } from '../src/gateway-service';
import { eventually } from './aggregate-scenario';
import { freePort } from './free-port';
import { describeOpcUaScenario } from './opcua-scenario';

const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_opcua_it_${RUN}`;

describeOpcUaScenario('cluster (PostgreSQL + Kafka)', async (scenarioSettings) => {
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
  const [identityPort, variablesPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const { SUPERADMIN_PASSWORD, ...connectorSettings } = scenarioSettings;
  const shared = {
    DATABASE_URL: baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`),
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT_ID: `opcua-it-${RUN}`,
    AUTH_VERIFY_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD!,
    IDENTITY_URL: url(identityPort),
    VARIABLES_URL: url(variablesPort),
    // Nothing listens there; this test only reads the explorer.
    RULES_URL: url(9),
    VALVES_URL: url(9),
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  };
  const group = (service: string) => `opcua-it-${RUN}-${service}`;

  await ensureKafkaTopics(
    shared.KAFKA_CLIENT_ID,
    brokers.split(','),
    loadPlatformConfig(shared).KAFKA_TOPIC_PARTITIONS,
  );
  const admin = new Kafka({
    clientId: shared.KAFKA_CLIENT_ID,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  // On a fresh broker the topic's leaders may still be being elected.
  const ends = await eventually(
    () => admin.fetchTopicOffsets(Topics.measurements).catch(() => null),
    (offsets) => offsets !== null,
    30_000,
    500,
  );
  await admin.setOffsets({
    groupId: group('variables'),
    topic: Topics.measurements,
    partitions: ends!.map(({ partition, high }) => ({ partition, offset: high })),
  });
  await admin.disconnect();

  async function service(
    name: string,
    modules: (Type | DynamicModule)[],
    port: number,
    extra: Record<string, string> = {},
  ): Promise<NestFastifyApplication> {
    const config = loadPlatformConfig({ ...shared, ...extra });
    const app = await createServiceApp({
      name,
      module: serviceModule(config, modules),
      config,
      consumerGroup: group(name),
    });
    await app.listen(port, '127.0.0.1');
    return app;
  }

  const identity = await service('identity', [IdentityModule], identityPort, {
    AUTH_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  const variables = await service('variables', [VariablesModule], variablesPort);
  const gatewayConfig = loadPlatformConfig({
    ...shared,
    ...connectorSettings,
    GATEWAY_MODE: 'cluster',
    WEB_ROOT: '/nonexistent-web-build',
    PORT: String(gatewayPort),
  });
  const gateway = await createServiceApp(gatewayService(gatewayConfig));
  await gateway.listen(gatewayPort, '127.0.0.1');
  return {
    gateway,
    variables,
    async close() {
      for (const app of [gateway, variables, identity]) await app.close();
      const cleanup = new Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${DATABASE} with (force)`);
      await cleanup.end();
    },
  };
});
