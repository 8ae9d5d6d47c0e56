// `npm run bench`: end-to-end ingest rate (producer -> bus -> writer -> committed rows) in standalone mode
// (PGlite + in-memory bus) and cluster mode (PostgreSQL + Kafka), each beside a plain COPY of the same
// number of rows into the same table, measured in the same run; then the storage per point, raw and with
// rollups. Needs the build (npm run bench does it). Cluster mode uses DATABASE_URL / KAFKA_BROKERS if set,
// else starts the tools/ servers; it works in a database of its own (plantlens_bench, recreated).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  benchDatabase,
  declareVariables,
  saveBenchFigures,
  startedService,
  startInProcessApp,
} from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { Topics } = require('@plantlens/contracts');
const { Kafka, logLevel } = require('kafkajs');

const VARIABLES = 10;
const BATCH_POINTS = 5_000;
const DAY_MS = 86_400_000;
// Recent enough to be inside the default raw retention (400 days).
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 200 * DAY_MS;
// The plain COPY reference writes the same number of rows a month later, so nothing conflicts.
const REFERENCE_OFFSET_MS = 30 * DAY_MS;
// issue 17: end to end at least this fraction of a plain COPY of the same rows, rollups current this soon.
const INGEST_RATIO_GOAL = 0.8;
const ROLLUP_FRESHNESS_GOAL_S = 2;

// Each variable gets 1-second points; a message carries BATCH_POINTS consecutive points of one variable.
function* batches(ids, total, offsetMs = 0) {
  const perVariable = Math.ceil(total / ids.length);
  let produced = 0;
  for (let start = 0; start < perVariable; start += BATCH_POINTS) {
    for (const variableId of ids) {
      const points = [];
      for (let i = start; i < Math.min(perVariable, start + BATCH_POINTS) && produced < total; i += 1) {
        points.push({ variableId, ts: T0 + offsetMs + i * 1000, value: Math.sin(i / 100) * 50 + variableId });
        produced += 1;
      }
      if (points.length > 0) yield { variableId, points };
    }
  }
}

