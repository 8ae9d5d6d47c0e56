// A 10-million-point stream into the real variables service (a separate process) through a Kafka broker of
// the test's own, during which the service is killed with SIGKILL and restarted, and then the broker is
// killed with SIGKILL and restarted. Afterwards every point is stored exactly once (count and checksum),
// and the rollups account for every point. The broker is this test's alone (own data directory and
// ports), so killing it disturbs no other suite; the service works in a database of its own.
// Needs `npm run build` (the service's dist) beforehand.
import { Topics } from '@plantlens/contracts';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { Client } from 'pg';
import { clusterEnvironment, measurementsLag } from './cluster-environment';
import { eventually } from './measurement-pipeline.scenario';

const ROOT = resolve(__dirname, '../../..');
const SERVICE = resolve(ROOT, 'apps/variables/dist/main.js');
const PORT = 3_312;
const BROKER_HOME = resolve(ROOT, '.tools/kafka-reliability-test');
const BROKER = { KAFKA_HOME: BROKER_HOME, KAFKA_PORT: '19192', KAFKA_CONTROLLER_PORT: '19193' };
const BROKERS = `127.0.0.1:${BROKER.KAFKA_PORT}`;
const DATABASE = `plantlens_reliability_${process.pid}`;
const VARIABLES = 10;
const POINTS_PER_MESSAGE = 5_000;
const TOTAL_POINTS = Number(process.env.RELIABILITY_POINTS ?? 10_000_000);
const MESSAGES = TOTAL_POINTS / POINTS_PER_MESSAGE;
const DAY_MS = 86_400_000;
// Inside the default raw retention (400 days), so no point is refused as expired.
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 300 * DAY_MS;
const SERVICE_TOKEN = randomBytes(32).toString('base64url');

