// `npm run bench` (or `npm run bench -- --questdb-only`, or `node tools/bench/questdb-bench.mjs`): QuestDB, the
// time-series database an engineer might pick instead, as the peer of the product in the same run. No goal is
// set against it: it tells how far from a storage engine built for time series the product is
// (docs/benchmarks.md "QuestDB beside us").
//
// It starts QuestDB (tools/questdb/start.sh), loads the timeline bench's dataset (9 variables, one point per
// second from 2025-01-01; BENCH_QUESTDB_DAYS days, the full year by default, e.g. 30 for a run of minutes) over
// the TCP InfluxDB line protocol and prints its ingest rate, with materialized views of first/min/max/last kept
// by QuestDB at the rollup resolutions the product reads (its counterpart of our rollups, on during the ingest
// like ours). Then it asks the per-pixel-column first/min/max/last reduction (SAMPLE BY, on the column grid the
// product uses for each range at 2000 px) for 1 hour, 1 day, 1 month and 1 year, from the raw table and from
// the view, over HTTP as the browser asks timeline-data, and prints p50 and p95. Beside them: the figures
// ingest-bench.mjs and timeline-bench.mjs saved earlier in the same `npm run bench`.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { percentile, savedBenchFigures, startedService } from './bench-lib.mjs';
import {
  ilpSeriesEncoder,
  m4SampleByQuery,
  rollupViewName,
  rollupViewStatement,
  seededRandom,
  timelineBenchValue,
} from './questdb-peer.mjs';

const require = createRequire(import.meta.url);
const { timelineGrid } = require('@plantlens/variables');

const VARIABLES = 9;
const WIDTH = 2000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DATASET_START = Date.UTC(2025, 0, 1);
const DAYS = Number(process.env.BENCH_QUESTDB_DAYS ?? 365);
const DATASET_END = DATASET_START + DAYS * DAY;
const ALL_RANGES = [
  { name: '1 hour', ms: HOUR },
  { name: '1 day', ms: DAY },
  { name: '1 month', ms: 30 * DAY },
  { name: '1 year', ms: 365 * DAY },
];
const RANGES = ALL_RANGES.filter((range) => range.ms <= DATASET_END - DATASET_START);
const RUNS = Number(process.env.BENCH_QUESTDB_RUNS ?? 40);
const TABLE = 'plantlens_timeline_bench';
const VARIABLE_NAMES = Array.from({ length: VARIABLES }, (_, i) => `timeline_bench_${i}`);
// The product's rollup level for each range (the same at any start): the views QuestDB keeps.
const VIEW_RESOLUTIONS = [
  ...new Set(RANGES.map((range) => timelineGrid(DATASET_START, DATASET_START + range.ms, WIDTH).resolutionS)),
].filter((resolutionS) => resolutionS !== null);

const format = (n) => Math.round(n).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** QuestDB's p50 against the product's, said the way round that reads as a factor above 1. */
function comparedP50(peerMs, productMs) {
  return peerMs <= productMs
    ? `${(productMs / peerMs).toFixed(1)}× faster (p50)`
    : `${(peerMs / productMs).toFixed(1)}× slower (p50)`;
}

/** Runs one SQL statement through QuestDB's HTTP endpoint; its JSON answer. */
async function questdbSql(httpUrl, query) {
  const response = await fetch(`${httpUrl}/exec?${new URLSearchParams({ query })}`);
  const body = await response.json();
  if (!response.ok || body.error) throw new Error(`QuestDB: ${body.error ?? response.status} in ${query}`);
  return body;
}

async function rowCount(httpUrl) {
  return Number((await questdbSql(httpUrl, `SELECT count() FROM ${TABLE}`)).dataset[0][0]);
}

async function dropDataset(httpUrl) {
  for (const resolutionS of VIEW_RESOLUTIONS)
    await questdbSql(httpUrl, `DROP MATERIALIZED VIEW IF EXISTS ${rollupViewName(TABLE, resolutionS)}`);
  await questdbSql(httpUrl, `DROP TABLE IF EXISTS ${TABLE}`);
}

