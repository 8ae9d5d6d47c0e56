// `npm run bench -- --timeline` (or `node tools/bench/timeline-bench.mjs`): timeline-data latency for 9
// variables at 1-second resolution over one year, for ranges of 1 hour, 1 day, 1 month and 1 year, beside
// the naive query (date_bin + GROUP BY over the raw table) measured in the same run on the same data.
//
// PostgreSQL: the full dataset (9 × 31 536 000 = 283 824 000 raw points) lives in its own database,
// `plantlens_timeline_bench`, loaded once with generate_series (about half an hour on 2 cores) and then
// reused; its rollups are built by the product's own RollupService. Standalone (PGlite) cannot hold 284 M
// rows in a WASM heap, so it runs the same ranges on a scaled dataset of one point per minute (4.7 M
// points); the report says so. BENCH_TIMELINE_DAYS=31 (say) loads only the first 31 days (a database of its
// own, `plantlens_timeline_bench_31d`) for development; ranges longer than the dataset are left out.
//
// Each range prints the naive query, the bare SQL of our reduction (the repository's statements alone) and
// timeline-data in the compact `format=columns` (what the web asks) and the spec's default shape, p50 and
// p95, with the ratios of issue 17 beside their goals. Requests go through HTTP with a signed-in user's token, like the browser's. Every range is measured
// uncached (the read cache emptied before each request); the year is then also measured served from the
// read cache, beside its uncached p50. `--load-only` prepares the dataset (points, rollups, vacuum) and
// measures nothing, so the long load can run apart from the timed runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import {
  benchDatabase,
  declareVariables,
  percentile,
  saveBenchFigures,
  signIn,
  startInProcessApp,
} from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { AuthHeaders } = require('@plantlens/contracts');
const { loadPlatformConfig, Database, AuthKeys } = require('@plantlens/platform');
const {
  VariablesModule,
  RollupService,
  TimelineRepository,
  ReadCacheService,
  timelineGrid,
} = require('@plantlens/variables');
const { IdentityModule } = require('@plantlens/identity');
const { sql } = require('kysely');

const VARIABLES = 9;
const DAY = 86_400_000;
const YEAR_START = Date.UTC(2025, 0, 1);
// BENCH_TIMELINE_DAYS loads only the first days of the year (development: the full year of 1 s points takes
// about an hour to load); ranges longer than the dataset are then left out, and the report names its size.
const DATASET_DAYS = Number(process.env.BENCH_TIMELINE_DAYS ?? 365);
const YEAR_END = YEAR_START + DATASET_DAYS * DAY;
const WIDTH = 2000;
const BENCH_PASSWORD = 'timeline-bench-password';
const HOUR = 3_600_000;
const RANGES = [
  { name: '1 hour', ms: HOUR },
  { name: '1 day', ms: 24 * HOUR },
  { name: '1 month', ms: 30 * 24 * HOUR },
  { name: '1 year', ms: 365 * DAY },
].filter((range) => range.ms <= YEAR_END - YEAR_START);
const FAST_RUNS = Number(process.env.BENCH_TIMELINE_RUNS ?? 40);
const NAIVE_RUNS = Number(process.env.BENCH_TIMELINE_NAIVE_RUNS ?? 5);

const args = new Set(process.argv.slice(2));

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs: sorted.length };
}

// Deterministic range starts spread over the year, so runs do not hit one warm page set only.
function rangeStarts(rangeMs, runs) {
  const span = YEAR_END - YEAR_START - rangeMs;
  return Array.from({ length: runs }, (_, i) => {
    const start = YEAR_START + Math.floor((span * ((i * 7919) % runs)) / Math.max(1, runs));
    return start - (start % 60_000); // the explorer rounds to the minute
  });
}

/**
 * Loads one point per `stepS` seconds per variable over the year, month by month (progress on stderr),
 * then builds the rollups with the product's RollupService. Skipped when the marker row says it is done.
 */