function brokerScript(script: string): string {
  return execFileSync('bash', [resolve(ROOT, 'tools/kafka', script)], {
    env: { ...process.env, ...BROKER },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('10 million points through a service kill and a broker kill', () => {
  const { databaseUrl: baseUrl } = clusterEnvironment();
  const databaseUrl = baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`);
  const server = new Client({ connectionString: baseUrl });
  const database = new Client({ connectionString: databaseUrl });
  const kafka = new Kafka({ clientId: 'reliability-test', brokers: [BROKERS], logLevel: logLevel.NOTHING });
  let producer: Producer;
  let service: ChildProcess | undefined;
  let serviceLog = '';
  let ids: number[] = [];

  function startService(): ChildProcess {
    const child = spawn(process.execPath, [SERVICE], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: BROKERS,
        LOG_FORMAT: 'text',
        LOG_LEVEL: 'warn',
        SERVICE_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (serviceLog = (serviceLog + chunk).slice(-20_000)));
    child.stderr?.on('data', (chunk) => (serviceLog = (serviceLog + chunk).slice(-20_000)));
    return child;
  }

  async function whenReady(): Promise<void> {
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
          (response) => response.status,
          () => 0,
        ),
      (status) => status === 200,
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nservice log:\n${serviceLog.slice(-3000)}`);
    });
  }

  async function killService(): Promise<void> {
    const exited = new Promise((resolve) => service!.once('exit', resolve));
    service!.kill('SIGKILL');
    await exited;
  }

  // The live-tuple estimate costs nothing (no count over millions of rows) and is enough to decide when
  // to strike; the final check counts exactly.
  async function storedEstimate(): Promise<number> {
    const result = await database.query<{ n: string }>(
      `select n_tup_ins - n_tup_del as n from pg_stat_user_tables where relid = 'variables.measurement'::regclass`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  async function stored(): Promise<{ count: number; checksum: number }> {
    const result = await database.query<{ count: string; checksum: number }>(
      'select count(*) as count, coalesce(sum(value), 0)::float8 as checksum from variables.measurement',
    );
    return { count: Number(result.rows[0]!.count), checksum: result.rows[0]!.checksum };
  }

  // Point i of variable v has value i * VARIABLES + v: every value distinct, and every partial sum an
  // integer below 2^53, so the float8 checksum is exact.
  async function publish(fromMessage: number, toMessage: number): Promise<void> {
    const inFlight: Promise<unknown>[] = [];
    for (let message = fromMessage; message < toMessage; message += 1) {
      const variable = message % VARIABLES;
      const first = Math.floor(message / VARIABLES) * POINTS_PER_MESSAGE;
      const points = Array.from({ length: POINTS_PER_MESSAGE }, (_, k) => ({
        variableId: ids[variable]!,
        ts: T0 + (first + k) * 1000,
        value: (first + k) * VARIABLES + variable,
      }));
      inFlight.push(
        producer.send({
          topic: Topics.measurements,
          messages: [
            { key: String(ids[variable]), value: JSON.stringify({ source: 'reliability', points }) },
          ],
        }),
      );
      if (inFlight.length >= 8) await Promise.all(inFlight.splice(0));
    }
    await Promise.all(inFlight);
  }

  beforeAll(async () => {
    if (!existsSync(SERVICE)) throw new Error(`${SERVICE} is missing: run \`npm run build\` first`);
    await server.connect();
    await server.query(`create database ${DATABASE}`);
    await database.connect();
    brokerScript('stop.sh');
    execFileSync('rm', ['-rf', resolve(BROKER_HOME, 'data')]);
    brokerScript('start.sh');
    producer = kafka.producer({ retry: { retries: 10 } });
    await producer.connect();
  }, 180_000);

  afterAll(async () => {
    service?.kill('SIGKILL');
    await producer?.disconnect().catch(() => undefined);
    await database.end();
    brokerScript('stop.sh');
    await server.query(`drop database if exists ${DATABASE} with (force)`);
    await server.end();
  }, 120_000);

  it('stores every point exactly once and rolls all of them up', async () => {
    service = startService();
    await whenReady();
    const references = Array.from({ length: VARIABLES }, (_, i) => `reliability_${i}`);
    const declared = await fetch(`http://127.0.0.1:${PORT}/api/web/variable/raw/declare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': SERVICE_TOKEN },
      body: JSON.stringify({
        variables: references.map((clientReference) => ({
          clientReference,
          name: clientReference,
          unit: null,
        })),
      }),
    }).then((response) => response.json() as Promise<{ variables: { id: number }[] }>);
    ids = declared.variables.map((variable) => variable.id);
    expect(ids).toHaveLength(VARIABLES);

    // 1. The writer dies mid-stream, with transactions in flight and offsets not yet committed.
    const producing = publish(0, MESSAGES * 0.6);
    await eventually(storedEstimate, (count) => count >= TOTAL_POINTS * 0.2, 120_000);
    await killService();
    const atServiceKill = await storedEstimate();
    await producing;
    service = startService();
    await whenReady();

    // 2. The broker dies (SIGKILL: no clean shutdown) while the restarted service consumes.
    await eventually(storedEstimate, (count) => count >= TOTAL_POINTS * 0.45, 120_000);
    const brokerPid = Number(readFileSync(resolve(BROKER_HOME, 'kafka.pid'), 'utf8'));
    process.kill(brokerPid, 'SIGKILL');
    const atBrokerKill = await storedEstimate();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    brokerScript('start.sh');
    await publish(MESSAGES * 0.6, MESSAGES);

    const admin = kafka.admin();
    await admin.connect();
    try {
      await eventually(
        () => measurementsLag(admin, 'variables').catch(() => -1),
        (lag) => lag === 0,
        180_000,
      );
    } finally {
      await admin.disconnect();
    }
    const final = await stored();
    const perVariable = TOTAL_POINTS / VARIABLES;
    const expectedChecksum =
      VARIABLES * ((perVariable * (perVariable - 1)) / 2) * VARIABLES +
      perVariable * ((VARIABLES * (VARIABLES - 1)) / 2);

    expect(atServiceKill).toBeLessThan(TOTAL_POINTS * 0.6);
    expect(atBrokerKill).toBeLessThan(TOTAL_POINTS);
    expect(final.count).toBe(TOTAL_POINTS);
    expect(final.checksum).toBe(expectedChecksum);

    // The rollups, once current, hold every point once at every resolution.
    await eventually(
      () =>
        database.query('select count(*)::int as n from variables.rollup_pending').then((r) => r.rows[0].n),
      (pending) => pending === 0,
      180_000,
    );
    const rollups = await database.query<{ resolution: number; count: string; checksum: number }>(
      'select resolution_s as resolution, sum(count) as count, sum(sum)::float8 as checksum from variables.rollup group by 1 order by 1',
    );
    expect(rollups.rows.map((row) => [row.resolution, Number(row.count), row.checksum])).toEqual(
      [10, 30, 60, 600, 3600, 14400, 86400].map((resolution) => [resolution, TOTAL_POINTS, expectedChecksum]),
    );
  }, 600_000);
});