/** True once every view has applied the table's last transaction (as our "rollups current"). */
async function viewsCurrent(httpUrl) {
  const { dataset } = await questdbSql(
    httpUrl,
    `SELECT view_name, view_status, refresh_base_table_txn, base_table_txn FROM materialized_views() WHERE base_table_name = '${TABLE}'`,
  );
  const invalid = dataset.find(([, status]) => status === 'invalid');
  if (invalid)
    throw new Error(`QuestDB marked the view ${invalid[0]} invalid (see .tools/questdb/questdb.log)`);
  return (
    dataset.length === VIEW_RESOLUTIONS.length &&
    dataset.every(([, status, refreshed, last]) => status === 'valid' && refreshed === last)
  );
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/**
 * Loads the dataset over the TCP line protocol, an hour of all variables per write, in time order, the views
 * kept meanwhile. The clock stops when every row is visible to queries (the table is a WAL table: rows are
 * applied after they arrive); then it waits until the views are current too.
 */
async function ingest(httpUrl, ilpAddress) {
  await dropDataset(httpUrl);
  await questdbSql(
    httpUrl,
    `CREATE TABLE ${TABLE} (variable SYMBOL CAPACITY 256, value DOUBLE, ts TIMESTAMP) TIMESTAMP(ts) PARTITION BY DAY WAL`,
  );
  for (const resolutionS of VIEW_RESOLUTIONS)
    await questdbSql(httpUrl, rollupViewStatement(TABLE, resolutionS));
  const encoders = VARIABLE_NAMES.map((name) => ilpSeriesEncoder(TABLE, { variable: name }, 'value'));
  const random = seededRandom(2025);
  const [host, port] = ilpAddress.split(':');
  const socket = connect(Number(port), host);
  await once(socket, 'connect');
  const points = (VARIABLES * (DATASET_END - DATASET_START)) / 1000;
  const started = performance.now();
  for (let hour = DATASET_START; hour < DATASET_END; hour += HOUR) {
    let lines = '';
    for (let ts = hour; ts < hour + HOUR; ts += 1000)
      for (let index = 0; index < VARIABLES; index += 1)
        lines += encoders[index](timelineBenchValue(ts / 1000, index, random), ts);
    if (!socket.write(lines)) await once(socket, 'drain');
    if ((hour - DATASET_START) % DAY === 0 && process.stderr.isTTY)
      process.stderr.write(`\r  sent day ${(hour - DATASET_START) / DAY + 1}/${DAYS}   `);
  }
  socket.end();
  await once(socket, 'close');
  const sent = performance.now();
  while ((await rowCount(httpUrl)) < points) await pause();
  const visible = performance.now();
  while (!(await viewsCurrent(httpUrl))) await pause();
  if (process.stderr.isTTY) process.stderr.write('\n');
  return {
    points,
    pointsPerSecond: points / ((visible - started) / 1000),
    sentPerSecond: points / ((sent - started) / 1000),
    visibleAfterMs: visible - sent,
    viewsCurrentAfterMs: performance.now() - visible,
  };
}

// Range starts spread over the dataset like timeline-bench's, rounded to the minute like the explorer's.
function rangeStarts(rangeMs) {
  const span = DATASET_END - DATASET_START - rangeMs;
  return Array.from({ length: RUNS }, (_, i) => {
    const start = DATASET_START + Math.floor((span * ((i * 7919) % RUNS)) / RUNS);
    return start - (start % 60_000);
  });
}

async function timeReduction(httpUrl, start, rangeMs, fromView) {
  const grid = timelineGrid(start, start + rangeMs, WIDTH);
  const began = performance.now();
  const answer = await questdbSql(httpUrl, m4SampleByQuery(TABLE, VARIABLE_NAMES, grid, { fromView }));
  const ms = performance.now() - began;
  // Every column of every variable holds points: a shorter answer would be a wrong query, not a fast one.
  const expected = VARIABLES * grid.columns;
  if (Math.abs(answer.count - expected) > VARIABLES * 2)
    throw new Error(`SAMPLE BY answered ${answer.count} rows for ${expected} columns`);
  return { ms, rows: answer.count, dataset: answer.dataset };
}

/** A saved figure's provenance: this run's when run.sh started before it was saved. */
function provenance(saved) {
  const runStarted = Number(process.env.BENCH_RUN_STARTED_MS ?? Infinity);
  const when = new Date(saved.savedAt).toISOString().slice(0, 16).replace('T', ' ');
  return saved.savedAt >= runStarted ? `this run, ${when} UTC` : `an earlier run, ${when} UTC`;
}

function printIngest(result) {
  console.log(
    `QuestDB ingest, TCP line protocol: ${format(result.points)} points, ${format(result.pointsPerSecond)} points/s until all visible ` +
      `(sent at ${format(result.sentPerSecond)} points/s, visible ${(result.visibleAfterMs / 1000).toFixed(1)} s after the last byte; ` +
      `views at ${VIEW_RESOLUTIONS.join(', ')} s current ${(result.viewsCurrentAfterMs / 1000).toFixed(1)} s later)`,
  );
  const saved = savedBenchFigures('ingest');
  const cluster = saved?.figures.find((figure) => figure.mode.startsWith('cluster'));
  if (!cluster) {
    console.log(
      '  Plantlens: no cluster ingest figure saved (run `npm run bench`, whose ingest bench runs first)',
    );
    return;
  }
  console.log(
    `  Plantlens end to end (Kafka → PostgreSQL, rollups on) ${format(cluster.endToEnd)} points/s, plain binary COPY ` +
      `${format(cluster.copy.binary)} points/s (${format(cluster.points)} points, ${provenance(saved)}) | ` +
      `QuestDB ${(result.pointsPerSecond / cluster.endToEnd).toFixed(1)}× ours, ${(result.pointsPerSecond / cluster.copy.binary).toFixed(1)}× COPY`,
  );
}

/** p50 and p95 of the reduction over `range` at RUNS starts, from the raw table or from the views; the first answer. */
async function timeRange(httpUrl, range, fromView) {
  const starts = rangeStarts(range.ms);
  const warmUp = await timeReduction(httpUrl, starts[0], range.ms, fromView); // plans, page cache, JIT
  const samples = [];
  let rows = 0;
  for (const start of starts) {
    const result = await timeReduction(httpUrl, start, range.ms, fromView);
    samples.push(result.ms);
    rows = Math.max(rows, result.rows);
  }
  const sorted = samples.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    runs: sorted.length,
    rows,
    answer: warmUp.dataset,
  };
}

