// `npm run bench` (or `npm run bench -- --valves-only`): the valve monitor over Kafka + PostgreSQL.
// Throughput: points per second through the valve monitor (every point of the topic seen, every valve point
// stored and analysed, actuations cut and classified) beside a plain consumer of the same topic that only
// parses the messages (the bus alone), each measured from the first message produced to the last point
// taken, with the same producer, in the same run. Latency: at half the monitor's rate, from the production
// of the last data second of an actuation to the publication of its asset alarm on `asset-alarms` (the
// alarm is published after the transaction that made the error visible committed).
// The topic carries the eight simulated valves' five signals at 1 s (40 variables): every point is a valve
// point, the monitor's heaviest case. A broker and a database of the bench's own; needs the build.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  benchDatabase,
  benchWorker,
  declareVariables,
  percentile,
  ROOT,
  startedService,
  startInProcessApp,
} from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { Topics, VALVE_ASSET_IDS, VALVE_SIGNAL_NAMES, valveClientReference } = require('@plantlens/contracts');
const { Kafka, logLevel } = require('kafkajs');

const KEYS = Number(process.env.BENCH_VALVES_PARTITIONS ?? 6);
const POINTS = Number(process.env.BENCH_VALVES_POINTS ?? 2_000_000);
const PACED_SECONDS = Number(process.env.BENCH_VALVES_PACED_SECONDS ?? 30);
// Data seconds per message block: one message per key holds this many seconds of its variables (about
// 4 000 points, the size of the simulator's batches).
const BLOCK_SECONDS = 600;
const BROKER_ENV = {
  KAFKA_HOME: resolve(ROOT, '.tools/kafka-valves-bench'),
  KAFKA_PORT: '19392',
  KAFKA_CONTROLLER_PORT: '19393',
};
const VALVE_REFERENCES = new Set(
  VALVE_ASSET_IDS.flatMap((asset) => VALVE_SIGNAL_NAMES.map((signal) => valveClientReference(asset, signal))),
);
const now = () => performance.timeOrigin + performance.now();

// Messages of the valve signals from t0 on, block by block: [{block, key, value}], value the JSON text.
function valveMessages(ids, t0, points) {
  const { PlantSimulator } = require('@plantlens/simulator');
  const simulator = new PlantSimulator();
  const seconds = Math.ceil(points / VALVE_REFERENCES.size);
  const messages = [];
  for (let block = 0; block * BLOCK_SECONDS < seconds; block += 1) {
    const startMs = t0 + block * BLOCK_SECONDS * 1000;
    const byKey = new Map();
    for (const batch of simulator.batches({ startMs, endMs: startMs + BLOCK_SECONDS * 1000, stepMs: 1000 })) {
      for (const point of batch) {
        if (!VALVE_REFERENCES.has(point.clientReference)) continue;
        const variableId = ids[point.clientReference];
        const key = String(variableId % KEYS);
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push({ variableId, ts: point.ts, value: point.value });
      }
    }
    for (const [key, keyPoints] of byKey)
      messages.push({ block, key, value: JSON.stringify({ source: 'bench', points: keyPoints }) });
  }
  return messages;
}

