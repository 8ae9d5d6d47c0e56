// `npm run bench` (or `npm run bench -- --rules-only`): points per second through the rules engine with
// 10 000 rules over 1 000 variables, and the latency from a point's production to the publication of the
// incidence it opens or closes (p50, p99), in standalone mode (PGlite + in-memory bus) and over Kafka
// (PostgreSQL + a Kafka broker of the bench's own, so the shared broker's topics stay untouched).
// Two phases per mode: the producer as fast as it can (throughput: until the engine has taken every
// point), then paced at half that rate for about 20 s (latency: at saturation it would only measure the
// queue in front of the engine).
// Needs the build (npm run bench does it). Over Kafka it uses DATABASE_URL if set, else starts
// tools/postgres, and works in a database of its own (plantlens_rules_bench, recreated).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  benchDatabase,
  benchWorker,
  percentile,
  ROOT,
  startedService,
  startInProcessApp,
} from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { Topics } = require('@plantlens/contracts');
const { Kafka, logLevel } = require('kafkajs');

const VARIABLES = 1_000;
const RULES_PER_VARIABLE = 10;
// Partitions of the measurement topics, and message keys (variable id modulo KEYS, as data sources key).
// The engine takes one message per partition at a time, so more partitions mean larger group commits.
const KEYS = Number(process.env.BENCH_RULES_PARTITIONS ?? 6);
// A message: INSTANTS consecutive seconds of the variables of one key (5 000 points).
const INSTANTS = (5_000 * KEYS) / VARIABLES;
// Every tenth variable has one rule that crosses its threshold every PERIOD_S / 2 seconds of data time;
// the other rules never hold (alarms are rare), so they cost an evaluation and a count each.
const PERIOD_S = 120;
const FIRST_VARIABLE = 1;
const PACED_SECONDS = 20;
// BENCH_RULES_KAFKA_PORT moves the bench's broker (and its controller to the next port) off 19292.
const BROKER_PORT = Number(process.env.BENCH_RULES_KAFKA_PORT ?? 19292);
const BROKER_ENV = {
  KAFKA_HOME: resolve(ROOT, '.tools/kafka-rules-bench'),
  KAFKA_PORT: String(BROKER_PORT),
  KAFKA_CONTROLLER_PORT: String(BROKER_PORT + 1),
};
// The references' own topics: the producer alone (throughput), and a bare producer → consumer (latency).
const REFERENCE_THROUGHPUT_TOPIC = 'rules-bench-reference-throughput';
const REFERENCE_LATENCY_TOPIC = 'rules-bench-reference-latency';
const GOALS = { throughputRatio: 0.8, latencyRatio: 2 };
const now = () => performance.timeOrigin + performance.now();

const valueOf = (variableId, ts) => Math.sin((2 * Math.PI * (ts / 1000 + variableId * 7)) / PERIOD_S) * 100;

// Messages in production order: block by block (INSTANTS seconds), one message per key.
function* messages(t0, totalPoints) {
  const blocks = Math.ceil(totalPoints / (VARIABLES * INSTANTS));
  for (let block = 0; block < blocks; block += 1) {
    for (let key = 0; key < KEYS; key += 1) {
      const points = [];
      for (let i = 0; i < INSTANTS; i += 1) {
        const ts = t0 + (block * INSTANTS + i) * 1000;
        for (
          let v = FIRST_VARIABLE + ((key - (FIRST_VARIABLE % KEYS) + KEYS) % KEYS);
          v < FIRST_VARIABLE + VARIABLES;
          v += KEYS
        ) {
          points.push({ variableId: v, ts, value: valueOf(v, ts) });
        }
      }
      yield { index: block * KEYS + key, key: String(key), points };
    }
  }
}

