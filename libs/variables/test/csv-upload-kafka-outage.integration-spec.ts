// The shared Kafka broker stopped (tools/kafka/stop.sh) in the middle of a CSV upload: the upload fails with
// a clear 503 ApiError naming the bus and saying how many points were published (and so will be stored);
// once the broker is back (tools/kafka/start.sh) exactly those points are stored, and uploading the file
// again stores all of it, each point once. The service works in a database of its own, in a consumer group
// that starts at the current end of the topics.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, Authorities, Topics } from '@plantlens/contracts';
import {
  AccessTokenService,
  createServiceApp,
  Database,
  ensureKafkaTopics,
  loadPlatformConfig,
  serviceModule,
} from '@plantlens/platform';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { VariablesModule } from '../src';
import { clusterEnvironment, startGroupAtEnd } from './cluster-environment';
import { declareVariables, eventually } from './measurement-pipeline.scenario';

const ROOT = resolve(__dirname, '../../..');
const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_kafka_outage_${RUN}`;
const GROUP = `variables-kafka-outage-${RUN}`;
const VARIABLES = 2;
const ROWS_PER_CHUNK = 2_500;
const CHUNKS = 16;
const DAY_MS = 86_400_000;
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 30 * DAY_MS;
const run = promisify(execFile);

function kafkaScript(script: string): Promise<unknown> {
  return run('bash', [resolve(ROOT, 'tools/kafka', script)]);
}

function csvChunk(chunk: number): string {
  let text = '';
  for (let row = chunk * ROWS_PER_CHUNK; row < (chunk + 1) * ROWS_PER_CHUNK; row += 1) {
    text += String(T0 + row * 1000);
    for (let variable = 0; variable < VARIABLES; variable += 1) text += `;${row * VARIABLES + variable}`;
    text += '\n';
  }
  return text;
}

// Sends the body as it is produced and resolves with the answer, which may come before the body is done.
function upload(url: string, token: string, body: Readable): Promise<{ status: number; body: unknown }> {
  return new Promise((resolvePost, reject) => {
    let answered = false;
    const post = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'text/csv', [AuthHeaders.authorization]: `Bearer ${token}` },
      },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => resolvePost({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    // Writing the rest of the body after an early answer may fail: the answer is what counts.
    post.on('error', (error) => (answered ? undefined : reject(error)));
    body.pipe(post);
  });
}

describe('Kafka stopped during a CSV upload', () => {
  const { databaseUrl: baseUrl, brokers } = clusterEnvironment();
  const databaseUrl = baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`);
  let app: NestFastifyApplication;

  async function onServer(text: string): Promise<void> {
    const server = new Client({ connectionString: baseUrl });
    await server.connect();
    await server.query(text);
    await server.end();
  }

  beforeAll(async () => {
    await onServer(`create database ${DATABASE}`);
    await ensureKafkaTopics(`kafka-outage-${RUN}`, brokers.split(','), 6);
    const admin = new Kafka({
      clientId: `kafka-outage-${RUN}`,
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    await startGroupAtEnd(admin, GROUP, [Topics.measurements, Topics.derivedMeasurements]);
    await admin.disconnect();
    const config = loadPlatformConfig({
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: brokers,
      KAFKA_CLIENT_ID: `kafka-outage-${RUN}`,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
    });
    app = await createServiceApp({
      name: 'variables',
      module: serviceModule(config, [VariablesModule]),
      config,
      consumerGroup: GROUP,
    });
    await app.listen(0, '127.0.0.1');
  }, 120_000);

  afterAll(async () => {
    await kafkaScript('start.sh');
    await app?.close();
    await onServer(`drop database if exists ${DATABASE} with (force)`);
  }, 120_000);

  it('answers 503 naming the bus and what was published; exactly that is stored, and a new upload completes', async () => {
    const started = Date.now();
    const references = Array.from({ length: VARIABLES }, (_, index) => `kafka_outage_${index}`);
    const ids = await declareVariables(app, references);
    const token = await app
      .get(AccessTokenService)
      .issue({ id: 1, username: 'root', authorities: [Authorities.superAdmin], sessionVersion: 0 });
    const url = `${await app.getUrl()}/api/web/csv-upload`;
    const stored = async () =>
      (
        await app
          .get(Database)
          .withConnection((connection) =>
            connection.query<{ n: number }>(
              'select count(*)::int as n from variables.measurement where variable_id = any($1)',
              [ids],
            ),
          )
      )[0]!.n;

    // The broker stops after a few chunks went through; the file keeps coming slowly until the answer.
    let answered = false;
    let stopping: Promise<unknown> | undefined;
    async function* slowFile(): AsyncGenerator<string> {
      yield `timestamp;${references.join(';')}\n`;
      for (let chunk = 0; chunk < CHUNKS && !answered; chunk += 1) {
        if (chunk === 4) {
          // Time for the first chunks' points to be published.
          await new Promise((resolveWait) => setTimeout(resolveWait, 2_000));
          stopping = kafkaScript('stop.sh');
        }
        yield csvChunk(chunk);
        if (chunk >= 4) await new Promise((resolveWait) => setTimeout(resolveWait, 500));
      }
    }
    const failed = await upload(url, token, Readable.from(slowFile())).finally(() => (answered = true));
    await stopping;
    const answerSeconds = (Date.now() - started) / 1000;
    expect(failed).toEqual({
      status: 503,
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringMatching(
          /^The message bus did not take the file's points \(.+\)\. \d+ points of the file were published/,
        ),
        pointsPublished: expect.any(Number),
      },
    });
    const { pointsPublished } = failed.body as { pointsPublished: number };
    expect(pointsPublished).toBeGreaterThan(0);
    expect(pointsPublished).toBeLessThan(CHUNKS * ROWS_PER_CHUNK * VARIABLES);

    await kafkaScript('start.sh');
    // What the answer said was published is stored, once the writer reaches it.
    await eventually(stored, (count) => count >= pointsPublished, 90_000);
    expect(await stored()).toBe(pointsPublished);

    const again = await upload(
      url,
      token,
      Readable.from(
        (function* () {
          yield `timestamp;${references.join(';')}\n`;
          for (let chunk = 0; chunk < CHUNKS; chunk += 1) yield csvChunk(chunk);
        })(),
      ),
    );
    expect(again).toMatchObject({
      status: 200,
      body: { pointsPublished: CHUNKS * ROWS_PER_CHUNK * VARIABLES },
    });
    await eventually(stored, (count) => count >= CHUNKS * ROWS_PER_CHUNK * VARIABLES, 90_000);
    expect(await stored()).toBe(CHUNKS * ROWS_PER_CHUNK * VARIABLES);
    console.log(
      `Kafka stopped during a CSV upload: answered 503 after ${answerSeconds.toFixed(1)} s ` +
        `(${pointsPublished} points published); ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
    );
  }, 240_000);
});