async function ensureDataset(app, ids, stepS) {
  const database = app.get(Database);
  const db = database.kysely;
  await sql`create table if not exists public.timeline_bench_dataset (step_s integer primary key, points bigint, loaded_at timestamptz)`.execute(
    db,
  );
  const done = await sql`select points from public.timeline_bench_dataset where step_s = ${stepS}`.execute(
    db,
  );
  if (done.rows.length > 0) return Number(done.rows[0].points);
  const started = performance.now();
  const months = Array.from({ length: 12 }, (_, m) => [Date.UTC(2025, m, 1), Date.UTC(2025, m + 1, 1)])
    .filter(([from]) => from < YEAR_END)
    .map(([from, to]) => [from, Math.min(to, YEAR_END)]);
  for (const [index, id] of ids.entries()) {
    for (const [from, to] of months) {
      // Resumable: a month already loaded (by an interrupted run) is skipped.
      const loaded = await sql`select exists (select 1 from variables.measurement where variable_id = ${id}
        and ts >= to_timestamp(${from / 1000}) and ts < to_timestamp(${to / 1000})) as loaded`.execute(db);
      if (loaded.rows[0].loaded) continue;
      // A smooth daily and weekly shape plus noise and rare spikes: M4 has real extremes to keep.
      await sql`
        insert into variables.measurement (variable_id, ts, value)
        select ${id}, t,
               50 + 20 * sin(extract(epoch from t) / 86400.0 * 2 * pi() + ${index})
                  + 5 * sin(extract(epoch from t) / 604800.0 * 2 * pi())
                  + 2 * random() + case when random() < 0.00001 then 40 else 0 end
        from generate_series(to_timestamp(${from / 1000}), to_timestamp(${to / 1000}) - make_interval(secs => ${stepS}),
                             make_interval(secs => ${stepS})) as t
        on conflict do nothing`.execute(db);
      const elapsed = (performance.now() - started) / 1000;
      process.stderr.write(
        `\r  loaded variable ${index + 1}/${VARIABLES}, month ${new Date(from).getUTCMonth() + 1}/12 (${elapsed.toFixed(0)} s)   `,
      );
    }
  }
  process.stderr.write('\n');
  const rollupStarted = performance.now();
  await app.get(RollupService).rebuild(YEAR_START, YEAR_END, ids);
  process.stderr.write(`  rollups built in ${((performance.now() - rollupStarted) / 1000).toFixed(0)} s\n`);
  // What autovacuum does sooner or later to a table loaded in bulk (visibility map, statistics), done now so
  // that every run reads the same table: index-only scans then skip the heap.
  await sql`vacuum analyze variables.measurement`.execute(db);
  await sql`vacuum analyze variables.rollup`.execute(db);
  const counted =
    await sql`select count(*)::bigint as n from variables.measurement where variable_id = any(${ids})`.execute(
      db,
    );
  const points = Number(counted.rows[0].n);
  await sql`insert into public.timeline_bench_dataset values (${stepS}, ${points}, now())`.execute(db);
  return points;
}

// Each uncached sample starts from an empty read cache (docs/read-cache.md): the year range asks the same
// closed range every time, which would otherwise be served from the cache after the first run. The answer
// before is stored after it was sent: that store finishes first (outside the timed window, as for a user
// who asks again later), so that it cannot land after the delete. `cache` is absent on builds before that.
async function clearReadCache(database, cache) {
  await cache?.settled?.();
  await sql`delete from variables.read_cache`.execute(database.kysely);
}

async function timeTimeline(url, token, ids, start, rangeMs, format = 'columns') {
  const query = new URLSearchParams({
    variableIds: ids.join(','),
    startDate: String(start),
    endDate: String(start + rangeMs),
    width: String(WIDTH),
    format,
  });
  const began = performance.now();
  const response = await fetch(`${url}/api/web/explorer/timeline-data?${query}`, {
    headers: { [AuthHeaders.authorization]: `Bearer ${token}` },
  });
  const body = await response.json();
  const ms = performance.now() - began;
  if (!response.ok) throw new Error(`timeline-data ${response.status}: ${JSON.stringify(body)}`);
  const points = body.variables.reduce((sum, variable) => sum + (variable.ts ?? variable.data).length, 0);
  return { ms, points, body };
}