// Waits until the message's turn at the given rate (messages are sent evenly spaced).
async function paceUntil(started, message, pointsPerSecond) {
  const due = started + (message.index * ((VARIABLES * INSTANTS) / KEYS) * 1000) / pointsPerSecond;
  const wait = due - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

const pointsOf = (totalPoints) => Math.ceil(totalPoints / (VARIABLES * INSTANTS)) * VARIABLES * INSTANTS;

// The message that carried the point of `variableId` at `at`.
const messageIndexOf = (t0, variableId, at) =>
  Math.floor((at - t0) / (INSTANTS * 1000)) * KEYS + (variableId % KEYS);

if (!isMainThread) {
  const { role, brokers, topic, t0, totalPoints, pointsPerSecond } = workerData;
  const kafka = new Kafka({ clientId: `rules-bench-${role}`, brokers, logLevel: logLevel.NOTHING });
  if (role === 'producer') {
    const producer = kafka.producer();
    await producer.connect();
    const sentAt = [];
    const inFlight = [];
    const started = now();
    for (const message of messages(t0, totalPoints)) {
      if (pointsPerSecond) await paceUntil(started, message, pointsPerSecond);
      sentAt[message.index] = now();
      const value = JSON.stringify({ source: 'bench', points: message.points });
      // The bare reference consumer learns the message from a header, without decoding its value.
      const headers = topic === REFERENCE_LATENCY_TOPIC ? { index: String(message.index) } : undefined;
      inFlight.push(producer.send({ topic, messages: [{ key: message.key, value, headers }] }));
      if (pointsPerSecond || inFlight.length >= 12) await Promise.all(inFlight.splice(0));
    }
    await Promise.all(inFlight);
    await producer.disconnect();
    parentPort.postMessage({ sentAt });
  } else {
    const consumer = kafka.consumer({ groupId: `rules-bench-${topic}-${Date.now()}`, maxWaitTimeInMs: 50 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const received = [];
    await consumer.run({
      eachMessage: async ({ message }) => {
        const receivedAt = now();
        if (topic === REFERENCE_LATENCY_TOPIC) {
          received.push({ index: Number(message.headers.index.toString()), receivedAt });
        } else {
          const event = JSON.parse(message.value.toString());
          received.push({ at: event.at, variableId: event.variableIds[0], receivedAt });
        }
      },
    });
    parentPort.on('message', async (command) => {
      if (command !== 'stop') return;
      await consumer.disconnect();
      parentPort.postMessage({ received });
    });
    parentPort.postMessage('ready');
  }
} else {
  await main();
}

async function main() {
  const { loadPlatformConfig, EventPublisher, Database, InMemoryBroker } = require('@plantlens/platform');
  const { RulesModule, RuleEngineService, OutboxService } = require('@plantlens/rules');
  const args = process.argv.slice(2);
  const STANDALONE_POINTS = Number(process.env.BENCH_RULES_STANDALONE_POINTS ?? 1_200_000);
  const KAFKA_POINTS = Number(process.env.BENCH_RULES_KAFKA_POINTS ?? 4_800_000);

  // Bus and database only: the bench feeds the engine through the topics, not HTTP.
  const startApp = (config) =>
    startInProcessApp('rules-bench', config, [RulesModule], {
      consumerGroup: `rules-bench-${Date.now()}`,
      listen: false,
    });

  // 10 000 rules written before the engine starts, so it loads them all at once.
  async function seedRules(config) {
    const app = await startApp(config);
    await app.get(Database).withConnection((connection) =>
      connection.query(
        `insert into rules.rule (name, operator, var_one_id, constant, var_one_label, var_one_reference)
         select 'bench ' || v || '/' || k,
           case when k = 0 and v % 10 = 0 then (array['>', '<', '>=', '<='])[1 + (v / 10) % 4]
                else (array['>', '>=', '<', '<=', '='])[1 + k % 5] end,
           v,
           case when k = 0 and v % 10 = 0 then 0
                when k % 5 in (2, 3) then -1e9 else 1e9 end,
           'Bench ' || v, 'bench' || v || '_signal'
         from generate_series($1::int, $2::int) v, generate_series(0, $3::int - 1) k`,
        [FIRST_VARIABLE, FIRST_VARIABLE + VARIABLES - 1, RULES_PER_VARIABLE],
      ),
    );
    await app.close();
  }

  async function waitForEngine(app, total) {
    const engine = app.get(RuleEngineService);
    while (engine.counters.points < total) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  // Throughput of the saturated phase; latency and transition count of the paced phase.
  function summary(mode, app, saturated, paced) {
    const sorted = [...paced.latencies].sort((a, b) => a - b);
    return {
      mode,
      rules: app.get(RuleEngineService).ruleCount,
      points: saturated.points,
      pointsPerSecond: Math.round(saturated.points / saturated.seconds),
      evaluationsPerSecond: Math.round(saturated.evaluations / saturated.seconds),
      pacedRate: paced.rate,
      transitions: paced.latencies.length,
      expectedTransitions: paced.expectedTransitions,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1),
    };
  }

  // The second phase's data follows the first's in time (the watermarks only take newer points).
  const pacedStart = (t0, saturatedPoints) => t0 + (saturatedPoints / VARIABLES) * 1000;

  // Openings and closings the stream causes: the crossing rules flip at each zero of their sine.
  function expectedTransitions(t0, total) {
    let count = 0;
    for (let v = FIRST_VARIABLE; v < FIRST_VARIABLE + VARIABLES; v += 1) {
      if (v % 10 !== 0) continue;
      const op = ['>', '<', '>=', '<='][(v / 10) % 4];
      const holds = (x) => (op === '>' ? x > 0 : op === '<' ? x < 0 : op === '>=' ? x >= 0 : x <= 0);
      let open = false;
      for (let ts = t0; ts < t0 + (total / VARIABLES) * 1000; ts += 1000) {
        const now = holds(valueOf(v, ts));
        if (now !== open) count += 1;
        open = now;
      }
    }
    return count;
  }

  async function standalone() {
    const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-rules-bench-'));
    const config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', LOG_FORMAT: 'text' });
    await seedRules(config);
    const app = await startApp(config);
    try {
      const broker = app.get(InMemoryBroker);
      const engine = app.get(RuleEngineService);
      const publisher = app.get(EventPublisher);
      const t0 = Math.ceil(Date.now() / 1000) * 1000 + 60_000;
      const total = pointsOf(STANDALONE_POINTS);
      const t1 = pacedStart(t0, total);
      const sentAt = [];
      const latencies = [];
      broker.subscribe(Topics.incidences, 'bench-latency', async (message) => {
        const event = JSON.parse(message.value);
        if (event.at >= t1)
          latencies.push(now() - sentAt[messageIndexOf(t1, event.variableIds[0], event.at)]);
      });
      const produce = async (start, points, rate) => {
        const started = now();
        for (const message of messages(start, points)) {
          if (rate) await paceUntil(started, message, rate);
          if (start === t1) sentAt[message.index] = now();
          await publisher.publish(
            Topics.measurements,
            { source: 'bench', points: message.points },
            message.key,
          );
        }
      };
      const started = now();
      await produce(t0, total);
      await waitForEngine(app, total);
      await broker.drain();
      const saturated = {
        points: total,
        seconds: (now() - started) / 1000,
        evaluations: engine.counters.evaluations,
      };
      const rate = Math.round(saturated.points / saturated.seconds / 2);
      const paced = pointsOf(rate * PACED_SECONDS);
      await produce(t1, paced, rate);
      await waitForEngine(app, total + paced);
      await broker.drain();
      await app.get(OutboxService).flush();
      await broker.drain();
      return summary('standalone (PGlite + in-memory bus)', app, saturated, {
        rate,
        latencies,
        expectedTransitions: expectedTransitions(t0, total + paced) - expectedTransitions(t0, total),
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const worker = (data) => benchWorker(new URL(import.meta.url), data);

  // The producer alone: the same messages, as fast as it can, to a topic nobody consumes.
  async function producerAlone(brokers, t0, total) {
    const started = now();
    const producing = worker({
      role: 'producer',
      topic: REFERENCE_THROUGHPUT_TOPIC,
      brokers,
      t0,
      totalPoints: total,
    });
    await producing.next();
    await producing.thread.terminate();
    return Math.round(total / ((now() - started) / 1000));
  }

  // The references of the latency, paced like the paced phase and beside it: a bare kafkajs producer →
  // consumer of the same messages on a topic of their own, and one small insert committed per message
  // interval (what each checkpoint does at least) on a connection of its own.
  async function latencyReferences(brokers, databaseUrl, echo, rate) {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      'create table if not exists rules_bench_commit (id bigserial primary key, at float8 not null)',
    );
    const producing = worker({
      role: 'producer',
      topic: REFERENCE_LATENCY_TOPIC,
      brokers,
      t0: 0,
      totalPoints: pointsOf(rate * PACED_SECONDS),
      pointsPerSecond: rate,
    });
    const commits = [];
    const intervalMs = ((VARIABLES * INSTANTS) / KEYS / rate) * 1000;
    const started = now();
    while (now() - started < PACED_SECONDS * 1000) {
      const begun = now();
      await client.query('begin');
      await client.query('insert into rules_bench_commit (at) values ($1)', [begun]);
      await client.query('commit');
      commits.push(now() - begun);
      const wait = started + commits.length * intervalMs - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await client.end();
    const { sentAt } = await producing.next();
    await producing.thread.terminate();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    echo.thread.postMessage('stop');
    const { received } = await echo.next();
    const kafka = received.map((r) => r.receivedAt - sentAt[r.index]).sort((a, b) => a - b);
    commits.sort((a, b) => a - b);
    return {
      kafkaP99Ms: percentile(kafka, 99),
      kafkaMessages: kafka.length,
      kafkaSent: sentAt.length,
      commitP99Ms: percentile(commits, 99),
      commits: commits.length,
    };
  }

  // Timestamps along the path of the paced phase's messages, taken in this process: when the engine's
  // handler gets a message, when it resolves (its checkpoint committed), and when the bus acknowledged
  // each incidence event the outbox published.
  function tracePath(app, t1) {
    const engine = app.get(RuleEngineService);
    const publisher = app.get(EventPublisher);
    const handled = [];
    const committed = [];
    const published = new Map();
    const onMeasurements = engine.onMeasurements.bind(engine);
    engine.onMeasurements = async (batch) => {
      const [first] = batch?.points ?? [];
      const index = first && first.ts >= t1 ? messageIndexOf(t1, first.variableId, first.ts) : -1;
      if (index >= 0) handled[index] = now();
      await onMeasurements(batch);
      if (index >= 0) committed[index] = now();
    };
    const publish = publisher.publish.bind(publisher);
    publisher.publish = async (topic, value, key) => {
      await publish(topic, value, key);
      if (topic === Topics.incidences) published.set(`${value.at}/${value.variableIds[0]}`, now());
    };
    return { handled, committed, published };
  }

  // p50 and p99 of each stage, for the messages that carried an opening or closing.
  function stagesOf(trace, sentAt, received, t1) {
    const stages = {
      'produced → handler': [],
      'handler → committed': [],
      'committed → published': [],
      'published → consumed': [],
    };
    for (const r of received) {
      if (r.at < t1) continue;
      const index = messageIndexOf(t1, r.variableId, r.at);
      const published = trace.published.get(`${r.at}/${r.variableId}`);
      stages['produced → handler'].push(trace.handled[index] - sentAt[index]);
      stages['handler → committed'].push(trace.committed[index] - trace.handled[index]);
      stages['committed → published'].push(published - trace.committed[index]);
      stages['published → consumed'].push(r.receivedAt - published);
    }
    return Object.entries(stages)
      .map(([stage, samples]) => {
        const sorted = samples.sort((a, b) => a - b);
        return `${stage} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
      })
      .join('; ');
  }

  async function overKafka() {
    const databaseUrl = await benchDatabase('plantlens_rules_bench', { recreate: true });
    // A broker of the bench's own, started empty: its topics hold only this run's messages.
    execFileSync('bash', [resolve(ROOT, 'tools/kafka/stop.sh'), '--wipe'], {
      env: { ...process.env, ...BROKER_ENV },
      stdio: 'ignore',
    });
    const brokers = startedService('tools/kafka/start.sh', 'KAFKA_BROKERS', BROKER_ENV).split(',');
    try {
      const admin = new Kafka({ clientId: 'rules-bench-admin', brokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      await admin.createTopics({
        topics: [REFERENCE_THROUGHPUT_TOPIC, REFERENCE_LATENCY_TOPIC].map((topic) => ({
          topic,
          numPartitions: KEYS,
        })),
        waitForLeaders: true,
      });
      await admin.disconnect();
      const t0 = Math.ceil(Date.now() / 1000) * 1000 + 60_000;
      const total = pointsOf(KAFKA_POINTS);
      const producerPointsPerSecond = await producerAlone(brokers, t0, total);
      const config = loadPlatformConfig({
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: brokers.join(','),
        KAFKA_CLIENT_ID: 'rules-bench',
        KAFKA_TOPIC_PARTITIONS: String(KEYS),
        LOG_LEVEL: 'error',
        LOG_FORMAT: 'text',
      });
      await seedRules(config);
      const app = await startApp(config);
      try {
        const engine = app.get(RuleEngineService);
        const t1 = pacedStart(t0, total);
        const trace = tracePath(app, t1);
        // Both consumers join their groups while the engine is saturated, long before their messages come.
        const latency = worker({ role: 'consumer', topic: Topics.incidences, brokers });
        const echo = worker({ role: 'consumer', topic: REFERENCE_LATENCY_TOPIC, brokers });
        await Promise.all([latency.next(), echo.next()]);
        const started = now();
        const saturating = worker({
          role: 'producer',
          topic: Topics.measurements,
          brokers,
          t0,
          totalPoints: total,
        });
        await saturating.next();
        await waitForEngine(app, total);
        const saturated = {
          points: total,
          seconds: (now() - started) / 1000,
          evaluations: engine.counters.evaluations,
        };
        const rate = Math.round(saturated.points / saturated.seconds / 2);
        const paced = pointsOf(rate * PACED_SECONDS);
        const pacing = worker({
          role: 'producer',
          topic: Topics.measurements,
          brokers,
          t0: t1,
          totalPoints: paced,
          pointsPerSecond: rate,
        });
        // The references run during the paced phase: on a shared machine, the same moments of contention.
        const [{ sentAt }, references] = await Promise.all([
          pacing.next(),
          latencyReferences(brokers, databaseUrl, echo, rate),
        ]);
        await waitForEngine(app, total + paced);
        await app.get(OutboxService).flush();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        latency.thread.postMessage('stop');
        const { received } = await latency.next();
        await Promise.all([latency, echo, saturating, pacing].map((w) => w.thread.terminate()));
        const latencies = received
          .filter((r) => r.at >= t1)
          .map((r) => r.receivedAt - sentAt[messageIndexOf(t1, r.variableId, r.at)]);
        console.log(`Kafka + PostgreSQL, paced phase: ${stagesOf(trace, sentAt, received, t1)}`);
        return {
          ...summary('Kafka + PostgreSQL', app, saturated, {
            rate,
            latencies,
            expectedTransitions: expectedTransitions(t0, total + paced) - expectedTransitions(t0, total),
          }),
          producerPointsPerSecond,
          references,
        };
      } finally {
        await app.close();
      }
    } finally {
      // The bench's own broker: stopped so it does not keep a JVM running on a shared machine.
      execFileSync('bash', [resolve(ROOT, 'tools/kafka/stop.sh')], {
        env: { ...process.env, ...BROKER_ENV },
        stdio: 'ignore',
      });
    }
  }

  // The goals of docs/benchmarks.md section 5, as same-run ratios.
  function printRatios(r) {
    const { references: ref } = r;
    const throughput = r.pointsPerSecond / r.producerPointsPerSecond;
    const latencyReference = ref.kafkaP99Ms + ref.commitP99Ms;
    const latency = r.p99Ms / latencyReference;
    console.log(
      `references: Kafka producer alone ${r.producerPointsPerSecond.toLocaleString('en')} points/s; ` +
        `bare Kafka produce → consume p99 ${ref.kafkaP99Ms.toFixed(1)} ms (${ref.kafkaMessages}/${ref.kafkaSent} messages at ${r.pacedRate.toLocaleString('en')} points/s), ` +
        `PostgreSQL insert + commit p99 ${ref.commitP99Ms.toFixed(1)} ms (${ref.commits} commits)`,
    );
    console.log(
      `ratio: rules engine over Kafka / Kafka producer alone = ${throughput.toFixed(2)} (goal ≥ ${GOALS.throughputRatio}, ${throughput >= GOALS.throughputRatio ? 'met' : 'not met'})`,
    );
    console.log(
      `ratio: produce → incidence p99 / (Kafka p99 + commit p99) = ${r.p99Ms.toFixed(1)} / ${latencyReference.toFixed(1)} = ${latency.toFixed(2)} (goal ≤ ${GOALS.latencyRatio}, ${latency <= GOALS.latencyRatio ? 'met' : 'not met'})`,
    );
  }

  console.log(
    `rules bench: ${VARIABLES} variables, ${VARIABLES * RULES_PER_VARIABLE} rules, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const print = (r) =>
    console.log(
      `${r.mode}: ${r.pointsPerSecond.toLocaleString('en')} points/s (${r.evaluationsPerSecond.toLocaleString('en')} evaluations/s) over ${r.points.toLocaleString('en')} points and ${r.rules.toLocaleString('en')} rules; ` +
        `at ${r.pacedRate.toLocaleString('en')} points/s, produced → incidence published: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms over ${r.transitions} transitions (expected ${r.expectedTransitions})`,
    );
  if (!args.includes('--postgres-only')) print(await standalone());
  if (!args.includes('--standalone-only')) {
    const result = await overKafka();
    print(result);
    printRatios(result);
  }
  process.exit(0);
}
