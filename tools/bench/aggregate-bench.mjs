// `npm run bench` (or `node tools/bench/aggregate-bench.mjs`): aggregate variables over PostgreSQL and Kafka,
// each figure beside a reference measured in the same run on the same database:
//  1. live throughput: input points/s through 100 operated + 100 metrical aggregates (producer to every input
//     and every aggregate point committed), beside the plain writer's rate for as many points into variables
//     no aggregate reads;
//  2. back-fill rate: input points/s of an operated aggregate's history calculation, beside a plain
//     `INSERT … SELECT` computing the same variable in SQL;
//  3. timeline-data p95 during a back-fill of that size, beside its p95 without one.
// Sizes: BENCH_AGGREGATE_LIVE_POINTS (input points of part 1, default 300 000) and
// BENCH_AGGREGATE_BACKFILL_POINTS (input points of parts 2 and 3, default 10 000 000). It works in a database
// of its own (plantlens_aggregate_bench, recreated) and consumer groups of its own that start at the end of
// the topics; DATABASE_URL / KAFKA_BROKERS are used if set, else the tools/ servers are started.
import { cpus, loadavg, totalmem } from 'node:os';
import { createRequire } from 'node:module';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  benchDatabase,
  benchWorker,
  declareVariables,
  percentile,
  signIn,
  startedService,
  startInProcessApp,
} from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { AuthHeaders, Topics } = require('@plantlens/contracts');
const { Kafka, logLevel } = require('kafkajs');
const { measurementKey } = require('@plantlens/platform');

const INPUTS = 100;
const OPERATED = 100;
const METRICAL = 100;
const METRICAL_INPUTS = 10;
const INSTANTS_PER_MESSAGE = 50;
const PARTITIONS = 6;
const LIVE_POINTS = Number(process.env.BENCH_AGGREGATE_LIVE_POINTS ?? 300_000);
const BACKFILL_POINTS = Number(process.env.BENCH_AGGREGATE_BACKFILL_POINTS ?? 10_000_000);
const TIMELINE_RUNS = Number(process.env.BENCH_AGGREGATE_TIMELINE_RUNS ?? 40);
const PASSWORD = 'aggregate-bench-password';
const GROUP = `aggregate-bench-${Date.now()}`;
const DAY_MS = 86_400_000;
const NOW = Math.floor(Date.now() / DAY_MS) * DAY_MS;
// Each part in a time range of its own, so no point of one is an input of another.
const PLAIN_T0 = NOW - 10 * DAY_MS;
const LIVE_T0 = NOW - 5 * DAY_MS;
const BACKFILL_T0 = NOW - 400 * DAY_MS;

const valueOf = (variableId, ts) => 50 + 20 * Math.sin(ts / 3_600_000 + variableId) + (variableId % 7);

// The points of `ids` at each second of `instants`, INSTANTS_PER_MESSAGE seconds per message and key,
// keyed like the data sources (variable id modulo the partitions).
function* messages(ids, t0, instants) {
  for (let first = 0; first < instants; first += INSTANTS_PER_MESSAGE) {
    for (let key = 0; key < PARTITIONS; key += 1) {
      const points = [];
      for (let i = first; i < Math.min(instants, first + INSTANTS_PER_MESSAGE); i += 1) {
        const ts = t0 + i * 1000;
        for (const variableId of ids)
          if (measurementKey(variableId, PARTITIONS) === String(key))
            points.push({ variableId, ts, value: valueOf(variableId, ts) });
      }
      if (points.length > 0) yield { key: String(key), points };
    }
  }
}

// The producer runs in a worker thread: in a deployment the data source is another process.
if (!isMainThread) {
  const { brokers, ids, t0, instants } = workerData;
  const producer = new Kafka({
    clientId: 'aggregate-bench-producer',
    brokers,
    logLevel: logLevel.NOTHING,
  }).producer();
  await producer.connect();
  const inFlight = [];
  for (const { key, points } of messages(ids, t0, instants)) {
    inFlight.push(
      producer.send({
        topic: Topics.measurements,
        messages: [{ key, value: JSON.stringify({ source: 'bench', points }) }],
      }),
    );
    if (inFlight.length >= 12) await Promise.all(inFlight.splice(0));
  }
  await Promise.all(inFlight);
  await producer.disconnect();
  parentPort.postMessage('sent');
} else if (process.argv.includes('--standalone-only')) {
  console.log(
    'aggregate variables benchmark: over PostgreSQL and Kafka only, skipped with --standalone-only',
  );
} else {
  await main();
}