if (!isMainThread) {
  const { role, brokers, ids, t, points, blocksPerSecond } = workerData;
  const kafka = new Kafka({ clientId: `valves-bench-${role}`, brokers, logLevel: logLevel.NOTHING });
  if (role === 'producer') {
    const messages = valveMessages(ids, t, points);
    const producer = kafka.producer();
    await producer.connect();
    parentPort.postMessage('ready');
    await new Promise((go) => parentPort.once('message', go));
    // The time each block's last message was acknowledged: its data is then on the topic.
    const blockSentAt = [];
    const started = now();
    const inFlight = [];
    for (let i = 0; i < messages.length;) {
      const block = messages[i].block;
      if (blocksPerSecond) {
        const wait = started + (block * 1000) / blocksPerSecond - now();
        if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      }
      const ofBlock = [];
      while (i < messages.length && messages[i].block === block) ofBlock.push(messages[i++]);
      inFlight.push(
        producer
          .send({ topic: Topics.measurements, messages: ofBlock.map(({ key, value }) => ({ key, value })) })
          .then(() => (blockSentAt[block] = now())),
      );
      if (blocksPerSecond || inFlight.length >= 12) await Promise.all(inFlight.splice(0));
    }
    await Promise.all(inFlight);
    await producer.disconnect();
    parentPort.postMessage({
      blockSentAt,
      points: messages.reduce((n, m) => n + JSON.parse(m.value).points.length, 0),
    });
  } else if (role === 'plain-consumer') {
    // The reference: the same topic consumed and parsed, nothing else, from its end before this run's data.
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(Topics.measurements);
    await admin.disconnect();
    const consumer = kafka.consumer({ groupId: `valves-bench-plain-${Date.now()}`, maxWaitTimeInMs: 50 });
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.measurements });
    let taken = 0;
    await consumer.run({
      eachMessage: async ({ message }) => {
        taken += JSON.parse(message.value.toString()).points.length;
        if (taken === workerData.expected) parentPort.postMessage({ doneAt: now() });
      },
    });
    for (const { partition, offset } of ends)
      consumer.seek({ topic: Topics.measurements, partition, offset });
    parentPort.postMessage('ready');
  } else {
    const consumer = kafka.consumer({ groupId: `valves-bench-alarms-${Date.now()}`, maxWaitTimeInMs: 50 });
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.assetAlarms, fromBeginning: true });
    const received = [];
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value.toString());
        received.push({ endMs: event.endMs, receivedAt: now() });
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

const worker = (data) => benchWorker(new URL(import.meta.url), data);