// The read cache's hit: the longest range (the year, unless BENCH_TIMELINE_DAYS is shorter) asked again once its answer is stored, against the uncached p50 of the
// same range measured just before; the cached answer must be the computed one.
async function measureCachedYear(url, token, database, cache, ids, uncached, label) {
  const range = RANGES.at(-1);
  const rangeName = range.name;
  await clearReadCache(database, cache);
  const computed = await timeTimeline(url, token, ids, YEAR_START, range.ms);
  const samples = [];
  for (let run = 0; run < FAST_RUNS; run += 1) {
    const hit = await timeTimeline(url, token, ids, YEAR_START, range.ms);
    if (JSON.stringify(hit.body) !== JSON.stringify(computed.body))
      throw new Error('the cached year differs from the computed one');
    samples.push(hit.ms);
  }
  const [entry] = (
    await sql`select size_bytes, hits from variables.read_cache where variable_ids = ${ids}::int4[]`.execute(
      database.kysely,
    )
  ).rows;
  if (!entry || entry.hits < FAST_RUNS)
    throw new Error(`the year was not served from the cache: ${JSON.stringify(entry)}`);
  const cached = summary(samples);
  console.log(
    `${label.padEnd(34)} ${`${rangeName}, cached`.padEnd(8)} timeline-data p50 ${cached.p50.toFixed(1).padStart(7)} ms  p95 ${cached.p95
      .toFixed(1)
      .padStart(
        7,
      )} ms (${cached.runs} runs, entry ${(entry.size_bytes / 1e6).toFixed(1)} MB) | uncached p50 ${uncached.p50
      .toFixed(1)
      .padStart(7)} ms | ${(uncached.p50 / cached.p50).toFixed(1)}× faster from the cache`,
  );
  return { label, range: `${rangeName}, cached`, fast: cached, uncached, points: computed.points };
}

// What one would write without rollups: one aggregate per pixel column straight from the raw table.
async function timeNaive(database, ids, start, rangeMs) {
  const bucketMs = Math.max(1, Math.floor(rangeMs / WIDTH));
  const began = performance.now();
  await sql`
    select variable_id, date_bin(make_interval(secs => ${bucketMs / 1000}), ts, to_timestamp(${start / 1000})) as bucket,
           min(value), max(value), avg(value)
    from variables.measurement
    where variable_id = any(${ids}) and ts >= to_timestamp(${start / 1000}) and ts < to_timestamp(${(start + rangeMs) / 1000})
    group by 1, 2`.execute(database.kysely);
  return performance.now() - began;
}

// The same reduction's SQL alone (the repository's statements, as many and on as many pooled connections as
// the service uses, their rows as the driver returns them): what timeline-data adds on top of it is the
// service, the read cache, HTTP and JSON.
async function timeBareSql(repository, ids, start, rangeMs) {
  const grid = timelineGrid(start, start + rangeMs, WIDTH);
  const began = performance.now();
  await repository.reduce(ids, grid);
  return performance.now() - began;
}

const ms = (value) => `${value.toFixed(1).padStart(8)} ms`;
const times = (ratio) => `${ratio.toFixed(ratio < 10 ? 2 : 0)}×`;

// Goals of issue 17: naive / timeline-data at least 3× (300× over a year) at p50 and p95; timeline-data
// p95 at most 1.5× the bare SQL's p95.
function report(label, range, measured) {
  const { naive, bare, columns, points, maxPoints } = measured;
  const naiveGoal = range.ms >= 365 * DAY ? 300 : 3;
  // The grid's columns beside the naive query's WIDTH: a coarser level may answer fewer, wider columns.
  const grid = timelineGrid(YEAR_START, YEAR_START + range.ms, WIDTH);
  const gridText =
    grid.resolutionS === null
      ? `raw grid, ${grid.columns} columns`
      : `${grid.columns} columns of ${grid.columnMs / 1000} s from ${grid.resolutionS} s rollups`;
  console.log(
    `${label} — ${range.name} (≤${maxPoints} points returned; ${gridText}; the naive query ${WIDTH} columns)`,
  );
  console.log(
    `  naive date_bin p50 ${ms(naive.p50)}  p95 ${ms(naive.p95)} (${naive.runs} runs)\n` +
      `  bare SQL       p50 ${ms(bare.p50)}  p95 ${ms(bare.p95)} (${bare.runs} runs)\n` +
      `  ours, columns  p50 ${ms(columns.p50)}  p95 ${ms(columns.p95)} (${columns.runs} runs)\n` +
      `  ours, points   p50 ${ms(points.p50)}  p95 ${ms(points.p95)} (the spec's default shape)`,
  );
  for (const [name, ours] of [
    ['columns', columns],
    ['points', points],
  ]) {
    console.log(
      `  ${name.padEnd(7)} naive / ours p50 ${times(naive.p50 / ours.p50)}  p95 ${times(naive.p95 / ours.p95)}` +
        ` (goal ≥ ${naiveGoal}×) | ours / bare SQL p95 ${times(ours.p95 / bare.p95)} (goal ≤ 1.5×)`,
    );
  }
}

