// The MQTT connector as deployed in cluster mode: a real Mosquitto (tools/mosquitto/start.sh) → the built
// gateway (GATEWAY_MODE=cluster, hosting the connector) → Kafka → the built variables service →
// PostgreSQL. Mosquitto is restarted in the middle: messages published while the connector is away wait
// in its persistent session, and every point must be stored. Needs `npm run build` beforehand.
import { Topics } from '@plantlens/contracts';
import { connectAsync, type MqttClient } from 'mqtt';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { prepareClusterServers, type ClusterServers } from './cluster-servers';
import { eventually } from './eventually';
import { freePort } from './free-port';

const ROOT = resolve(__dirname, '../../..');
const VARIABLES = 10;
const MESSAGES_BEFORE_RESTART = 3_000;
const MESSAGES_AFTER_RESTART = 1_000;
// A recent UTC midnight: points older than the raw retention (RAW_RETENTION_DAYS) are rejected.
const T0 = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 30 * 86_400_000;
const MQTT_PASSWORD = randomBytes(16).toString('hex');

function environment(): { mqttUrl: string } {
  const { DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers, MOSQUITTO_URL: mqttUrl } = process.env;
  if (!databaseUrl || !brokers || !mqttUrl) {
    throw new Error(
      'This test needs DATABASE_URL, KAFKA_BROKERS and MOSQUITTO_URL: run `bash tools/postgres/start.sh`, ' +
        '`bash tools/kafka/start.sh` and `bash tools/mosquitto/start.sh`, export what they print, then ' +
        '`npm run test:integration`.',
    );
  }
  return { mqttUrl };
}