async function main() {
  // Over Kafka only: the goal compares the monitor with the bus it consumes.
  if (process.argv.includes('--standalone-only')) return;
  const { loadPlatformConfig } = require('@plantlens/platform');
  const { VariablesModule } = require('@plantlens/variables');
  const { ValvesModule, ValveMonitorService } = require('@plantlens/valves');
  const { PLANT_CATALOG } = require('@plantlens/simulator');

  const databaseUrl = await benchDatabase('plantlens_valves_bench', { recreate: true });
  execFileSync('bash', [resolve(ROOT, 'tools/kafka/stop.sh'), '--wipe'], {
    env: { ...process.env, ...BROKER_ENV },
    stdio: 'ignore',
  });
  const brokers = startedService('tools/kafka/start.sh', 'KAFKA_BROKERS', BROKER_ENV).split(',');
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-valves-bench-'));
  const common = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SERVICE_TOKEN: randomBytes(24).toString('base64url'),
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  };
  // The variables service answers the monitor's id look-ups over HTTP; on the in-memory bus it consumes
  // nothing from Kafka, so the machine's cores go to the monitor and the broker.
  const variables = await startInProcessApp('valves-bench-variables', loadPlatformConfig(common), [
    VariablesModule,
  ]);
  const variablesUrl = await variables.getUrl();
  const valveVariables = PLANT_CATALOG.filter((variable) => VALVE_REFERENCES.has(variable.clientReference));
  const ids = Object.fromEntries(await declareVariables(variablesUrl, common.SERVICE_TOKEN, valveVariables));
  const kafkaConfig = {
    ...common,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_CLIENT_ID: 'valves-bench',
    KAFKA_TOPIC_PARTITIONS: String(KEYS),
    VARIABLES_URL: variablesUrl.replace('[::1]', '127.0.0.1'),
  };

  const blockPoints = VALVE_REFERENCES.size * BLOCK_SECONDS;
  const blocksOf = (points) => Math.ceil(points / blockPoints);
  // Data of the next phase follows the previous one's in time (the monitor's progress only moves forward).
  const t0 = Math.floor((Date.now() - 60 * 86_400_000) / 60_000) * 60_000;
  const t1 = t0 + blocksOf(POINTS) * BLOCK_SECONDS * 1000;
  const producer = (t, points, blocksPerSecond) =>
    worker({ role: 'producer', brokers, ids, t, points, blocksPerSecond });
  // Starts a prepared producer and answers its report and the instant it started.
  async function produce(prepared) {
    const started = now();
    prepared.thread.postMessage('go');
    const report = await prepared.next();
    await prepared.thread.terminate();
    return { ...report, started };
  }

  // 1. The valve monitor, saturated, then paced at half its rate for the latency.
  const monitor = await startInProcessApp(
    'valves-bench-monitor',
    loadPlatformConfig(kafkaConfig),
    [ValvesModule],
    {
      consumerGroup: `valves-bench-${Date.now()}`,
      listen: false,
    },
  );
  const service = monitor.get(ValveMonitorService);
  const waitForMonitor = async (seen) => {
    while (service.counters.pointsSeen < seen) await new Promise((done) => setTimeout(done, 5));
    return now();
  };
  const saturatedProducer = producer(t0, POINTS);
  await saturatedProducer.next();
  const run = await produce(saturatedProducer);
  const monitored = {
    points: run.points,
    seconds: ((await waitForMonitor(run.points)) - run.started) / 1000,
  };
  const monitorRate = monitored.points / monitored.seconds;

  const alarms = worker({ role: 'alarms', brokers });
  await alarms.next();
  const pacedBlocks = Math.max(1, Math.round((monitorRate / 2 / blockPoints) * PACED_SECONDS));
  const blocksPerSecond = monitorRate / 2 / blockPoints;
  const pacedProducer = producer(t1, pacedBlocks * blockPoints, blocksPerSecond);
  await pacedProducer.next();
  const paced = await produce(pacedProducer);
  await waitForMonitor(run.points + paced.points);
  await new Promise((done) => setTimeout(done, 2_000));
  alarms.thread.postMessage('stop');
  const { received } = await alarms.next();
  await alarms.thread.terminate();
  const latencies = received
    .filter(({ endMs }) => endMs >= t1)
    .map(
      ({ endMs, receivedAt }) =>
        receivedAt - paced.blockSentAt[Math.floor((endMs - t1) / (BLOCK_SECONDS * 1000))],
    )
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const { actuations, errors } = service.counters;
  await monitor.close();

  // 2. The reference: the same topic, a plain consumer that parses each message, with the same producer.
  const t2 = t1 + pacedBlocks * BLOCK_SECONDS * 1000;
  const referenceProducer = producer(t2, POINTS);
  await referenceProducer.next();
  const plain = worker({ role: 'plain-consumer', brokers, expected: blocksOf(POINTS) * blockPoints });
  await plain.next();
  const reference = await produce(referenceProducer);
  const { doneAt } = await plain.next();
  await plain.thread.terminate();
  const referenceRate = reference.points / ((doneAt - reference.started) / 1000);

  await variables.close();
  execFileSync('bash', [resolve(ROOT, 'tools/kafka/stop.sh')], {
    env: { ...process.env, ...BROKER_ENV },
    stdio: 'ignore',
  });
  rmSync(dataDir, { recursive: true, force: true });

  const format = (n) => Math.round(n).toLocaleString('en');
  console.log(
    `valves bench: ${VALVE_REFERENCES.size} valve variables at 1 s, ${KEYS} partitions, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `Kafka + PostgreSQL: valve monitor ${format(monitorRate)} points/s over ${format(monitored.points)} points (${actuations} actuations, ${errors} errors); ` +
      `plain consume of the same topic ${format(referenceRate)} points/s; ratio ${(monitorRate / referenceRate).toFixed(2)} (goal ≥ 0.5)`,
  );
  console.log(
    `at ${format(monitorRate / 2)} points/s, produced → asset alarm published: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms over ${latencies.length} alarms`,
  );
  process.exit(0);
}
