// `node tools/bench/correlation-bench.mjs [--postgres-only | --standalone-only]`, also run by `npm run bench`:
// correlation-data latency through HTTP, X, Y and Z at 1 Hz over 3 days; the time until the whole answer
// has arrived and, apart from it, the client's JSON.parse; in the spec's shape (one object per point) and
// in the compact one the web asks (format=columns), for the same ranges.
//
// The three sensors tick on their own clocks (Y 0.4 s and Z 0.7 s after X), so every X point pairs with the
// previous second's Y and Z: the as-of work is real. Ranges: 1 day (86 400 X points) with X/Y and X/Y/Z,
// 100 000 X points (27.8 h, the default CORRELATION_MAX_POINTS, the largest as-of answer) and 3 days
// (259 200 X points: bucket means, from the rollup rows this script writes with plain SQL).
//
// PostgreSQL: the dataset lives in its own database, `plantlens_correlation_bench`, loaded once (about a
// minute) and reused. PGlite: the same dataset in a fresh in-memory database each run.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { benchDatabase, declareVariables, median, signIn, startInProcessApp } from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { AuthHeaders } = require('@plantlens/contracts');
const { loadPlatformConfig, Database, AuthKeys, IN_MEMORY_DATA_DIR } = require('@plantlens/platform');
const { VariablesModule, RollupService } = require('@plantlens/variables');
const { IdentityModule } = require('@plantlens/identity');
const { sql } = require('kysely');

const DATABASE = 'plantlens_correlation_bench';
const START = Date.UTC(2025, 5, 1);
const DAYS = 3;
const END = START + DAYS * 86_400_000;
const OFFSETS_MS = { x: 0, y: 400, z: 700 };
const BENCH_PASSWORD = 'correlation-bench-password';
const RUNS = Number(process.env.BENCH_CORRELATION_RUNS ?? 7);
const CASES = [
  { name: '1 day, X/Y', roles: ['x', 'y'], ms: 86_400_000 },
  { name: '1 day, X/Y/Z', roles: ['x', 'y', 'z'], ms: 86_400_000 },
  { name: '100 000 s, X/Y/Z', roles: ['x', 'y', 'z'], ms: 100_000_000 },
  { name: '3 days, X/Y/Z', roles: ['x', 'y', 'z'], ms: DAYS * 86_400_000 },
];

const args = new Set(process.argv.slice(2));