// The Kafka producer runs in a worker thread, so it does not share the service's event loop (in a
// deployment it is another process on another machine).
if (!isMainThread) {
  const { brokers, ids, total } = workerData;
  const producer = new Kafka({ clientId: 'bench-producer', brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  const inFlight = [];
  for (const { variableId, points } of batches(ids, total)) {
    inFlight.push(
      producer.send({
        topic: Topics.measurements,
        messages: [{ key: String(variableId), value: JSON.stringify({ source: 'bench', points }) }],
      }),
    );
    if (inFlight.length >= 16) await Promise.all(inFlight.splice(0));
  }
  await Promise.all(inFlight);
  await producer.disconnect();
  parentPort.postMessage('sent');
} else {
  await main();
}

async function main() {
  const { loadPlatformConfig, EventPublisher, Database, AuthKeys } = require('@plantlens/platform');
  const { VariablesModule, MeasurementMetrics, encodeMeasurementCopy } = require('@plantlens/variables');
  const { sql } = require('kysely');

  const STANDALONE_POINTS = Number(process.env.BENCH_STANDALONE_POINTS ?? 500_000);
  const CLUSTER_POINTS = Number(process.env.BENCH_CLUSTER_POINTS ?? 4_000_000);

  // VARIABLES variables named after the run; their ids in declaration order.
  async function declare(app, prefix) {
    const variables = Array.from({ length: VARIABLES }, (_, i) => ({
      clientReference: `${prefix}_${i}`,
      name: `${prefix} ${i}`,
      unit: null,
    }));
    const ids = await declareVariables(await app.getUrl(), app.get(AuthKeys).serviceToken, variables);
    return variables.map(({ clientReference }) => ids.get(clientReference));
  }

  // Every point is distinct and nothing else writes, so points written (committed) reach exactly `total`.
  async function waitForStored(app, total) {
    const metrics = app.get(MeasurementMetrics);
    while ((await metrics.totals()).written < total) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  async function scalar(database, query) {
    const result = await query.execute(database.kysely);
    return Number(Object.values(result.rows[0])[0]);
  }

  // Writers merge their points into the rollups; the maintainer only recomputes corrected buckets. The time
  // from the last commit until none is pending is what the rollups lag behind the raw points.
  async function rollupLagMs(database, ingestEnd) {
    while ((await scalar(database, sql`select count(*) from variables.rollup_pending`)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return performance.now() - ingestEnd;
  }

  // Freshness once the backlog is gone: one more point per variable, a second after its last one, is sent
  // and the clock stops when every variable's 10 s rollup ends with it and nothing is pending.
  async function rollupFreshnessMs(database, ids, total, send) {
    const probeTs = T0 + Math.ceil(total / ids.length) * 1000;
    const started = performance.now();
    await send(ids.map((variableId) => ({ variableId, ts: probeTs, value: -1 })));
    for (;;) {
      const current = await scalar(
        database,
        sql`select count(*) from variables.rollup
            where resolution_s = 10 and variable_id = any(${ids}::int4[])
              and last_ts = to_timestamp(${probeTs}::float8 / 1000)
              and not exists (select 1 from variables.rollup_pending)`,
      );
      if (current === ids.length) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function storage(database, points) {
    const raw = await scalar(database, sql`select pg_total_relation_size('variables.measurement')`);
    const rollups = await scalar(database, sql`select pg_total_relation_size('variables.rollup')`);
    return { rawBytesPerPoint: raw / points, withRollupsBytesPerPoint: (raw + rollups) / points };
  }

  // Plain COPY of the same number of rows into the same table, in the writer's transaction size, both in
  // CSV and in the binary format the writer uses; the faster one is the reference.
  async function copyReference(database, ids, total) {
    const rates = {};
    for (const [format, offset] of [
      ['csv', REFERENCE_OFFSET_MS],
      ['binary', 2 * REFERENCE_OFFSET_MS],
    ]) {
      const chunks = [];
      const rows = [];
      for (const { points } of batches(ids, total, offset)) {
        rows.push(...points);
        if (rows.length >= 200_000) chunks.push(rows.splice(0));
      }
      if (rows.length > 0) chunks.push(rows);
      const encoded = chunks.map((chunk) =>
        format === 'binary'
          ? encodeMeasurementCopy(chunk)
          : chunk.map((p) => `${p.variableId},${new Date(p.ts).toISOString()},${p.value}\n`).join(''),
      );
      const started = performance.now();
      for (const data of encoded) {
        await database.withConnection((connection) =>
          connection.copyFrom(
            `copy variables.measurement (variable_id, ts, value) from stdin (format ${format})`,
            data,
          ),
        );
      }
      rates[format] = total / ((performance.now() - started) / 1000);
    }
    return rates;
  }

  async function standalone() {
    const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-bench-'));
    const config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', LOG_FORMAT: 'text' });
    const app = await startInProcessApp('bench', config, [VariablesModule], { consumerGroup: 'variables' });
    try {
      const ids = await declare(app, 'bench_standalone');
      const publisher = app.get(EventPublisher);
      const started = performance.now();
      for (const { variableId, points } of batches(ids, STANDALONE_POINTS)) {
        await publisher.publish(Topics.measurements, { source: 'bench', points }, String(variableId));
      }
      await waitForStored(app, STANDALONE_POINTS);
      const ingestEnd = performance.now();
      const endToEnd = STANDALONE_POINTS / ((ingestEnd - started) / 1000);
      const database = app.get(Database);
      const rollupLag = await rollupLagMs(database, ingestEnd);
      const rollupFreshness = await rollupFreshnessMs(database, ids, STANDALONE_POINTS, (points) =>
        publisher.publish(Topics.measurements, { source: 'bench', points }),
      );
      const stored = await scalar(database, sql`select count(*) from variables.measurement`);
      if (stored !== STANDALONE_POINTS + ids.length)
        throw new Error(`standalone stored ${stored} of ${STANDALONE_POINTS + ids.length}`);
      const bytes = await storage(database, STANDALONE_POINTS);
      const copy = await copyReference(database, ids, STANDALONE_POINTS);
      return {
        mode: 'standalone (PGlite + in-memory bus)',
        points: STANDALONE_POINTS,
        endToEnd,
        copy,
        rollupLag,
        rollupFreshness,
        ...bytes,
      };
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  async function cluster() {
    const databaseUrl = await benchDatabase('plantlens_bench', { recreate: true });
    const brokers = startedService('tools/kafka/start.sh', 'KAFKA_BROKERS').split(',');

    const kafkaAdmin = new Kafka({ clientId: 'bench', brokers, logLevel: logLevel.NOTHING }).admin();
    await kafkaAdmin.connect();
    if ((await kafkaAdmin.listTopics()).includes(Topics.measurements)) {
      await kafkaAdmin.deleteTopics({ topics: [Topics.measurements] });
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        await kafkaAdmin.createTopics({
          topics: [{ topic: Topics.measurements, numPartitions: 6 }],
          waitForLeaders: true,
        });
        break;
      } catch (error) {
        if (attempt > 120) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    await kafkaAdmin.disconnect();

    const config = loadPlatformConfig({
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: brokers.join(','),
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      KAFKA_CLIENT_ID: 'bench',
    });
    const app = await startInProcessApp('bench', config, [VariablesModule], {
      consumerGroup: 'variables-bench',
    });
    try {
      const ids = await declare(app, 'bench_cluster');
      const database = app.get(Database);
      const started = performance.now();
      const producer = new Worker(new URL(import.meta.url), {
        workerData: { brokers, ids, total: CLUSTER_POINTS },
      });
      const sent = new Promise((resolve, reject) => {
        producer.once('message', resolve);
        producer.once('error', reject);
      });
      await waitForStored(app, CLUSTER_POINTS);
      const ingestEnd = performance.now();
      await sent;
      const endToEnd = CLUSTER_POINTS / ((ingestEnd - started) / 1000);
      const rollupLag = await rollupLagMs(database, ingestEnd);
      const probe = new Kafka({ clientId: 'bench-probe', brokers, logLevel: logLevel.NOTHING }).producer();
      await probe.connect();
      const rollupFreshness = await rollupFreshnessMs(database, ids, CLUSTER_POINTS, (points) =>
        probe.send({
          topic: Topics.measurements,
          messages: [{ value: JSON.stringify({ source: 'bench', points }) }],
        }),
      );
      await probe.disconnect();
      const stored = await scalar(database, sql`select count(*) from variables.measurement`);
      if (stored !== CLUSTER_POINTS + ids.length)
        throw new Error(`cluster stored ${stored} of ${CLUSTER_POINTS + ids.length}`);
      await sql`vacuum analyze variables.measurement`.execute(database.kysely);
      const bytes = await storage(database, CLUSTER_POINTS);
      const copy = await copyReference(database, ids, CLUSTER_POINTS);
      return {
        mode: 'cluster (PostgreSQL + Kafka)',
        points: CLUSTER_POINTS,
        endToEnd,
        copy,
        rollupLag,
        rollupFreshness,
        ...bytes,
      };
    } finally {
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
    const reference = Math.max(result.copy.csv, result.copy.binary);
    console.log(
      [
        `${result.mode}: ${format(result.points)} points`,
        `  1. reference: plain COPY csv ${format(result.copy.csv)} points/s, binary ${format(result.copy.binary)} points/s`,
        `     ours: end to end (rollups on) ${format(result.endToEnd)} points/s`,
        `     ratio to the faster COPY ${(result.endToEnd / reference).toFixed(2)} (goal ≥ ${INGEST_RATIO_GOAL})`,
        `     rollups: nothing pending ${(result.rollupLag / 1000).toFixed(1)} s after the last commit; a point sent afterwards is in them ${(result.rollupFreshness / 1000).toFixed(2)} s later (goal ≤ ${ROLLUP_FRESHNESS_GOAL_S} s)`,
        `  3. storage ${result.rawBytesPerPoint.toFixed(1)} bytes/point raw, ${result.withRollupsBytesPerPoint.toFixed(1)} bytes/point with rollups`,
      ].join('\n'),
    );
  }
  // questdb-bench.mjs prints these beside QuestDB's ingest rate.
  saveBenchFigures('ingest', results);
  process.exit(0);
}
