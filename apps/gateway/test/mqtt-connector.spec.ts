// The MQTT connector end to end in one process: a real MQTT broker (aedes) → the connector hosted by the
// standalone gateway → in-memory bus → variables module → PGlite, checking the rows stored.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MqttConnector, MqttConnectorModule } from '@plantlens/connectors';
import {
  createServiceApp,
  Database,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import { Aedes } from 'aedes';
import { sql } from 'kysely';
import { connectAsync, type MqttClient } from 'mqtt';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { gatewayService } from '../src/gateway-service';
import { eventually } from './eventually';
import { freePort } from './free-port';

const USERNAME = 'plantlens';
const PASSWORD = 'mqtt-secret';
const T0 = Date.UTC(2026, 0, 1);

interface Broker {
  port: number;
  /** resolves when the given client has subscribed */
  subscribed(clientId: string): Promise<void>;
  stop(): Promise<void>;
}

// A real MQTT 3.1.1/5 broker in this process that admits only USERNAME/PASSWORD.
async function startBroker(port = 0): Promise<Broker> {
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) =>
      done(null, username === USERNAME && password?.toString() === PASSWORD),
  });
  const server: Server = createServer(broker.handle);
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    subscribed: (clientId) =>
      new Promise((resolve) => {
        const listener = (_subscriptions: unknown, client: { id: string } | null) => {
          if (client?.id !== clientId) return;
          broker.off('subscribe', listener);
          resolve();
        };
        broker.on('subscribe', listener);
      }),
    stop: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface StoredPoint {
  reference: string;
  ts: number;
  value: number;
}

async function storedPoints(app: NestFastifyApplication, referencePrefix: string): Promise<StoredPoint[]> {
  const { rows } = await sql<StoredPoint>`
    select v.client_reference as reference, (extract(epoch from m.ts) * 1000)::float8 as ts, m.value
    from variables.measurement m join variables.variable v on v.id = m.variable_id
    where v.client_reference like ${`${referencePrefix}%`}
    order by v.client_reference, m.ts`.execute(app.get(Database).kysely);
  return rows;
}

function mqttSettings(broker: Broker, port: number, overrides: Record<string, string> = {}): PlatformConfig {
  return loadPlatformConfig({
    DATA_DIR: IN_MEMORY_DATA_DIR,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    PORT: String(port),
    MQTT_URL: `mqtt://127.0.0.1:${broker.port}`,
    MQTT_USERNAME: USERNAME,
    MQTT_PASSWORD: PASSWORD,
    MQTT_BATCH_MS: '50',
    ...overrides,
  });
}

