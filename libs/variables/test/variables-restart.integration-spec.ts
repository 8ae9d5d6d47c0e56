// Kills the real variables service (SIGKILL, no goodbye) in the middle of a stream and restarts it:
// every point must end up stored exactly once. It starts with no `measurements` topic, as a new broker,
// which the service has to create. Needs `npm run build` (the service's dist) beforehand.
import { Topics } from '@plantlens/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { Client } from 'pg';
import { clusterEnvironment, deleteTopic } from './cluster-environment';
import { eventually } from './measurement-pipeline.scenario';

const SERVICE = resolve(__dirname, '../../../apps/variables/dist/main.js');
const PORT = 3_311;
const BATCHES = 200;
const POINTS_PER_BATCH = 2_500;
const VARIABLES = 4;
const T0 = Date.UTC(2025, 0, 1);
// The data-source credential the service accepts on raw/declare.
const SERVICE_TOKEN = randomBytes(32).toString('base64url');

describe('variables service restart during a stream', () => {
  const { databaseUrl, brokers } = clusterEnvironment();
  const database = new Client({ connectionString: databaseUrl });
  let producer: Producer;
  let service: ChildProcess | undefined;
  let serviceLog = '';

  function startService(): ChildProcess {
    const child = spawn(process.execPath, [SERVICE], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: brokers,
        LOG_FORMAT: 'json',
        SERVICE_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (serviceLog += chunk));
    child.stderr?.on('data', (chunk) => (serviceLog += chunk));
    return child;
  }

  async function whenReady(): Promise<void> {
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      60_000,
    ).catch((error) => {
      throw new Error(`${error.message}\nservice log:\n${serviceLog.slice(-3000)}`);
    });
  }

  async function storedPoints(ids: number[]): Promise<{ count: number; checksum: number }> {
    const result = await database.query<{ count: number; checksum: number }>(
      'select count(*)::int as count, coalesce(sum(value), 0)::float8 as checksum from variables.measurement where variable_id = any($1)',
      [ids],
    );
    return result.rows[0]!;
  }

  beforeAll(async () => {
    if (!existsSync(SERVICE)) throw new Error(`${SERVICE} is missing: run \`npm run build\` first`);
    // No topic at all: the service must create it before consuming (as on a brand-new broker).
    await deleteTopic(brokers, Topics.measurements);
    await database.connect();
    producer = new Kafka({
      clientId: 'restart-test',
      brokers: brokers.split(','),
      logLevel: logLevel.ERROR,
    }).producer();
    await producer.connect();
  });

  afterAll(async () => {
    service?.kill('SIGKILL');
    await producer?.disconnect();
    await database.end();
  });

  it('stores every point exactly once', async () => {
    service = startService();
    await whenReady();
    const references = Array.from({ length: VARIABLES }, (_, i) => `restart_${Date.now()}_${i}`);
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
    const ids = declared.variables.map((variable) => variable.id);
    expect(ids).toHaveLength(VARIABLES);

    let expectedChecksum = 0;
    const publish = async (batch: number) => {
      const variableId = ids[batch % VARIABLES]!;
      const points = Array.from({ length: POINTS_PER_BATCH }, (_, i) => {
        const value = batch * POINTS_PER_BATCH + i;
        expectedChecksum += value;
        return { variableId, ts: T0 + (Math.floor(batch / VARIABLES) * POINTS_PER_BATCH + i) * 1000, value };
      });
      // A plain kafkajs producer: any source that writes JSON to the topic is understood.
      await producer.send({
        topic: Topics.measurements,
        messages: [{ key: String(variableId), value: JSON.stringify({ source: 'restart-test', points }) }],
      });
    };

    const killAt = Math.floor(BATCHES * 0.4);
    for (let batch = 0; batch < killAt; batch += 1) await publish(batch);
    const beforeKill = await eventually(
      () => storedPoints(ids),
      (stored) => stored.count > 0,
    );
    service.kill('SIGKILL');
    await new Promise((resolve) => service!.once('exit', resolve));
    const atKill = await storedPoints(ids);
    for (let batch = killAt; batch < BATCHES; batch += 1) await publish(batch);

    service = startService();
    await whenReady();
    const total = BATCHES * POINTS_PER_BATCH;
    const final = await eventually(
      () => storedPoints(ids),
      (stored) => stored.count >= total,
      120_000,
    );

    expect(beforeKill.count).toBeGreaterThan(0);
    expect(atKill.count).toBeLessThan(total);
    expect(final.count).toBe(total);
    expect(final.checksum).toBe(expectedChecksum);
  });
});
