// A file far larger than what the uploader may hold goes through a real HTTP connection, generated as it
// is sent, into Kafka and PostgreSQL, and the live heap of the process stays flat: the file is streamed,
// never loaded whole. In the integration suite because 2 million points are minutes of work for PGlite
// (over ten under a loaded CI machine) and seconds for PostgreSQL; the uploader is the same in both modes.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, Authorities, Topics, type CsvUploadResponseDto } from '@plantlens/contracts';
import {
  AccessTokenService,
  createServiceApp,
  Database,
  loadPlatformConfig,
  serviceModule,
} from '@plantlens/platform';
import { sql } from 'kysely';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { VariablesModule } from '../src';
import { clusterEnvironment, recreateTopic } from './cluster-environment';
import { declareVariables } from './measurement-pipeline.scenario';

const VARIABLES = 5;
const ROWS = 400_000;
const DAY = 86_400_000;
// A recent UTC midnight: inside the raw retention whenever the test runs.
const T0 = Math.floor(Date.now() / DAY) * DAY - 30 * DAY;
const ROWS_PER_CHUNK = 500;
// What may legitimately stay alive during the upload: the uploader's chunk of lines and open batches, the
// Kafka producer's batches awaiting acknowledgement, the writer's transaction in progress. The same
// budget holds with the in-memory bus of standalone mode, which keeps up to 64 batches of 5 000 points in
// flight (about 20 MB of JSON).
const HEAP_BUDGET_MB = 24;

// A full-precision historian export: 2 million points, about 40 MB.
function* generateCsv(references: string[]): Generator<string> {
  yield `timestamp;${references.join(';')}\n`;
  for (let start = 0; start < ROWS; start += ROWS_PER_CHUNK) {
    let chunk = '';
    for (let row = start; row < start + ROWS_PER_CHUNK; row += 1) {
      chunk += String(T0 + row * 1000);
      for (let variable = 0; variable < VARIABLES; variable += 1) {
        chunk += ';' + String(Math.sin(row / 500 + variable) * 1000).replace('.', ',');
      }
      chunk += '\n';
    }
    yield chunk;
  }
}

// The live heap only (after a full collection), so garbage not yet collected does not count.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

function postStream(url: string, token: string, body: Readable): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'text/csv', [AuthHeaders.authorization]: `Bearer ${token}` },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    body.on('error', reject).pipe(request);
  });
}

describe('CSV uploader memory', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const { databaseUrl, brokers } = clusterEnvironment();
    await recreateTopic(brokers, Topics.measurements);
    const config = loadPlatformConfig({
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: brokers,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
    });
    app = await createServiceApp({
      name: 'variables',
      module: serviceModule(config, [VariablesModule]),
      config,
      consumerGroup: 'variables-csv-memory',
    });
    await app.listen(0, '127.0.0.1');
  }, 120_000);
  afterAll(() => app?.close());

  it('streams a 2-million-point file with a flat heap and stores every point', async () => {
    const references = Array.from({ length: VARIABLES }, (_, index) => `memory_${index}`);
    const ids = await declareVariables(app, references);
    const token = await app
      .get(AccessTokenService)
      .issue({ id: 1, username: 'root', authorities: [Authorities.superAdmin], sessionVersion: 0 });

    let fileBytes = 0;
    const file = Readable.from(generateCsv(references)).on('data', (chunk: string) => {
      fileBytes += Buffer.byteLength(chunk);
    });
    const baseline = liveHeap();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, liveHeap());
    }, 1000);
    const started = Date.now();
    const response = await postStream(`${await app.getUrl()}/api/web/csv-upload`, token, file).finally(() =>
      clearInterval(sampler),
    );
    const seconds = (Date.now() - started) / 1000;

    expect(response.status).toBe(200);
    const summary = JSON.parse(response.text) as CsvUploadResponseDto;
    expect(summary).toMatchObject({ rows: ROWS, pointsPublished: ROWS * VARIABLES, errorCount: 0 });
    const growthMb = (peak - baseline) / 1024 ** 2;
    const fileMb = fileBytes / 1024 ** 2;
    console.log(
      `CSV upload of ${fileMb.toFixed(0)} MB (${summary.pointsPublished} points) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(summary.pointsPublished / seconds)} points/s published, Kafka + PostgreSQL); ` +
        `live heap ${(baseline / 1024 ** 2).toFixed(1)} MB before, at most ${(peak / 1024 ** 2).toFixed(1)} MB ` +
        `during (growth ${growthMb.toFixed(1)} MB)`,
    );
    // Holding the file as text alone would grow the heap by its size, its points by several times that.
    expect(fileMb).toBeGreaterThan(1.5 * HEAP_BUDGET_MB);
    expect(growthMb).toBeLessThan(HEAP_BUDGET_MB);

    // The writer consumes behind the upload: every point arrives, each once.
    const storedPoints = async () =>
      (
        await sql<{ variable_id: number; points: number }>`
          select variable_id, count(*)::int as points from variables.measurement
          where variable_id in (${sql.join(ids)}) group by variable_id order by variable_id`.execute(
          app.get(Database).kysely,
        )
      ).rows;
    const deadline = Date.now() + 120_000;
    while (
      (await storedPoints()).reduce((sum, { points }) => sum + points, 0) < ROWS * VARIABLES &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await storedPoints()).toEqual(ids.map((id) => ({ variable_id: id, points: ROWS })));
  }, 600_000);
});