/** 1 Hz points of X, Y and Z over the days, and their rollup rows; skipped when the marker row exists. */
async function ensureDataset(app, ids) {
  const db = app.get(Database).kysely;
  await sql`create table if not exists public.correlation_bench_dataset (loaded_at timestamptz)`.execute(db);
  if ((await sql`select 1 from public.correlation_bench_dataset`.execute(db)).rows.length > 0) return;
  const started = performance.now();
  for (const [index, [role, offsetMs]] of Object.entries(OFFSETS_MS).entries()) {
    for (let day = 0; day < DAYS; day += 1) {
      const from = START + day * 86_400_000 + offsetMs;
      // Y and Z follow X's daily wave with noise: the scatter has a shape.
      await sql`
        insert into variables.measurement (variable_id, ts, value)
        select ${ids[role]}, t,
               (${index} + 1) * 10 * sin(extract(epoch from t) / 86400.0 * 2 * pi()) + random()
        from generate_series(to_timestamp(${from / 1000}), to_timestamp(${(from + 86_400_000 - 1000) / 1000}),
                             interval '1 second') as t
        on conflict do nothing`.execute(db);
    }
  }
  // The product's own rebuild, so the rollups are those the service keeps, at every level it has.
  await app.get(RollupService).rebuild(START, END, Object.values(ids));
  await sql`insert into public.correlation_bench_dataset values (now())`.execute(db);
  process.stderr.write(`  dataset loaded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

const FORMATS = ['points', 'columns'];

async function timeCorrelation(url, token, variableIds, startDate, endDate, format) {
  const query = new URLSearchParams({
    variableIds: variableIds.join(','),
    startDate: String(startDate),
    endDate: String(endDate),
    format,
  });
  const began = performance.now();
  const response = await fetch(`${url}/api/web/explorer/correlation-data?${query}`, {
    headers: { [AuthHeaders.authorization]: `Bearer ${token}` },
  });
  const bytes = await response.arrayBuffer();
  const answered = performance.now();
  const body = JSON.parse(new TextDecoder().decode(bytes));
  const parsed = performance.now();
  if (!response.ok) throw new Error(`correlation-data ${response.status}: ${JSON.stringify(body)}`);
  return {
    ms: answered - began,
    parseMs: parsed - answered,
    megabytes: bytes.byteLength / 1e6,
    points: (body.ts ?? body.variables[0].data).length,
    sampled: body.variables[0].sampled,
  };
}

async function measure(app, ids, label) {
  const url = await app.getUrl();
  const { accessToken: token } = await signIn(url, 'admin', BENCH_PASSWORD);
  for (const { name, roles, ms } of CASES) {
    const variableIds = roles.map((role) => ids[role]);
    for (const [formatIndex, format] of FORMATS.entries()) {
      // Range starts step through the data so runs do not all hit the same pages; each shape's a minute
      // later than the previous shape's (within the data), so that it computes its answers rather than
      // reading the previous shape's from the read cache.
      const starts = Array.from({ length: RUNS }, (_, i) =>
        Math.min(
          END - ms,
          START +
            Math.floor(((END - START - ms) * i) / Math.max(1, RUNS - 1) / 60_000) * 60_000 +
            formatIndex * 60_000,
        ),
      );
      await timeCorrelation(url, token, variableIds, starts[0], starts[0] + ms, format); // warm-up
      const results = [];
      for (const start of starts)
        results.push(await timeCorrelation(url, token, variableIds, start, start + ms, format));
      const answers = results.map((result) => result.ms);
      const { points, sampled, megabytes } = results.at(-1);
      console.log(
        `${label.padEnd(11)} ${name.padEnd(17)} ${format.padEnd(8)} answered in median ` +
          `${median(answers).toFixed(0).padStart(5)} ms, max ${Math.max(...answers)
            .toFixed(0)
            .padStart(
              5,
            )} ms; client JSON.parse ${median(results.map((result) => result.parseMs)).toFixed(0)} ms ` +
          `(${RUNS} runs, ${points} points${sampled ? ', sampled' : ''}, ${megabytes.toFixed(1)} MB)`,
      );
    }
  }
}

async function run(label, settings) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-correlation-bench-'));
  const config = loadPlatformConfig({
    DATA_DIR: dataDir,
    SUPERADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    // The dataset lies at fixed past dates: raw-point retention would delete it.
    RAW_RETENTION_DAYS: '0',
    ...settings,
  });
  const app = await startInProcessApp('correlation-bench', config, [IdentityModule, VariablesModule]);
  try {
    const byReference = await declareVariables(
      await app.getUrl(),
      app.get(AuthKeys).serviceToken,
      Object.keys(OFFSETS_MS).map((role) => ({
        clientReference: `correlation_bench_${role}`,
        name: `Correlation bench ${role}`,
        unit: null,
      })),
    );
    const ids = Object.fromEntries(
      Object.keys(OFFSETS_MS).map((role) => [role, byReference.get(`correlation_bench_${role}`)]),
    );
    await ensureDataset(app, ids);
    await measure(app, ids, label);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `correlation-data latency over HTTP, 1 Hz X/Y/Z over ${DAYS} days (load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores)`,
);
if (!args.has('--postgres-only')) await run('PGlite', { DATA_DIR: IN_MEMORY_DATA_DIR });
if (!args.has('--standalone-only')) await run('PostgreSQL', { DATABASE_URL: await benchDatabase(DATABASE) });