describe('MQTT connector in the standalone gateway', () => {
  let broker: Broker;
  let app: NestFastifyApplication;
  let publisher: MqttClient;
  const unique = `t${Date.now()}`;

  const publish = (topic: string, payload: string) => publisher.publishAsync(topic, payload, { qos: 1 });

  beforeAll(async () => {
    broker = await startBroker();
    const subscribed = broker.subscribed('plantlens-mqtt');
    const config = mqttSettings(broker, await freePort(), {
      MQTT_TOPICS: `plant/${unique}/#, lab/${unique}/+`,
      SUPERADMIN_PASSWORD: 'mqtt-test',
    });
    app = await createServiceApp(gatewayService(config));
    await app.listen(config.PORT, '127.0.0.1');
    await subscribed;
    publisher = await connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      clientId: `publisher-${unique}`,
      username: USERNAME,
      password: PASSWORD,
    });
    // Starting the whole standalone app (PGlite, migrations, argon2id) is slow on a busy machine.
  }, 120_000);

  afterAll(async () => {
    await publisher?.endAsync();
    await app?.close();
    await broker?.stop();
  });

  it('stores plain numbers, {value, ts}, arrays and {ts, values} under the references of their topics', async () => {
    const before = Date.now();
    await publish(`plant/${unique}/boiler/pt101`, '21.5');
    const after = Date.now();
    await publish(`plant/${unique}/boiler/tt7`, JSON.stringify({ value: 480, ts: T0 }));
    await publish(
      `plant/${unique}/boiler/ft3`,
      JSON.stringify([
        { value: 1.5, timestamp: '2026-01-01T00:00:01Z' },
        { value: 2.5, timestamp: '2026-01-01T00:00:02Z' },
      ]),
    );
    await publish(
      `lab/${unique}/values`,
      JSON.stringify({
        ts: T0 + 60_000,
        values: { [`plant.${unique}.lab.ph`]: 7.1, [`plant.${unique}.lab.cond`]: 0 },
      }),
    );

    const stored = await eventually(
      () => storedPoints(app, `plant.${unique}.`),
      (rows) => rows.length === 6,
    );
    const live = stored.find((row) => row.reference === `plant.${unique}.boiler.pt101`)!;
    expect(live.value).toBe(21.5);
    expect(live.ts).toBeGreaterThanOrEqual(before);
    expect(live.ts).toBeLessThanOrEqual(after + 1_000);
    expect(stored.filter((row) => row !== live)).toEqual([
      { reference: `plant.${unique}.boiler.ft3`, ts: T0 + 1_000, value: 1.5 },
      { reference: `plant.${unique}.boiler.ft3`, ts: T0 + 2_000, value: 2.5 },
      { reference: `plant.${unique}.boiler.tt7`, ts: T0, value: 480 },
      { reference: `plant.${unique}.lab.cond`, ts: T0 + 60_000, value: 0 },
      { reference: `plant.${unique}.lab.ph`, ts: T0 + 60_000, value: 7.1 },
    ]);
  });

  it('counts and skips bad payloads and goes on with the good ones', async () => {
    const connector = app.get(MqttConnector);
    const before = { ...connector.counters.rejected };
    const topic = `plant/${unique}/bad/pt9`;
    await publish(topic, 'twenty');
    await publish(topic, JSON.stringify({ value: 'NaN', ts: T0 }));
    await publish(topic, JSON.stringify({ value: 1, ts: 1_767_225_600 }));
    await publish(`plant/${unique}/bad/trailing blank `, '1');
    await publish(topic, JSON.stringify({ value: 9, ts: T0 }));

    const stored = await eventually(
      () => storedPoints(app, `plant.${unique}.bad.`),
      (rows) => rows.length > 0,
    );
    expect(stored).toEqual([{ reference: `plant.${unique}.bad.pt9`, ts: T0, value: 9 }]);
    const rejected = connector.counters.rejected;
    const added = (reason: keyof typeof rejected) => (rejected[reason] ?? 0) - (before[reason] ?? 0);
    expect([
      added('malformed-payload'),
      added('invalid-value'),
      added('invalid-timestamp'),
      added('invalid-reference'),
    ]).toEqual([1, 1, 1, 1]);
  });

  it('brings a few thousand messages of several variables in, each variable in order, the last value winning', async () => {
    const messages = 3_000;
    const variables = 5;
    await Promise.all(
      Array.from({ length: messages }, (_, i) =>
        publish(
          `plant/${unique}/bulk/v${i % variables}`,
          // Each variable gets its timestamps twice (value i, then i + 0.5): the later message must win.
          JSON.stringify({
            value: i + (i >= messages / 2 ? 0.5 : 0),
            ts: T0 + (Math.floor(i / variables) % 300) * 1000,
          }),
        ),
      ),
    );
    const stored = await eventually(
      () => storedPoints(app, `plant.${unique}.bulk.`),
      (rows) => rows.length === messages / 2 && rows.every((row) => row.value % 1 === 0.5),
      80_000,
    );
    expect(stored).toHaveLength(1_500);
    const expectedSum = Array.from({ length: messages / 2 }, (_, i) => i + messages / 2 + 0.5).reduce(
      (a, b) => a + b,
      0,
    );
    expect(stored.reduce((sum, row) => sum + row.value, 0)).toBeCloseTo(expectedSum, 6);
    // PGlite on a busy 2-core machine is the slow part here.
  }, 90_000);

  it('reconnects after the broker restarts, subscribes again and goes on storing', async () => {
    const connector = app.get(MqttConnector);
    const port = broker.port;
    await broker.stop();
    await eventually(
      () => connector.counters.connected,
      (connected) => !connected,
    );
    broker = await startBroker(port);
    await broker.subscribed('plantlens-mqtt');
    expect(connector.counters.connected).toBe(true);
    await eventually(
      () => publisher.connected,
      (connected) => connected,
    );
    await publish(`plant/${unique}/after-restart/pt1`, JSON.stringify({ value: 42, ts: T0 }));
    const stored = await eventually(
      () => storedPoints(app, `plant.${unique}.after-restart.`),
      (rows) => rows.length === 1,
    );
    expect(stored).toEqual([{ reference: `plant.${unique}.after-restart.pt1`, ts: T0, value: 42 }]);
  });
});

describe('MQTT connector that does not declare unknown variables', () => {
  let broker: Broker;
  let app: NestFastifyApplication;
  const unique = `k${Date.now()}`;

  beforeAll(async () => {
    broker = await startBroker();
    const config = mqttSettings(broker, await freePort(), {
      MQTT_TOPICS: `site/${unique}/+`,
      MQTT_CLIENT_ID: 'plantlens-known',
      MQTT_REFERENCE_FROM: 'last-level',
      MQTT_DECLARE_UNKNOWN: 'false',
    });
    const subscribed = broker.subscribed('plantlens-known');
    app = await createServiceApp({
      name: 'variables',
      module: serviceModule(config, [VariablesModule, MqttConnectorModule]),
      config,
      consumerGroup: 'variables',
    });
    await app.listen(config.PORT, '127.0.0.1');
    await subscribed;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await broker?.stop();
  });

  it('stores the points of existing variables, counts the others as rejected and creates nothing', async () => {
    await sql`insert into variables.variable (client_reference, name, unit) values (${`${unique}_known`}, 'Known', 'bar')`.execute(
      app.get(Database).kysely,
    );
    const publisher = await connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      username: USERNAME,
      password: PASSWORD,
    });
    try {
      await publisher.publishAsync(`site/${unique}/${unique}_unknown`, JSON.stringify({ value: 1, ts: T0 }), {
        qos: 1,
      });
      await publisher.publishAsync(`site/${unique}/${unique}_known`, JSON.stringify({ value: 2, ts: T0 }), {
        qos: 1,
      });
    } finally {
      await publisher.endAsync();
    }
    const stored = await eventually(
      () => storedPoints(app, unique),
      (rows) => rows.length > 0,
    );
    expect(stored).toEqual([{ reference: `${unique}_known`, ts: T0, value: 2 }]);
    const connector = app.get(MqttConnector);
    await eventually(
      () => connector.counters.rejected['unknown-variable'] ?? 0,
      (count) => count === 1,
    );
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from variables.variable where client_reference like ${`${unique}%`}`.execute(
      app.get(Database).kysely,
    );
    expect(rows).toEqual([{ count: 1 }]);
  });
});
