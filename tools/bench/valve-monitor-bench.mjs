// `node tools/bench/valve-monitor-bench.mjs` (also in `npm run bench`): points per second through the
// valve monitor against a plain consume of the same messages, over Kafka and PostgreSQL (the servers of
// tools/, or DATABASE_URL and KAFKA_BROKERS). The messages are two hours of the simulated plant at 1 s
// (96 variables, 40 of them valve signals), keyed as data sources key them, produced once into
// `measurements`. Then a plain kafkajs consumer reads them (JSON-parsing each message) and the valve
// monitor reads them in a consumer group of its own set to the same offsets: it resolves the ids over HTTP
// at a variables service in this process, keeps the valve points, stores and analyses them. Each figure
// runs from the first message taken to the last one done (for the monitor: committed).
// Needs the build (npm run bench does it). Works in a database of its own (plantlens_valves_bench, recreated).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { benchDatabase, declareVariables, startedService, startInProcessApp } from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { Topics } = require('@plantlens/contracts');
const { loadPlatformConfig, measurementKey, AuthKeys } = require('@plantlens/platform');
const { PlantSimulator, VALVE_ASSETS } = require('@plantlens/simulator');
const { VariablesModule } = require('@plantlens/variables');
const { ValvesModule, ValveMonitorService } = require('@plantlens/valves');
const { Kafka, logLevel } = require('kafkajs');

const HOURS = Number(process.env.BENCH_VALVES_HOURS ?? 2);
const POINTS_PER_MESSAGE = 5_000;
const START = Date.UTC(2026, 0, 1);
const RUN = `${process.pid}${Date.now() % 100_000}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const databaseUrl = await benchDatabase('plantlens_valves_bench', { recreate: true });
  const brokers = startedService('tools/kafka/start.sh', 'KAFKA_BROKERS').split(',');
  const dataDir = mkdtempSync(join(tmpdir(), 'valves-bench-'));
  const base = {
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_CLIENT_ID: `valves-bench-${RUN}`,
    DATA_DIR: dataDir,
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'text',
  };
  const partitions = loadPlatformConfig(base).KAFKA_TOPIC_PARTITIONS;
  // The variables service the monitor asks; it consumes nothing here.
  const variablesConfig = loadPlatformConfig(base);
  const variablesApp = await startInProcessApp('variables-bench', variablesConfig, [VariablesModule], {
    consumerGroup: '',
  });
  const variablesUrl = await variablesApp.getUrl();
  const simulator = new PlantSimulator();
  const ids = await declareVariables(
    variablesUrl,
    variablesApp.get(AuthKeys).serviceToken,
    simulator.variables,
  );
  const valveIds = new Set(
    VALVE_ASSETS.flatMap((asset) =>
      ['opening', 'torque', 'pressure', 'flow', 'temperature'].map((s) => ids.get(`${asset}_${s}`)),
    ),
  );

  // Two hours of the plant, by key, in messages of POINTS_PER_MESSAGE, in time order per key.
  const byKey = new Map();
  let total = 0;
  let valvePoints = 0;
  for (const batch of simulator.batches({
    startMs: START,
    endMs: START + HOURS * 3_600_000,
    stepMs: 1_000,
  })) {
    for (const point of batch) {
      const variableId = ids.get(point.clientReference);
      const key = measurementKey(variableId, partitions);
      const list = byKey.get(key) ?? [];
      list.push({ variableId, ts: point.ts, value: point.value });
      byKey.set(key, list);
      total += 1;
      if (valveIds.has(variableId)) valvePoints += 1;
    }
  }
  const kafka = new Kafka({ clientId: `valves-bench-${RUN}`, brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const before = await admin.fetchTopicOffsets(Topics.measurements).catch(() => null);
  const producer = kafka.producer({ allowAutoTopicCreation: true });
  await producer.connect();
  let messages = 0;
  for (const [key, points] of byKey) {
    const slices = [];
    for (let start = 0; start < points.length; start += POINTS_PER_MESSAGE) {
      slices.push({
        key,
        value: JSON.stringify({ source: 'bench', points: points.slice(start, start + POINTS_PER_MESSAGE) }),
      });
    }
    // One per request: a request is capped at the broker's 1 MB.
    for (const message of slices) await producer.send({ topic: Topics.measurements, messages: [message] });
    messages += slices.length;
  }
  await producer.disconnect();
  const after = await admin.fetchTopicOffsets(Topics.measurements);
  const startOffsets = after.map(({ partition }) => ({
    partition,
    offset: before?.find((p) => p.partition === partition)?.offset ?? '0',
  }));
  const endOffsets = new Map(after.map(({ partition, offset }) => [partition, Number(offset)]));
  console.log(
    `valve monitor bench: ${total} points (${valvePoints} valve signals) in ${messages} messages over ${partitions} partitions`,
  );

  // Plain consume: the same messages, parsed.
  const plainGroup = `valves-bench-plain-${RUN}`;
  await admin.setOffsets({ groupId: plainGroup, topic: Topics.measurements, partitions: startOffsets });
  const plain = kafka.consumer({ groupId: plainGroup });
  await plain.connect();
  await plain.subscribe({ topic: Topics.measurements });
  let plainFirst = 0;
  let plainPoints = 0;
  const plainDone = new Set();
  let plainLast = 0;
  await plain.run({
    partitionsConsumedConcurrently: partitions,
    eachMessage: async ({ partition, message }) => {
      plainFirst ||= performance.now();
      plainPoints += JSON.parse(String(message.value)).points.length;
      if (Number(message.offset) + 1 >= endOffsets.get(partition)) plainDone.add(partition);
      plainLast = performance.now();
    },
  });
  const expectedPartitions = [...endOffsets].filter(
    ([partition, end]) => end > Number(startOffsets.find((p) => p.partition === partition).offset),
  ).length;
  while (plainDone.size < expectedPartitions) await sleep(20);
  await plain.disconnect();
  const plainRate = plainPoints / ((plainLast - plainFirst) / 1000);

  // The valve monitor, in a group of its own at the same offsets.
  const monitorGroup = `valves-bench-monitor-${RUN}`;
  await admin.setOffsets({ groupId: monitorGroup, topic: Topics.measurements, partitions: startOffsets });
  await admin.disconnect();
  const monitorApp = await startInProcessApp(
    'valve-monitor-bench',
    loadPlatformConfig({ ...base, VARIABLES_URL: variablesUrl }),
    [ValvesModule],
    { consumerGroup: monitorGroup },
  );
  const counters = monitorApp.get(ValveMonitorService).counters;
  let monitorFirst = 0;
  while (counters.pointsKept < valvePoints || counters.pointsSeen < total) {
    if (!monitorFirst && counters.pointsSeen > 0) monitorFirst = performance.now();
    await sleep(5);
  }
  const monitorSeconds = (performance.now() - monitorFirst) / 1000;
  const monitorRate = total / monitorSeconds;
  console.log(`  plain consume:  ${Math.round(plainRate).toLocaleString('en')} points/s`);
  console.log(
    `  valve monitor:  ${Math.round(monitorRate).toLocaleString('en')} points/s (${(monitorRate / plainRate).toFixed(2)} of plain; ` +
      `${counters.transactions} transactions, ${counters.actuations} actuations, ${counters.errors} errors)`,
  );
  await monitorApp.close();
  await variablesApp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