async function measure(app, ids, label) {
  const url = await app.getUrl();
  const database = app.get(Database);
  const repository = app.get(TimelineRepository);
  const cache = ReadCacheService ? app.get(ReadCacheService) : undefined;
  const rows = [];
  for (const range of RANGES) {
    // A fresh token per range: on a busy machine one range can outlast an access token (15 min).
    const { accessToken: token } = await signIn(url, 'admin', BENCH_PASSWORD);
    const starts = rangeStarts(range.ms, FAST_RUNS);
    // warm-up (JIT, plans)
    await timeTimeline(url, token, ids, starts[0], range.ms, 'columns');
    await timeTimeline(url, token, ids, starts[0], range.ms, 'points');
    const samples = { columns: [], points: [], bare: [] };
    let maxPoints = 0;
    // Interleaved at each start, so that the three see the same load. The first to read a start may find its
    // pages out of the cache (the dataset is larger than memory): which one goes first turns with each start.
    const kinds = ['columns', 'points', 'bare'];
    for (const [index, start] of starts.entries()) {
      for (const kind of [...kinds.slice(index % 3), ...kinds.slice(0, index % 3)]) {
        if (kind === 'bare') {
          samples.bare.push(await timeBareSql(repository, ids, start, range.ms));
          continue;
        }
        await clearReadCache(database, cache);
        const result = await timeTimeline(url, token, ids, start, range.ms, kind);
        samples[kind].push(result.ms);
        maxPoints = Math.max(maxPoints, result.points);
      }
    }
    const naiveSamples = [];
    for (const start of rangeStarts(range.ms, NAIVE_RUNS))
      naiveSamples.push(await timeNaive(database, ids, start, range.ms));
    const measured = {
      naive: summary(naiveSamples),
      bare: summary(samples.bare),
      columns: summary(samples.columns),
      points: summary(samples.points),
      maxPoints,
    };
    report(label, range, measured);
    rows.push({ label, range: range.name, ...measured });
    if (range === RANGES.at(-1))
      rows.push(await measureCachedYear(url, token, database, cache, ids, measured.columns, label));
  }
  return rows;
}

// One dataset, one app on it, the ranges measured: PGlite gets one point per `stepS`, PostgreSQL one per second.
async function run(settings, stepS, label) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-timeline-bench-'));
  const config = loadPlatformConfig({
    DATA_DIR: dataDir,
    SUPERADMIN_PASSWORD: BENCH_PASSWORD,
    RAW_RETENTION_DAYS: '0', // the dataset's year lies in the past: keep it
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    ...settings,
  });
  const app = await startInProcessApp('timeline-bench', config, [IdentityModule, VariablesModule]);
  try {
    const byReference = await declareVariables(
      await app.getUrl(),
      app.get(AuthKeys).serviceToken,
      Array.from({ length: VARIABLES }, (_, i) => ({
        clientReference: `timeline_bench_${i}`,
        name: `Timeline bench ${i}`,
        unit: null,
      })),
    );
    const ids = [...byReference.values()].sort((a, b) => a - b);
    const points = await ensureDataset(app, ids, stepS);
    if (args.has('--load-only')) return [];
    return await measure(app, ids, `${label}, ${(points / 1e6).toFixed(1)} M points at ${stepS} s`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `timeline-data latency, ${VARIABLES} variables, width ${WIDTH} px, year ${new Date(YEAR_START).getUTCFullYear()}`,
);
const timelineRows = [];
if (!args.has('--postgres-only')) timelineRows.push(...(await run({}, 60, 'PGlite')));
if (!args.has('--standalone-only'))
  timelineRows.push(
    ...(await run(
      {
        DATABASE_URL: await benchDatabase(
          DATASET_DAYS === 365 ? 'plantlens_timeline_bench' : `plantlens_timeline_bench_${DATASET_DAYS}d`,
        ),
      },
      1,
      'PostgreSQL',
    )),
  );
// questdb-bench.mjs prints these beside QuestDB's answers to the same ranges.
saveBenchFigures('timeline', timelineRows);
