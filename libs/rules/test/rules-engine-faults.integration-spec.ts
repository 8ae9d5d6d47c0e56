// Faults around the rules engine, run as production runs it: a separate process (apps/rules-engine/dist) over
// the shared PostgreSQL and Kafka, e-mailing a real SMTP server (smtp-server) in the test process.
// 1. Killed with SIGKILL while incidences are open: a new instance resumes the state; every incidence is
//    opened once and e-mailed once.
// 2. The SMTP server down for several retry periods: the e-mail is retried and delivered once when it is
//    back. The retry period is short here; email-retry.spec.ts shows that the default policy keeps retrying
//    for more than 10 minutes.
// The engine works in a database of its own; its consumer group starts at the current end of the topics,
// and its variable ids are unique to the run, so other suites' messages are not this test's.
// Needs `npm run build` (the service's dist) beforehand.
import { Topics, type MeasurementPoint } from '@plantlens/contracts';
import { Database, ensureKafkaTopics, measurementKey } from '@plantlens/platform';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { Client } from 'pg';
import type { SMTPServer } from 'smtp-server';
import { RuleRepository } from '../src/rule/rule.repository';
import { newRule } from './rules-app';
import { header, startSmtp, until, type Received } from './smtp-server';

const ROOT = resolve(__dirname, '../../..');
const SERVICE = resolve(ROOT, 'apps/rules-engine/dist/main.js');
const PORT = 3_314;
const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_rules_faults_${RUN}`;
// The engine's consumer group (rulesEngineConsumerGroup of shard 0).
const GROUP = 'rules-engine-0';
// Ids no variables service hands out soon: unique to this run.
const KILLED_VARIABLE = 1_600_000_000 + (Number(RUN) % 100_000_000);
const MAILED_VARIABLE = KILLED_VARIABLE + 1;
const STEP_MS = 10_000;
const THRESHOLD = 50;
const RETRY_INITIAL_MS = 250;

// Runs of 4 points above the threshold and 4 below: one incidence per run above, opened at its first
// point and closed at the first point below.
function alternating(variableId: number, start: number, runs: number): MeasurementPoint[] {
  return Array.from({ length: runs * 8 }, (_, index) => ({
    variableId,
    ts: start + index * STEP_MS,
    value: index % 8 < 4 ? THRESHOLD + 10 + index : THRESHOLD - 10,
  }));
}

// The engine evaluates a rule from its creation on.
function afterNow(): number {
  return Math.ceil(Date.now() / STEP_MS) * STEP_MS + STEP_MS;
}

function messageIds(received: Received[]): string[] {
  return received.map((message) => header(message.raw, 'Message-ID') ?? '').sort();
}

describe('rules engine faults', () => {
  const { DATABASE_URL: baseUrl, KAFKA_BROKERS: brokers } = process.env;
  if (!baseUrl || !brokers) {
    throw new Error(
      'Needs DATABASE_URL and KAFKA_BROKERS from tools/postgres/start.sh and tools/kafka/start.sh',
    );
  }
  const databaseUrl = baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`);
  const kafka = new Kafka({
    clientId: `rules-faults-${RUN}`,
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const received: Received[] = [];
  let smtp: { server: SMTPServer; port: number };
  let producer: Producer;
  let database: Database;
  let service: ChildProcess | undefined;
  let serviceLog = '';
  let killedRule = 0;
  let mailedRule = 0;

  function startService(): ChildProcess {
    const child = spawn(process.execPath, [SERVICE], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: brokers,
        KAFKA_CLIENT_ID: `rules-faults-${RUN}`,
        SERVICE_TOKEN: randomBytes(32).toString('base64url'),
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        NOTIFICATION_RETRY_INITIAL_MS: String(RETRY_INITIAL_MS),
        NOTIFICATION_RULE_MAX_EMAILS: '1000',
        LOG_FORMAT: 'text',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (serviceLog = (serviceLog + chunk).slice(-20_000)));
    child.stderr?.on('data', (chunk) => (serviceLog = (serviceLog + chunk).slice(-20_000)));
    return child;
  }

  async function withServiceLog<T>(waiting: Promise<T>): Promise<T> {
    return waiting.catch((error: Error) => {
      const exit = service?.exitCode === null ? '' : ` (the service exited with ${service?.exitCode})`;
      throw new Error(`${error.message}${exit}\nservice log:\n${serviceLog.slice(-3000)}`);
    });
  }

  const whenReady = () =>
    withServiceLog(
      until(
        () =>
          fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
            (response) => response.status === 200,
            () => false,
          ),
        60_000,
      ),
    );

  async function stopService(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const exited = new Promise((resolve) => service!.once('exit', resolve));
    service!.kill(signal);
    await exited;
  }

  async function stopSmtp(): Promise<void> {
    if (smtp?.server.server.listening)
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  }

  function query<R>(text: string, values: unknown[] = []): Promise<R[]> {
    return database.withConnection((connection) => connection.query<R>(text, values));
  }

  const incidencesOf = (ruleId: number) =>
    query<{ openedAt: number; closedAt: number | null }>(
      `select opened_ms::float8 as "openedAt", closed_ms::float8 as "closedAt" from rules.incidence
        where rule_id = $1 order by opened_ms`,
      [ruleId],
    );

  async function publish(points: MeasurementPoint[]): Promise<void> {
    for (const point of points) {
      await producer.send({
        topic: Topics.measurements,
        messages: [
          {
            key: measurementKey(point.variableId, 6),
            value: JSON.stringify({ source: 'rules-faults', points: [point] }),
          },
        ],
      });
    }
  }

  // The engine's rule count is not visible from outside: the first point is sent until the incidence it
  // opens shows.
  async function openFirst(ruleId: number, first: MeasurementPoint): Promise<void> {
    await withServiceLog(
      until(async () => {
        await publish([first]);
        return (await incidencesOf(ruleId)).length === 1;
      }, 60_000),
    );
  }

  beforeAll(async () => {
    if (!existsSync(SERVICE)) throw new Error(`${SERVICE} is missing: run \`npm run build\` first`);
    const server = new Client({ connectionString: baseUrl });
    await server.connect();
    await server.query(`create database ${DATABASE}`);
    await server.end();
    await ensureKafkaTopics(`rules-faults-${RUN}`, brokers.split(','), 6);
    const admin = kafka.admin();
    await admin.connect();
    for (const topic of Object.values(Topics)) {
      // On a fresh broker the topics' leaders may still be being elected.
      let ends: { partition: number; high: string }[] | null = null;
      await until(
        async () => (ends = await admin.fetchTopicOffsets(topic).catch(() => null)) !== null,
        30_000,
      );
      // A member killed by an earlier run stays in the group until its session times out (30 s).
      await until(
        () =>
          admin
            .setOffsets({
              groupId: GROUP,
              topic,
              partitions: ends!.map(({ partition, high }) => ({ partition, offset: high })),
            })
            .then(
              () => true,
              () => false,
            ),
        45_000,
      );
    }
    await admin.disconnect();
    producer = kafka.producer();
    await producer.connect();
    smtp = await startSmtp(0, 0, received);
    // The first start creates the schema; the rules are stored as the API does (rows and catalog events),
    // and the next start loads them and publishes the events. The API belongs to the same process, which
    // is the only one to publish its outbox.
    service = startService();
    await whenReady();
    database = await Database.openPostgres(databaseUrl, 2);
    [killedRule, mailedRule] = await new RuleRepository(database).insertMany(
      [KILLED_VARIABLE, MAILED_VARIABLE].map((variableId) =>
        newRule({ varOneId: variableId, operator: '>', constant: THRESHOLD, emails: ['ops@example.com'] }),
      ),
      'shard-0',
    );
    await stopService('SIGTERM');
    service = startService();
    await whenReady();
  }, 180_000);

  afterAll(async () => {
    service?.kill('SIGKILL');
    await producer?.disconnect().catch(() => undefined);
    await database?.close();
    await stopSmtp();
    const server = new Client({ connectionString: baseUrl });
    await server.connect();
    await server.query(`drop database if exists ${DATABASE} with (force)`);
    await server.end();
  }, 60_000);

  it('killed with incidences open, resumes in a new instance: each incidence opened and e-mailed once', async () => {
    const started = Date.now();
    const points = alternating(KILLED_VARIABLE, afterNow(), 6);
    const ruleId = killedRule;
    await openFirst(ruleId, points[0]!);
    // Up to the middle of the fourth run above the threshold: three incidences closed, the fourth open.
    const killAt = 3 * 8 + 2;
    await publish(points.slice(1, killAt));
    await withServiceLog(
      until(async () => {
        const stored = await incidencesOf(ruleId);
        return stored.length === 4 && stored[3]!.closedAt === null;
      }, 60_000),
    );
    await stopService('SIGKILL');

    // The rest of the stream waits on the broker, and part of what came before comes again.
    await publish(points.slice(killAt - 4));
    service = startService();
    await whenReady();
    const openings = points.filter((_, index) => index % 8 === 0).map((point) => point.ts);
    const closings = points.filter((_, index) => index % 8 === 4).map((point) => point.ts);
    await withServiceLog(
      until(async () => (await incidencesOf(ruleId)).filter((i) => i.closedAt !== null).length === 6, 60_000),
    );
    expect(await incidencesOf(ruleId)).toEqual(
      openings.map((openedAt, index) => ({ openedAt, closedAt: closings[index] })),
    );
    const ids = await query<{ id: number }>('select id from rules.incidence where rule_id = $1 order by id', [
      ruleId,
    ]);
    // An e-mail the killed instance had claimed and not sent is taken again when its claim (60 s) lapses.
    await withServiceLog(until(() => received.length >= 6, 90_000));
    // Time for a second copy to show, were one sent.
    await new Promise((resolve) => setTimeout(resolve, 2 * RETRY_INITIAL_MS + 1_000));
    expect(messageIds(received)).toEqual(ids.map(({ id }) => `<incidence-${id}@plantlens>`).sort());
    console.log(`Rules engine killed with incidences open: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);

  it('retries the e-mail while the SMTP server is down and delivers it once when it is back', async () => {
    const started = Date.now();
    received.length = 0;
    await stopSmtp();
    const [opening] = alternating(MAILED_VARIABLE, afterNow(), 1);
    const ruleId = mailedRule;
    await openFirst(ruleId, opening!);
    const delivery = () =>
      query<{ status: string; attempts: number; lastError: string | null }>(
        `select status, attempts, last_error as "lastError" from rules.email_delivery
          where id = 'incidence-' || (select id from rules.incidence where rule_id = $1)`,
        [ruleId],
      ).then((rows) => rows[0]);
    // Several retry periods of outage: 250, 500, 1000, 2000 ms between the first five attempts.
    await withServiceLog(until(async () => ((await delivery())?.attempts ?? 0) >= 5, 30_000));
    expect(await delivery()).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(received).toHaveLength(0);

    smtp = await startSmtp(0, smtp.port, received);
    await withServiceLog(until(async () => (await delivery())?.status === 'sent', 30_000));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const [incidence] = await query<{ id: number }>('select id from rules.incidence where rule_id = $1', [
      ruleId,
    ]);
    expect(messageIds(received)).toEqual([`<incidence-${incidence!.id}@plantlens>`]);
    console.log(`SMTP server down during notifications: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 120_000);
});
