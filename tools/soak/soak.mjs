// `npm run soak`: the cluster mode under steady load for SOAK_MINUTES (docs/benchmarks.md "Soak").
// Starts tools/cluster/start.sh (its own PostgreSQL, Kafka and five services), calibrates the ingest rate
// the cluster sustains, then offers SOAK_SHARE of it as data-source points on `measurements`, with CSV
// uploads, explorer reads and rule changes through the gateway beside. Every SOAK_SAMPLE_SECONDS it
// samples each service's RSS (/proc/<pid>/status) and the consumer-group lag; at the end it judges the
// trends over the second half and writes .tools/soak/soak-<time>.{json,md}.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ROOT, signIn } from '../bench/bench-lib.mjs';
import { samplesTable, thinned, verdict, verdictText } from './soak-figures.mjs';

const require = createRequire(import.meta.url);
const { AuthHeaders, Topics } = require('@plantlens/contracts');
const { Kafka, logLevel } = require('kafkajs');

const settings = {
  minutes: Number(process.env.SOAK_MINUTES ?? 60),
  share: Number(process.env.SOAK_SHARE ?? 0.4),
  sampleSeconds: Number(process.env.SOAK_SAMPLE_SECONDS ?? 30),
  variables: Number(process.env.SOAK_VARIABLES ?? 20),
  calibrationPoints: Number(process.env.SOAK_CALIBRATION_POINTS ?? 400_000),
  csvEverySeconds: Number(process.env.SOAK_CSV_EVERY_SECONDS ?? 60),
  csvRows: Number(process.env.SOAK_CSV_ROWS ?? 2000),
  readEverySeconds: Number(process.env.SOAK_READ_EVERY_SECONDS ?? 3),
  ruleEverySeconds: Number(process.env.SOAK_RULE_EVERY_SECONDS ?? 20),
  portBase: Number(process.env.CLUSTER_PORT_BASE ?? 3500),
  pgPort: process.env.PGPORT ?? '55442',
  kafkaPort: process.env.KAFKA_PORT ?? '19092',
  kafkaControllerPort: process.env.KAFKA_CONTROLLER_PORT ?? '19093',
  password: process.env.SUPERADMIN_PASSWORD ?? 'soak-admin-password',
};
const limits = {
  maxRssGrowthMb: Number(process.env.SOAK_MAX_RSS_GROWTH_MB ?? 16),
  maxRssGrowthShare: Number(process.env.SOAK_MAX_RSS_GROWTH_SHARE ?? 0.05),
  maxLagGrowthSeconds: Number(process.env.SOAK_MAX_LAG_GROWTH_SECONDS ?? 5),
  maxFinalLagSeconds: Number(process.env.SOAK_MAX_FINAL_LAG_SECONDS ?? 10),
};
const GATEWAY = `http://127.0.0.1:${settings.portBase}`;
const BROKERS = [`127.0.0.1:${settings.kafkaPort}`];
const CLUSTER_DIR = resolve(ROOT, '.tools/cluster');
const REPORT_DIR = resolve(ROOT, '.tools/soak');
const RULES_KEPT = 4;
// The report's table: a row every 5 minutes (every sample is in the JSON).
const TABLE_ROW_SECONDS = 300;
// Past points of this run only (a run's start, back by a few days): the writer stores them as new rows,
// not as the slower merge of points already stored by an earlier run. Inside the default raw retention.
const RUN_START = Date.now();
const CALIBRATION_T0 = RUN_START - 3 * 86_400_000;
const CALIBRATION_STEP_MS = 10;
const CSV_T0 = RUN_START - 20 * 86_400_000;
const CSV_STEP_MS = 100;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const log = (message) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

// --- the cluster -------------------------------------------------------------------------------------

function startCluster() {
  const cluster = spawn('bash', [resolve(ROOT, 'tools/cluster/start.sh')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      CLUSTER_PORT_BASE: String(settings.portBase),
      PGPORT: settings.pgPort,
      KAFKA_PORT: settings.kafkaPort,
      KAFKA_CONTROLLER_PORT: settings.kafkaControllerPort,
      SUPERADMIN_PASSWORD: settings.password,
      // A short history: the soak is about the live load, and a week of backfill would be most of it.
      SIMULATOR_BACKFILL_HOURS: process.env.SIMULATOR_BACKFILL_HOURS ?? '6',
      SIMULATOR_VALVE_DETAIL_HOURS: process.env.SIMULATOR_VALVE_DETAIL_HOURS ?? '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  const ready = new Promise((done, fail) => {
    let output = '';
    cluster.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
      if (output.includes('Plantlens cluster ready')) done();
    });
    cluster.once('exit', (code) => fail(new Error(`tools/cluster/start.sh ended (${code}) before ready`)));
  });
  return { ready, stop: () => process.kill(-cluster.pid, 'SIGTERM') };
}