async function main() {
  const { loadPlatformConfig, Database, AuthKeys } = require('@plantlens/platform');
  const { VariablesModule, RollupService, MeasurementMetrics } = require('@plantlens/variables');
  const { IdentityModule } = require('@plantlens/identity');
  const { sql } = require('kysely');

  const databaseUrl = await benchDatabase('plantlens_aggregate_bench', { recreate: true });
  const brokers = startedService('tools/kafka/start.sh', 'KAFKA_BROKERS').split(',');
  const config = loadPlatformConfig({
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_CLIENT_ID: 'aggregate-bench',
    SUPERADMIN_PASSWORD: PASSWORD,
    RAW_RETENTION_DAYS: '0',
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  });
  await startAtTheEnd(brokers);
  const app = await startInProcessApp('aggregate-bench', config, [IdentityModule, VariablesModule], {
    consumerGroup: GROUP,
  });
  const url = await app.getUrl();
  const database = app.get(Database);
  const count = async (ids) =>
    Number(
      (
        await sql`select count(*)::bigint as n from variables.measurement where variable_id = any(${ids}::int4[])`.execute(
          database.kysely,
        )
      ).rows[0].n,
    );
  let token = (await signIn(url, 'admin', PASSWORD)).accessToken;
  const api = async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', [AuthHeaders.authorization]: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const declare = async (prefix, n) => {
    const variables = Array.from({ length: n }, (_, i) => ({
      clientReference: `${prefix}_${i}`,
      name: `${prefix} ${i}`,
      unit: null,
    }));
    const ids = await declareVariables(url, app.get(AuthKeys).serviceToken, variables);
    return variables.map(({ clientReference }) => ids.get(clientReference));
  };

  // Produces `instants` seconds of `ids` and waits until they and `derivedIds`' `derivedPoints` are stored.
  async function ingest(ids, t0, instants, derivedIds = [], derivedPoints = 0) {
    const before = await count([...ids, ...derivedIds]);
    const started = performance.now();
    const producer = benchWorker(new URL(import.meta.url), { brokers, ids, t0, instants });
    const sent = producer.next();
    const total = before + ids.length * instants + derivedPoints;
    while ((await count([...ids, ...derivedIds])) < total)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const seconds = (performance.now() - started) / 1000;
    await sent;
    return (ids.length * instants) / seconds;
  }

  try {
    console.log(
      `Aggregate variables benchmark — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    // 1. Live throughput, the plain writer first.
    const instants = Math.ceil(LIVE_POINTS / INPUTS);
    const plainIds = await declare('bench_plain', INPUTS);
    const inputIds = await declare('bench_input', INPUTS);
    const plainRate = await ingest(plainIds, PLAIN_T0, instants);
    const metrics = ['mean', 'max', 'min', 'med', 'std', 'lq', 'uq'];
    const operators = ['+', '-', '*', '/'];
    const aggregateIds = [];
    for (let i = 0; i < OPERATED; i += 1) {
      const created = await api('POST', '/api/web/aggregate-variables/', {
        name: `bench operated ${i}`,
        goal: 'operated',
        operator: operators[i % operators.length],
        varOneId: inputIds[i % INPUTS],
        varTwoId: inputIds[(i + 1) % INPUTS],
        historic: false,
      });
      aggregateIds.push(created.id);
    }
    for (let i = 0; i < METRICAL; i += 1) {
      const created = await api('POST', '/api/web/aggregate-variables/', {
        name: `bench metrical ${i}`,
        goal: 'metrical',
        metrical: metrics[i % metrics.length],
        variableIdList: Array.from({ length: METRICAL_INPUTS }, (_, k) => inputIds[(i + k) % INPUTS]),
        historic: false,
      });
      aggregateIds.push(created.id);
    }
    // Aggregate points the variables service received and handed to the writer (none is rejected here),
    // overwrites included: an instant recalculated as its inputs arrive in separate messages is published
    // and written again each time its value changes. (Points written would count an instant written twice
    // in one transaction once.)
    const aggregatePoints = async () => (await app.get(MeasurementMetrics).totals()).ingested.aggregate ?? 0;
    const writesBefore = await aggregatePoints();
    const liveRate = await ingest(inputIds, LIVE_T0, instants, aggregateIds, aggregateIds.length * instants);
    const aggregateWrites = (await aggregatePoints()) - writesBefore;
    const format = (n) => Math.round(n).toLocaleString('en-US');
    console.log(
      `1. live: ${format(INPUTS * instants)} input points (+ ${format(aggregateIds.length * instants)} aggregate points) through ${OPERATED} operated + ${METRICAL} metrical aggregates ${format(liveRate)} points/s; plain writer ${format(plainRate)} points/s; ratio ${(liveRate / plainRate).toFixed(2)}; aggregate points written ${format(aggregateWrites)} (${(aggregateWrites / (aggregateIds.length * instants)).toFixed(1)} per aggregate point)`,
    );

    // 2. and 3.: two inputs of BACKFILL_POINTS together, one point a second, loaded in SQL, rollups built.
    const [one, two, sqlReference] = await declare('bench_history', 3);
    const perInput = Math.ceil(BACKFILL_POINTS / 2);
    const backfillEnd = BACKFILL_T0 + perInput * 1000;
    const loadStarted = performance.now();
    for (const [index, id] of [one, two].entries()) {
      for (let from = BACKFILL_T0; from < backfillEnd; from += 10 * DAY_MS) {
        const to = Math.min(backfillEnd, from + 10 * DAY_MS);
        await sql`
          insert into variables.measurement (variable_id, ts, value)
          select ${id}, t, 50 + 20 * sin(extract(epoch from t) / 3600.0 + ${index}) + ${index}
          from generate_series(to_timestamp(${from / 1000}), to_timestamp(${to / 1000 - 1}), interval '1 second') as t`.execute(
          database.kysely,
        );
      }
    }
    await app.get(RollupService).rebuild(BACKFILL_T0, backfillEnd, [one, two]);
    await sql`analyze variables.measurement`.execute(database.kysely);
    process.stderr.write(
      `  history loaded and rolled up in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s\n`,
    );

    // Signed in again: on a busy machine the live part and the load outlast the token.
    token = (await signIn(url, 'admin', PASSWORD)).accessToken;
    const history = { goal: 'operated', operator: '-', varOneId: one, varTwoId: two, historic: true };
    // Creates the aggregate and waits for its back-fill; `alongside(running)` works meanwhile, until
    // `running()` turns false. The clock starts when the worker may read (it polls for new back-fills every
    // few seconds, and a planned one waits for the replicas' catalogues until its range's end, `toMs`) and
    // stops when the API reports it done.
    async function backfill(name, alongside = async () => undefined) {
      const created = await api('POST', '/api/web/aggregate-variables/', { name, ...history });
      let state = created.backfill.state;
      let started;
      const probe = alongside(() => state !== 'done');
      while (state !== 'done') {
        if (state === 'failed') throw new Error(`back-fill of ${name} failed`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { backfill: progress } = await api('GET', `/api/web/aggregate-variables/${created.id}`);
        state = progress.state;
        if (state !== 'pending' && Date.now() >= progress.toMs) started ??= performance.now();
      }
      const seconds = (performance.now() - started) / 1000;
      const samples = await probe;
      const stored = await count([created.id]);
      if (stored !== perInput)
        throw new Error(`back-fill of ${name} stored ${stored} points, not ${perInput}`);
      return { rate: (2 * perInput) / seconds, seconds, samples };
    }
    const alone = await backfill('bench back-fill');
    const sqlStarted = performance.now();
    await sql`
      insert into variables.measurement (variable_id, ts, value)
      select ${sqlReference}, a.ts, a.value - b.value
      from variables.measurement a join variables.measurement b on b.variable_id = ${two} and b.ts = a.ts
      where a.variable_id = ${one}`.execute(database.kysely);
    const sqlRate = (2 * perInput) / ((performance.now() - sqlStarted) / 1000);
    console.log(
      `2. back-fill: ${format(2 * perInput)} input points of an operated aggregate ${format(alone.rate)} points/s; plain INSERT … SELECT ${format(sqlRate)} points/s; ratio ${(alone.rate / sqlRate).toFixed(2)} (goal ≥ 0.5)`,
    );

    // 3. timeline-data (the two inputs, one day at a time, uncached) without and during a back-fill.
    token = (await signIn(url, 'admin', PASSWORD)).accessToken;
    const days = Math.max(1, Math.floor((backfillEnd - BACKFILL_T0) / DAY_MS) - 1);
    let request = 0;
    async function timeline() {
      const start = BACKFILL_T0 + ((request * 7919) % days) * DAY_MS;
      request += 1;
      await sql`delete from variables.read_cache`.execute(database.kysely);
      const query = new URLSearchParams({
        variableIds: `${one},${two}`,
        startDate: String(start),
        endDate: String(start + DAY_MS),
        width: '2000',
      });
      const began = performance.now();
      const response = await fetch(`${url}/api/web/explorer/timeline-data?${query}`, {
        headers: { [AuthHeaders.authorization]: `Bearer ${token}` },
      });
      await response.json();
      if (!response.ok) throw new Error(`timeline-data ${response.status}`);
      return performance.now() - began;
    }
    await timeline();
    const quiet = [];
    for (let run = 0; run < TIMELINE_RUNS; run += 1) quiet.push(await timeline());
    const during = await backfill('bench back-fill under reads', async (running) => {
      const samples = [];
      while (running()) samples.push(await timeline());
      return samples;
    });
    const p95 = (samples) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        95,
      );
    console.log(
      `3. timeline-data p95 during a back-fill of ${format(2 * perInput)} input points ${p95(during.samples).toFixed(1)} ms (${during.samples.length} requests); without ${p95(quiet).toFixed(1)} ms (${quiet.length}); ratio ${(p95(during.samples) / p95(quiet)).toFixed(2)} (goal ≤ 2); back-fill under reads ${format(during.rate)} points/s`,
    );
  } finally {
    await app.close();
  }
  process.exit(0);
}

// The bench's consumer group reads the measurement topics from their current end.
async function startAtTheEnd(brokers) {
  const { ensureKafkaTopics } = require('@plantlens/platform');
  await ensureKafkaTopics('aggregate-bench', brokers, PARTITIONS);
  const admin = new Kafka({ clientId: 'aggregate-bench', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    for (const topic of [Topics.measurements, Topics.derivedMeasurements]) {
      const ends = await admin.fetchTopicOffsets(topic);
      await admin.setOffsets({
        groupId: GROUP,
        topic,
        partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}