// One answer's rows in a fixed order (SAMPLE BY does not promise one between variables).
const answerText = (dataset) =>
  dataset
    .map((row) => JSON.stringify(row))
    .sort()
    .join('\n');

async function measureReads(httpUrl) {
  const saved = savedBenchFigures('timeline');
  const ours = (range) =>
    saved?.figures.find((row) => row.label.startsWith('PostgreSQL') && row.range === range.name)?.columns;
  for (const range of RANGES) {
    const mine = ours(range);
    const resolutionS = timelineGrid(DATASET_START, DATASET_START + range.ms, WIDTH).resolutionS;
    let rawAnswer;
    for (const fromView of resolutionS === null ? [false] : [false, true]) {
      const peer = await timeRange(httpUrl, range, fromView);
      // The view must give the raw table's columns exactly, as our rollups give the raw points' M4.
      if (!fromView) rawAnswer = answerText(peer.answer);
      else if (answerText(peer.answer) !== rawAnswer)
        throw new Error(`${range.name}: the ${resolutionS} s view answered otherwise than the raw table`);
      const source = fromView ? `${resolutionS} s view` : 'raw table';
      const beside = mine
        ? `Plantlens timeline-data p50 ${mine.p50.toFixed(1).padStart(7)} ms  p95 ${mine.p95.toFixed(1).padStart(7)} ms (${provenance(saved)}) | QuestDB ${comparedP50(peer.p50, mine.p50)}`
        : 'Plantlens: no PostgreSQL timeline figure saved (run `npm run bench`)';
      console.log(
        `${range.name.padEnd(8)} QuestDB SAMPLE BY, ${source.padEnd(10)} p50 ${peer.p50.toFixed(1).padStart(7)} ms  p95 ${peer.p95
          .toFixed(1)
          .padStart(7)} ms (${peer.runs} runs, ≤${peer.rows} rows) | ${beside}`,
      );
    }
  }
  for (const range of ALL_RANGES.filter((range) => !RANGES.includes(range)))
    console.log(`${range.name.padEnd(8)} skipped: the dataset covers ${DAYS} days (BENCH_QUESTDB_DAYS)`);
}

if (process.argv.includes('--standalone-only')) {
  console.log('QuestDB peer: skipped with --standalone-only (it is compared with the PostgreSQL figures)');
} else {
  const httpUrl = startedService('tools/questdb/start.sh', 'QUESTDB_HTTP_URL');
  const ilpAddress = startedService('tools/questdb/start.sh', 'QUESTDB_ILP');
  const version = (await questdbSql(httpUrl, 'SELECT build()')).dataset[0][0];
  console.log(
    `QuestDB peer: ${VARIABLES} variables at 1 s over ${DAYS} days, width ${WIDTH} px; ${version.split(',')[0]}; load average ${load()}`,
  );
  printIngest(await ingest(httpUrl, ilpAddress));
  await measureReads(httpUrl);
  // 20 bytes of column data a point (5.7 GB for the year): the dataset is not kept between runs.
  await dropDataset(httpUrl);
  console.log(`load average at the end ${load()}`);
}