function servicePids() {
  return readFileSync(resolve(CLUSTER_DIR, 'pids'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .map(([name, pid]) => ({ name, pid: Number(pid) }));
}

function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined; // the process is gone: shows as a gap, and the verdict needs its samples
  }
}

// --- traffic through the gateway, every answer checked --------------------------------------------------

const errorsByKind = {};
const traffic = { requests: 0, errors: 0 };

function countError(kind) {
  errorsByKind[kind] = (errorsByKind[kind] ?? 0) + 1;
  traffic.errors += 1;
  log(`error: ${kind}`);
}

let accessToken = '';
async function refreshSignIn() {
  accessToken = (await signIn(GATEWAY, 'admin', settings.password)).accessToken;
}

/** One request; any answer but `expected` (or a failed `check` of its body) counts as an error of its kind. */
async function call(label, method, path, { body, contentType, expected, check } = {}) {
  traffic.requests += 1;
  try {
    const response = await fetch(`${GATEWAY}${path}`, {
      method,
      headers: {
        [AuthHeaders.authorization]: `Bearer ${accessToken}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (response.status !== expected) {
      countError(`${label} ${response.status}: ${text.slice(0, 160)}`);
      return undefined;
    }
    const answer = text ? JSON.parse(text) : undefined;
    const problem = check?.(answer);
    if (problem) {
      countError(`${label}: ${problem}`);
      return undefined;
    }
    return answer;
  } catch (error) {
    countError(`${label} ${error instanceof Error ? error.name : 'failure'}: ${error?.message ?? error}`);
    return undefined;
  }
}

async function declareVariables(references) {
  const serviceToken = readFileSync(resolve(CLUSTER_DIR, 'keys/service-token'), 'utf8').trim();
  const response = await fetch(`${GATEWAY}/api/web/variable/raw/declare`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [AuthHeaders.serviceToken]: serviceToken },
    body: JSON.stringify({
      variables: references.map((reference) => ({
        clientReference: reference,
        name: reference,
        unit: 'bar',
      })),
    }),
  });
  if (!response.ok) throw new Error(`declare failed: ${response.status} ${await response.text()}`);
  const byReference = new Map((await response.json()).variables.map((v) => [v.clientReference, v.id]));
  return references.map((reference) => byReference.get(reference));
}

// A slow sine per variable (a 10-minute period), so rules on it open and close incidences now and then.
const valueAt = (variableId, ts) => 50 * Math.sin((2 * Math.PI * ts) / 600_000 + variableId) + 50;

// --- Kafka: points and lag ------------------------------------------------------------------------------

const kafka = new Kafka({ clientId: 'soak', brokers: BROKERS, logLevel: logLevel.NOTHING });

async function send(producer, ids, pointsPerVariable, tsOf) {
  await producer.send({
    topic: Topics.measurements,
    messages: ids.map((variableId) => {
      const points = Array.from({ length: pointsPerVariable }, (_, i) => {
        const ts = tsOf(i);
        return { variableId, ts, value: valueAt(variableId, ts) };
      });
      return { key: String(variableId), value: JSON.stringify({ source: 'soak', points }) };
    }),
  });
}

/** Messages not yet committed by the consumer groups reading `measurements`, summed; and the topic's end. */
async function lag(admin) {
  const ends = await admin.fetchTopicOffsets(Topics.measurements);
  const endOf = new Map(ends.map(({ partition, high }) => [partition, Number(high)]));
  const { groups } = await admin.listGroups();
  let behind = 0;
  for (const { groupId } of groups) {
    const [topic] = await admin.fetchOffsets({ groupId, topics: [Topics.measurements] });
    for (const { partition, offset } of topic?.partitions ?? []) {
      if (Number(offset) >= 0) behind += Math.max(0, (endOf.get(partition) ?? 0) - Number(offset));
    }
  }
  return { behind, end: [...endOf.values()].reduce((sum, high) => sum + high, 0) };
}

async function waitForNoLag(admin, timeoutS) {
  const deadline = Date.now() + timeoutS * 1000;
  while (Date.now() < deadline) {
    if ((await lag(admin)).behind === 0) return;
    await sleep(250);
  }
  throw new Error(`consumers still behind after ${timeoutS} s`);
}

/** Points per second the cluster stores: a burst of past points, timed until every group has committed it. */
async function calibrate(producer, admin, ids) {
  const perMessage = 1000;
  const rounds = Math.ceil(settings.calibrationPoints / (perMessage * ids.length));
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    await send(
      producer,
      ids,
      perMessage,
      (i) => CALIBRATION_T0 + (round * perMessage + i) * CALIBRATION_STEP_MS,
    );
  }
  await waitForNoLag(admin, 600);
  return (rounds * perMessage * ids.length) / ((performance.now() - started) / 1000);
}

// --- the load ------------------------------------------------------------------------------------------

/** Runs `task` every `seconds` (or right after it, when it took longer) until the returned stop is awaited. */
function every(seconds, task) {
  const stopped = new AbortController();
  // Aborting wakes the pause at once, so stopping never waits out an interval.
  const pause = (ms) => delay(ms, undefined, { signal: stopped.signal }).catch(() => undefined);
  const loop = async () => {
    while (!stopped.signal.aborted) {
      const started = Date.now();
      await task();
      await pause(Math.max(0, seconds * 1000 - (Date.now() - started)));
    }
  };
  const done = loop();
  return async () => {
    stopped.abort();
    await done;
  };
}

// The explorer's reads in turn: each names its series and time span; the answer must hold every series.
function explorerReads(ids) {
  const reads = [
    { label: 'timeline-data 1 h', path: 'timeline-data', variableIds: ids.slice(0, 5), spanMs: 3_600_000 },
    {
      label: 'timeline-data 3 days',
      path: 'timeline-data',
      variableIds: ids.slice(5, 8),
      spanMs: 3 * 86_400_000,
    },
    {
      label: 'correlation-data 15 min',
      path: 'correlation-data',
      variableIds: ids.slice(0, 2),
      spanMs: 900_000,
    },
  ];
  let next = 0;
  return () => {
    const { label, path, variableIds, spanMs } = reads[next++ % reads.length];
    const now = Date.now();
    const width = path === 'timeline-data' ? '&width=1200' : '';
    return call(
      label,
      'GET',
      `/api/web/explorer/${path}?variableIds=${variableIds.join(',')}&startDate=${now - spanMs}&endDate=${now}${width}`,
      {
        expected: 200,
        check: (body) =>
          body?.variables?.length === variableIds.length ? undefined : `not ${variableIds.length} series`,
      },
    );
  };
}

function csvUploads() {
  const references = ['soak_csv_a', 'soak_csv_b', 'soak_csv_c'];
  let upload = 0;
  return async () => {
    const first = CSV_T0 + upload * settings.csvRows * CSV_STEP_MS;
    upload += 1;
    const lines = [`datetime,${references.join(',')}`];
    for (let row = 0; row < settings.csvRows; row += 1) {
      const ts = first + row * CSV_STEP_MS;
      lines.push(
        `${new Date(ts).toISOString()},${references.map((_, i) => valueAt(i, ts).toFixed(3)).join(',')}`,
      );
    }
    const expectedPoints = settings.csvRows * references.length;
    await call('csv-upload', 'POST', '/api/web/csv-upload?unknownVariables=create', {
      body: `${lines.join('\n')}\n`,
      contentType: 'text/csv',
      expected: 200,
      check: (summary) =>
        summary?.pointsPublished === expectedPoints
          ? undefined
          : `published ${summary?.pointsPublished} of ${expectedPoints}`,
    });
  };
}

// Creates a rule, renames and toggles the previous one, deletes the oldest beyond RULES_KEPT: in turns.
function ruleChanges(ids) {
  const live = [];
  let step = 0;
  return async () => {
    const turn = step++;
    if (turn % 3 === 0) {
      const created = await call('rule create', 'POST', '/api/web/rules-incidence', {
        body: JSON.stringify([
          { name: `soak rule ${turn}`, operator: '>', varOneId: ids[turn % ids.length], constant: 90 },
        ]),
        contentType: 'application/json',
        expected: 201,
        check: (rules) => (rules?.length === 1 ? undefined : 'not one rule'),
      });
      if (created) live.push(created[0]);
    } else if (turn % 3 === 1 && live.length > 0) {
      const rule = live[live.length - 1];
      rule.enabled = !rule.enabled;
      await call('rule update', 'PUT', '/api/web/rules-incidence', {
        body: JSON.stringify({
          id: rule.id,
          name: `${rule.name} (${turn})`,
          enabled: rule.enabled,
          emails: '',
        }),
        contentType: 'application/json',
        expected: 200,
      });
    } else if (live.length > RULES_KEPT) {
      const rule = live.shift();
      await call('rule delete', 'DELETE', `/api/web/rules-incidence?id=${rule.id}`, { expected: 204 });
    }
  };
}

// --- the run -------------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date();
  log(`settings ${JSON.stringify(settings)}`);
  const cluster = startCluster();
  process.once('SIGINT', () => {
    cluster.stop();
    process.exit(130);
  });
  try {
    await cluster.ready;
    const services = servicePids();
    await refreshSignIn();
    const ids = await declareVariables(Array.from({ length: settings.variables }, (_, i) => `soak_${i}`));
    const producer = kafka.producer();
    const admin = kafka.admin();
    await producer.connect();
    await admin.connect();
    log('waiting for the simulator backfill to be stored');
    await waitForNoLag(admin, 1800);
    const capacity = await calibrate(producer, admin, ids);
    const rate = settings.share * capacity;
    const pointsPerVariable = Math.max(1, Math.round(rate / ids.length));
    log(
      `capacity ${capacity.toFixed(0)} points/s; offering ${settings.share} of it: ${pointsPerVariable} points/s on each of ${ids.length} variables`,
    );

    let pointsSent = 0;
    let tick = Math.floor(Date.now() / 1000) * 1000;
    const stopPoints = every(1, async () => {
      const second = tick;
      tick += 1000;
      try {
        await send(
          producer,
          ids,
          pointsPerVariable,
          (i) => second + Math.floor((i * 1000) / pointsPerVariable),
        );
        pointsSent += pointsPerVariable * ids.length;
      } catch (error) {
        countError(`produce: ${error?.message ?? error}`);
      }
    });
    const stopReads = every(settings.readEverySeconds, explorerReads(ids));
    const stopCsv = every(settings.csvEverySeconds, csvUploads());
    const stopRules = every(settings.ruleEverySeconds, ruleChanges(ids));
    const stopSignIn = every(600, () =>
      refreshSignIn().catch((error) => countError(`sign-in: ${error.message}`)),
    );

    const samples = [];
    const loadStarted = performance.now();
    const firstEnd = (await lag(admin)).end;
    let last = { at: loadStarted, points: 0 };
    const endAt = loadStarted + settings.minutes * 60_000;
    while (performance.now() < endAt) {
      await sleep(Math.min(settings.sampleSeconds * 1000, endAt - performance.now()));
      const now = performance.now();
      const { behind, end } = await lag(admin);
      const sample = {
        elapsedS: (now - loadStarted) / 1000,
        rssMb: Object.fromEntries(services.map(({ name, pid }) => [name, rssMb(pid)])),
        lagMessages: behind,
        topicEnd: end,
        pointsPerSecond: (pointsSent - last.points) / ((now - last.at) / 1000),
        requests: traffic.requests,
        errors: traffic.errors,
        loadAverage: loadavg()[0],
      };
      samples.push(sample);
      last = { at: now, points: pointsSent };
      log(
        `${(sample.elapsedS / 60).toFixed(1)} min  RSS ${Object.entries(sample.rssMb)
          .map(([name, mb]) => `${name} ${mb?.toFixed(0) ?? '—'}`)
          .join(
            ', ',
          )} MB  lag ${behind}  ${sample.pointsPerSecond.toFixed(0)} points/s  ${sample.requests} requests  ${sample.errors} errors  load ${sample.loadAverage.toFixed(1)}`,
      );
    }
    await Promise.all([stopPoints(), stopReads(), stopCsv(), stopRules(), stopSignIn()]);
    const durationS = (performance.now() - loadStarted) / 1000;
    const messagesPerSecond = (samples[samples.length - 1].topicEnd - firstEnd) / durationS;
    const result = verdict(samples, errorsByKind, { ...limits, messagesPerSecond });
    await producer.disconnect();
    await admin.disconnect();

    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const summary = [
      `Soak ${startedAt.toISOString()}: ${settings.minutes} min on ${machine}`,
      `capacity ${capacity.toFixed(0)} points/s, offered ${settings.share} of it (${(pointsPerVariable * ids.length).toFixed(0)} points/s, ${messagesPerSecond.toFixed(1)} messages/s on measurements with the simulator's); ` +
        `${pointsSent} points sent, ${traffic.requests} requests`,
      `errors by kind: ${JSON.stringify(errorsByKind)}`,
    ].join('\n');
    const markdown = `${summary}\n\n${samplesTable(thinned(samples, TABLE_ROW_SECONDS))}\n\n${verdictText(result)}\n`;
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}`;
    writeFileSync(
      resolve(REPORT_DIR, `${name}.json`),
      JSON.stringify(
        {
          settings,
          limits,
          machine,
          capacity,
          pointsPerVariable,
          messagesPerSecond,
          pointsSent,
          traffic,
          errorsByKind,
          samples,
          verdict: result,
        },
        null,
        2,
      ),
    );
    writeFileSync(resolve(REPORT_DIR, `${name}.md`), markdown);
    console.log(`\n${markdown}\nReport: .tools/soak/${name}.{json,md}`);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    cluster.stop();
  }
}

await main();
process.exit();
