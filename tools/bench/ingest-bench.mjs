// `npm run bench`: end-to-end ingest rate (producer -> bus -> writer -> committed rows) in standalone mode
// (PGlite + in-memory bus) and cluster mode (PostgreSQL + Kafka), each beside a plain COPY of the same
// number of rows into the same table on the same machine, measured in the same run. Needs the build
// (npm run bench does it). Cluster mode uses DATABASE_URL/KAFKA_BROKERS if set, else starts tools/ servers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Topics } = require('@plantlens/contracts');
const {
  createServiceApp,
  serviceModule,
  loadPlatformConfig,
  EventPublisher,
  InMemoryBroker,
  Database,
  AuthKeys,
} = require('@plantlens/platform');
const { VariablesModule } = require('@plantlens/variables');
const { Kafka, logLevel } = require('kafkajs');
const pg = require('pg');

const VARIABLES = 10;
const BATCH_POINTS = 5_000;
const STANDALONE_POINTS = Number(process.env.BENCH_STANDALONE_POINTS ?? 500_000);
const CLUSTER_POINTS = Number(process.env.BENCH_CLUSTER_POINTS ?? 2_000_000);
const T0 = Date.UTC(2024, 0, 1);

function* batches(ids, total, offsetMs = 0) {
  for (let start = 0; start < total; start += BATCH_POINTS) {
    const variableId = ids[(start / BATCH_POINTS) % ids.length];
    const points = [];
    for (let i = start; i < Math.min(total, start + BATCH_POINTS); i += 1) {
      points.push({
        variableId,
        ts: T0 + offsetMs + Math.floor(i / ids.length) * 1000 + (i % ids.length),
        value: Math.sin(i / 100),
      });
    }
    yield { variableId, points };
  }
}

function csvRows(ids, total, offsetMs) {
  const lines = [];
  for (const { points } of batches(ids, total, offsetMs)) {
    for (const p of points) lines.push(`${p.variableId},${new Date(p.ts).toISOString()},${p.value}`);
  }
  return lines.join('\n') + '\n';
}

async function declare(app, count, prefix) {
  const server = app.getHttpServer();
  const address = await app.getUrl();
  const body = {
    variables: Array.from({ length: count }, (_, i) => ({
      clientReference: `${prefix}_${i}`,
      name: `${prefix} ${i}`,
      unit: null,
    })),
  };
  const response = await fetch(`${address}/api/web/variable/raw/declare`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': app.get(AuthKeys).serviceToken },
    body: JSON.stringify(body),
  });
  void server;
  return (await response.json()).variables.map((v) => v.id);
}

async function countRows(database, ids) {
  const { sql } = require('kysely');
  const result =
    await sql`select count(*)::int as n from variables.measurement where variable_id = any(${ids})`.execute(
      database.kysely,
    );
  return result.rows[0].n;
}

async function copyReference(database, ids, total) {
  // Same table, same indexes, fresh timestamps (a year later) so nothing conflicts.
  const csv = csvRows(ids, total, 365 * 86_400_000);
  const started = performance.now();
  await database.copyCsv('COPY variables.measurement (variable_id, ts, value) FROM STDIN (FORMAT csv)', csv);
  return total / ((performance.now() - started) / 1000);
}

async function standalone() {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-bench-'));
  const config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', LOG_FORMAT: 'text' });
  const app = await createServiceApp({
    name: 'bench',
    module: serviceModule(config, [VariablesModule]),
    config,
    consumerGroup: 'variables',
  });
  await app.listen(0, '127.0.0.1');
  try {
    const ids = await declare(app, VARIABLES, 'bench_standalone');
    const publisher = app.get(EventPublisher);
    const broker = app.get(InMemoryBroker);
    const started = performance.now();
    for (const { variableId, points } of batches(ids, STANDALONE_POINTS)) {
      await publisher.publish(Topics.measurements, { source: 'bench', points }, String(variableId));
    }
    await broker.drain(Topics.measurements);
    const endToEnd = STANDALONE_POINTS / ((performance.now() - started) / 1000);
    const stored = await countRows(app.get(Database), ids);
    if (stored !== STANDALONE_POINTS) throw new Error(`standalone stored ${stored} of ${STANDALONE_POINTS}`);
    const copy = await copyReference(app.get(Database), ids, STANDALONE_POINTS);
    return { mode: 'standalone (PGlite + in-memory bus)', points: STANDALONE_POINTS, endToEnd, copy };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function startedService(script, variable) {
  if (process.env[variable]) return process.env[variable];
  const output = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const match = new RegExp(`^${variable}=(.+)$`, 'm').exec(output);
  if (!match) throw new Error(`${script} did not print ${variable}`);
  return match[1].trim();
}

async function cluster() {
  const baseUrl = startedService('tools/postgres/start.sh', 'DATABASE_URL');
  const brokers = startedService('tools/kafka/start.sh', 'KAFKA_BROKERS');
  // A database of its own, so the benchmark never mixes with development or test data.
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query('drop database if exists plantlens_bench');
  await admin.query('create database plantlens_bench');
  await admin.end();
  const databaseUrl = baseUrl.replace(/\/[^/?]+(\?|$)/, '/plantlens_bench$1');

  const kafka = new Kafka({ clientId: 'bench', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const kafkaAdmin = kafka.admin();
  await kafkaAdmin.connect();
  if ((await kafkaAdmin.listTopics()).includes(Topics.measurements))
    await kafkaAdmin.deleteTopics({ topics: [Topics.measurements] });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await kafkaAdmin.createTopics({
        topics: [{ topic: Topics.measurements, numPartitions: 6 }],
        waitForLeaders: true,
      });
      break;
    } catch (error) {
      if (attempt > 120) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await kafkaAdmin.disconnect();

  const config = loadPlatformConfig({
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    KAFKA_CLIENT_ID: 'bench',
  });
  const app = await createServiceApp({
    name: 'bench',
    module: serviceModule(config, [VariablesModule]),
    config,
    consumerGroup: 'variables-bench',
  });
  await app.listen(0, '127.0.0.1');
  const producer = kafka.producer();
  await producer.connect();
  try {
    const ids = await declare(app, VARIABLES, 'bench_cluster');
    const database = app.get(Database);
    const started = performance.now();
    const pending = [];
    for (const { variableId, points } of batches(ids, CLUSTER_POINTS)) {
      pending.push(
        producer.send({
          topic: Topics.measurements,
          messages: [{ key: String(variableId), value: JSON.stringify({ source: 'bench', points }) }],
        }),
      );
      if (pending.length >= 16) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    while ((await countRows(database, ids)) < CLUSTER_POINTS) await new Promise((r) => setTimeout(r, 50));
    const endToEnd = CLUSTER_POINTS / ((performance.now() - started) / 1000);
    const copy = await copyReference(database, ids, CLUSTER_POINTS);
    return { mode: 'cluster (PostgreSQL + Kafka)', points: CLUSTER_POINTS, endToEnd, copy };
  } finally {
    await producer.disconnect();
    await app.close();
  }
}

const format = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `Plantlens ingest benchmark — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
const results = [];
for (const run of process.argv.includes('--standalone-only') ? [standalone] : [standalone, cluster]) {
  const result = await run();
  results.push(result);
  console.log(
    `${result.mode.padEnd(38)} ${format(result.points).padStart(10)} points   end to end ${format(result.endToEnd).padStart(9)} points/s   plain COPY ${format(result.copy).padStart(9)} points/s   ratio ${(result.endToEnd / result.copy).toFixed(2)}`,
  );
}
process.exit(0);
