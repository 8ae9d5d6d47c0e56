// PostgreSQL stopped and started again (tools/postgres/stop.sh, start.sh) while the variables service (a
// separate process) ingests a stream from the shared broker: its readiness goes down while the database is
// away and comes back, the writer waits for it and resumes, and every point produced is stored exactly
// once (count and checksum). The service works in a database of its own; its consumer group starts at the
// current end of the topics, so what other suites left on the broker is not this test's.
// Needs `npm run build` (the service's dist) beforehand.
import { Topics } from '@plantlens/contracts';
import { ensureKafkaTopics } from '@plantlens/platform';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import { Client } from 'pg';
import { clusterEnvironment, measurementsLag, startGroupAtEnd } from './cluster-environment';
import { eventually } from './measurement-pipeline.scenario';

const ROOT = resolve(__dirname, '../../..');
const SERVICE = resolve(ROOT, 'apps/variables/dist/main.js');
const PORT = 3_313;
const DATABASE = `plantlens_pg_restart_${process.pid}`;
// The service's consumer group (apps/variables/src/main.ts).
const GROUP = 'variables';
const VARIABLES = 5;
const POINTS_PER_MESSAGE = 1_000;
const MESSAGES = 300;
const TOTAL_POINTS = MESSAGES * POINTS_PER_MESSAGE;
const DAY_MS = 86_400_000;
// Inside the default raw retention, so no point is refused as expired.
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 30 * DAY_MS;
const SERVICE_TOKEN = randomBytes(32).toString('base64url');

function postgresScript(script: string): void {
  execFileSync('bash', [resolve(ROOT, 'tools/postgres', script)], { stdio: ['ignore', 'ignore', 'pipe'] });
}

describe('PostgreSQL restarted during ingest', () => {
  const { databaseUrl: baseUrl, brokers } = clusterEnvironment();
  const databaseUrl = baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`);
  const kafka = new Kafka({
    clientId: 'pg-restart-test',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  let producer: Producer;
  let admin: Admin;
  let service: ChildProcess | undefined;
  let serviceLog = '';
  let ids: number[] = [];

  // A connection per question: the test's own connections go down with the server too.
  async function query<R>(url: string, text: string): Promise<R[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as R[];
    } finally {
      await client.end();
    }
  }

  const stored = () =>
    query<{ count: string; checksum: number }>(
      databaseUrl,
      'select count(*) as count, coalesce(sum(value), 0)::float8 as checksum from variables.measurement',
    ).then(([row]) => ({ count: Number(row!.count), checksum: row!.checksum }));

  function readiness(): Promise<{ status: number; database?: string }> {
    return fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
      async (response) => {
        const body = (await response.json()) as { checks?: { name: string; status: string }[] };
        const database = body.checks?.find((check) => check.name === 'database')?.status;
        return { status: response.status, database };
      },
      () => ({ status: 0 }),
    );
  }

  // Point i of variable v has value i * VARIABLES + v: every value distinct and the checksum exact.
  async function publish(fromMessage: number, toMessage: number): Promise<void> {
    for (let message = fromMessage; message < toMessage; message += 1) {
      const variable = message % VARIABLES;
      const first = Math.floor(message / VARIABLES) * POINTS_PER_MESSAGE;
      const points = Array.from({ length: POINTS_PER_MESSAGE }, (_, k) => ({
        variableId: ids[variable]!,
        ts: T0 + (first + k) * 1000,
        value: (first + k) * VARIABLES + variable,
      }));
      await producer.send({
        topic: Topics.measurements,
        messages: [{ key: String(ids[variable]), value: JSON.stringify({ source: 'pg-restart', points }) }],
      });
    }
  }

  beforeAll(async () => {
    if (!existsSync(SERVICE)) throw new Error(`${SERVICE} is missing: run \`npm run build\` first`);
    await query(baseUrl, `create database ${DATABASE}`);
    await ensureKafkaTopics('pg-restart-test', brokers.split(','), 6);
    admin = kafka.admin();
    await admin.connect();
    await startGroupAtEnd(admin, GROUP, [Topics.measurements, Topics.derivedMeasurements]);
    producer = kafka.producer();
    await producer.connect();
  }, 60_000);

  afterAll(async () => {
    service?.kill('SIGKILL');
    await producer?.disconnect().catch(() => undefined);
    await admin?.disconnect().catch(() => undefined);
    postgresScript('start.sh');
    await query(baseUrl, `drop database if exists ${DATABASE} with (force)`);
  }, 60_000);

  it('waits for the database, resumes, and stores every point once; readiness goes down and up', async () => {
    const started = Date.now();
    service = spawn(process.execPath, [SERVICE], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: brokers,
        KAFKA_CLIENT_ID: 'pg-restart-test',
        LOG_FORMAT: 'text',
        LOG_LEVEL: 'warn',
        SERVICE_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout?.on('data', (chunk) => (serviceLog = (serviceLog + chunk).slice(-20_000)));
    service.stderr?.on('data', (chunk) => (serviceLog = (serviceLog + chunk).slice(-20_000)));
    const withLog = (error: Error) => {
      const exit = service?.exitCode === null ? '' : ` (the service exited with ${service?.exitCode})`;
      throw new Error(`${error.message}${exit}\nservice log:\n${serviceLog.slice(-3000)}`);
    };
    await eventually(readiness, (ready) => ready.status === 200, 60_000).catch(withLog);
    const declared = await fetch(`http://127.0.0.1:${PORT}/api/web/variable/raw/declare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-token': SERVICE_TOKEN },
      body: JSON.stringify({
        variables: Array.from({ length: VARIABLES }, (_, i) => ({
          clientReference: `pg_restart_${i}`,
          name: `pg_restart_${i}`,
          unit: null,
        })),
      }),
    }).then((response) => response.json() as Promise<{ variables: { id: number }[] }>);
    ids = declared.variables.map((variable) => variable.id);
    expect(ids).toHaveLength(VARIABLES);

    // The first third goes in; the database stops while the second third is being written.
    await publish(0, MESSAGES / 3);
    await eventually(stored, ({ count }) => count > 0, 60_000);
    const producing = publish(MESSAGES / 3, (2 * MESSAGES) / 3);
    postgresScript('stop.sh');
    const down = await eventually(readiness, (ready) => ready.status !== 200, 30_000);
    if (down.status !== 503)
      withLog(new Error(`readiness answered ${down.status} with the database stopped`));
    expect(down).toEqual({ status: 503, database: 'down' });
    await producing;
    // Several seconds away: the writer's attempts fail and the messages stay unacknowledged.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(service.exitCode).toBeNull();
    postgresScript('start.sh');
    await eventually(readiness, (ready) => ready.status === 200, 30_000).catch(withLog);
    await publish((2 * MESSAGES) / 3, MESSAGES);

    await eventually(
      () => measurementsLag(admin, GROUP).catch(() => -1),
      (lag) => lag === 0,
      90_000,
    ).catch(withLog);
    const perVariable = TOTAL_POINTS / VARIABLES;
    expect(await stored()).toEqual({
      count: TOTAL_POINTS,
      checksum:
        VARIABLES * ((perVariable * (perVariable - 1)) / 2) * VARIABLES +
        perVariable * ((VARIABLES * (VARIABLES - 1)) / 2),
    });
    console.log(`PostgreSQL restart during ingest: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);
});