describe('MQTT connector in cluster mode: Mosquitto → gateway → Kafka → variables → PostgreSQL', () => {
  const { mqttUrl } = environment();
  const mosquittoPort = new URL(mqttUrl).port;
  const unique = `it${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-mqtt-'));
  // A database and a consumer group of the run's own, the group starting at the end of the topic: on the
  // shared ones this run's variables also stored other suites' points whose variable ids matched its own.
  let servers: ClusterServers;
  let database: Client;
  const logs = { variables: '', gateway: '' };
  const services: ChildProcess[] = [];
  let publisher: MqttClient;
  // Ports of this run's own: fixed ones collided with a browser test's app running beside this suite in CI.
  let variablesPort: number;
  let gatewayPort: number;

  const children: Partial<Record<'variables' | 'gateway', ChildProcess>> = {};

  function start(name: 'variables' | 'gateway', port: number, settings: Record<string, string>): void {
    const child = spawn(process.execPath, [join(ROOT, `apps/${name}/dist/main.js`)], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        ...servers.settings,
        DATA_DIR: join(dataDir, name),
        LOG_FORMAT: 'text',
        ...settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (logs[name] += chunk));
    child.stderr?.on('data', (chunk) => (logs[name] += chunk));
    services.push(child);
    children[name] = child;
  }

  async function whenReady(name: 'variables' | 'gateway', port: number): Promise<void> {
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (response) => response.status,
          () => (children[name]?.exitCode == null ? 0 : -1),
        ),
      (status) => status === 200 || status === -1,
      90_000,
    )
      .then((status) => {
        if (status === -1) throw new Error('the process exited');
      })
      .catch((error: Error) => {
        throw new Error(`${name} not ready: ${error.message}\n${name} log:\n${logs[name].slice(-3000)}`);
      });
  }

  function mosquitto(script: 'start' | 'stop'): void {
    execFileSync('bash', [join(ROOT, `tools/mosquitto/${script}.sh`)], {
      env: { ...process.env, MOSQUITTO_PORT: mosquittoPort },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  async function stored(): Promise<{ count: number; checksum: number; variables: number }> {
    const result = await database.query<{ count: number; checksum: number; variables: number }>(
      `select count(*)::int as count, coalesce(sum(m.value), 0)::float8 as checksum,
              count(distinct v.id)::int as variables
       from variables.measurement m join variables.variable v on v.id = m.variable_id
       where v.client_reference like $1`,
      [`plantlens-it.${unique}.%`],
    );
    return result.rows[0]!;
  }

  // Message i carries value i for variable i % VARIABLES, one second apart per variable.
  function publish(first: number, count: number): Promise<unknown> {
    return Promise.all(
      Array.from({ length: count }, (_, offset) => {
        const i = first + offset;
        const payload = JSON.stringify({ value: i, ts: T0 + Math.floor(i / VARIABLES) * 1000 });
        return publisher.publishAsync(`plantlens-it/${unique}/v${i % VARIABLES}`, payload, { qos: 1 });
      }),
    );
  }

  beforeAll(async () => {
    for (const name of ['variables', 'gateway'])
      if (!existsSync(join(ROOT, `apps/${name}/dist/main.js`)))
        throw new Error(`apps/${name}/dist is missing: run \`npm run build\` first`);
    mosquitto('start');
    variablesPort = await freePort();
    do gatewayPort = await freePort();
    while (gatewayPort === variablesPort);
    servers = await prepareClusterServers('mqtt');
    await servers.startGroupsAtEnd(['variables'], [Topics.measurements]);
    database = new Client({ connectionString: servers.settings.DATABASE_URL });
    await database.connect();
    // Empty is unset: an MQTT_URL in this shell must not reach the variables service.
    start('variables', variablesPort, { MQTT_URL: '' });
    start('gateway', gatewayPort, {
      GATEWAY_MODE: 'cluster',
      WEB_ROOT: join(dataDir, 'no-web-build'),
      VARIABLES_URL: `http://127.0.0.1:${variablesPort}`,
      // Nothing listens there; this test only needs the gateway's data sources.
      IDENTITY_URL: 'http://127.0.0.1:9',
      RULES_URL: 'http://127.0.0.1:9',
      VALVES_URL: 'http://127.0.0.1:9',
      MQTT_URL: mqttUrl,
      MQTT_TOPICS: `plantlens-it/${unique}/#`,
      MQTT_CLIENT_ID: `plantlens-${unique}`,
      MQTT_USERNAME: 'plantlens',
      MQTT_PASSWORD,
    });
    await whenReady('variables', variablesPort);
    await whenReady('gateway', gatewayPort);
    await eventually(
      async () => logs.gateway,
      (log) => log.includes(`Subscribed to plantlens-it/${unique}/#`),
      60_000,
    );
    publisher = await connectAsync(mqttUrl, { clientId: `publisher-${unique}`, reconnectPeriod: 500 });
  }, 240_000);

  afterAll(async () => {
    await publisher?.endAsync(true);
    await Promise.all(
      services.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.end();
    await servers?.dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every point of a few thousand messages, also across a restart of Mosquitto', async () => {
    const started = Date.now();
    await publish(0, MESSAGES_BEFORE_RESTART);
    const first = await eventually(stored, (now) => now.count >= MESSAGES_BEFORE_RESTART, 90_000);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `MQTT → Kafka → PostgreSQL: ${MESSAGES_BEFORE_RESTART} messages stored in ${seconds.toFixed(1)} s (${Math.round(MESSAGES_BEFORE_RESTART / seconds)} messages/s)`,
    );
    expect(first).toEqual({
      count: MESSAGES_BEFORE_RESTART,
      checksum: ((MESSAGES_BEFORE_RESTART - 1) * MESSAGES_BEFORE_RESTART) / 2,
      variables: VARIABLES,
    });

    // Mosquitto saves the connector's session (its subscription and the messages queued for it) on
    // SIGTERM and reloads it. The publisher sends the next messages as soon as it is back, possibly
    // before the connector has reconnected.
    mosquitto('stop');
    mosquitto('start');
    await eventually(
      async () => publisher.connected,
      (connected) => connected,
      30_000,
    );
    await publish(MESSAGES_BEFORE_RESTART, MESSAGES_AFTER_RESTART);
    const total = MESSAGES_BEFORE_RESTART + MESSAGES_AFTER_RESTART;
    const final = await eventually(stored, (now) => now.count >= total, 90_000);
    expect(final).toEqual({ count: total, checksum: ((total - 1) * total) / 2, variables: VARIABLES });

    expect(logs.gateway).toMatch(/reconnecting in \d+\.\d s \(attempt 1\)/);
    expect(logs.gateway).toContain('resuming the session the broker kept');
    expect(logs.gateway).not.toContain(MQTT_PASSWORD);
  });
});
