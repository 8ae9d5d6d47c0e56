// What every bench needs: the servers of tools/, a database of its own on them, the app in this process,
// variables declared like a data source does, a signed-in user, and the statistics of its samples.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { AuthHeaders } = require('@plantlens/contracts');

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/**
 * The connection a tools/ start script prints (`VARIABLE=value`), starting its server if needed. The
 * environment's own VARIABLE wins unless `env` is given: then the script runs with it (a server of the
 * bench's own).
 */
export function startedService(script, variable, env) {
  if (!env && process.env[variable]) return process.env[variable];
  const output = execFileSync('bash', [resolve(ROOT, script)], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const match = new RegExp(`^${variable}=(.+)$`, 'm').exec(output);
  if (!match) throw new Error(`${script} did not print ${variable}`);
  return match[1].trim();
}

/** The URL of `database` on the server of `baseUrl`. */
export function databaseUrlOf(baseUrl, database) {
  return baseUrl.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
}

/** The PostgreSQL of tools/ (or DATABASE_URL's) with `database` on it: created if missing, or anew. */
export async function benchDatabase(database, { recreate = false } = {}) {
  const pg = require('pg');
  const baseUrl = startedService('tools/postgres/start.sh', 'DATABASE_URL');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    if (recreate) await admin.query(`drop database if exists ${database}`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  return databaseUrlOf(baseUrl, database);
}

/** The domain modules in this process, listening on a free port (`ready` only: no port, for bus-only benches). */
export async function startInProcessApp(name, config, modules, { consumerGroup = name, listen = true } = {}) {
  const { createServiceApp, serviceModule } = require('@plantlens/platform');
  const app = await createServiceApp({ name, module: serviceModule(config, modules), config, consumerGroup });
  if (listen) await app.listen(0, '127.0.0.1');
  else await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Declares variables with the service token, as data sources do; their ids by client reference. */
export async function declareVariables(url, serviceToken, variables) {
  const response = await fetch(`${url}/api/web/variable/raw/declare`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [AuthHeaders.serviceToken]: serviceToken },
    body: JSON.stringify({ variables }),
  });
  if (!response.ok) throw new Error(`declare failed: ${response.status} ${await response.text()}`);
  return new Map(
    (await response.json()).variables.map((variable) => [variable.clientReference, variable.id]),
  );
}

/** The token pair of a signed-in user. */
export async function signIn(url, username, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [AuthHeaders.isLogin]: 'true' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Nearest-rank percentile of ascending samples (NaN for none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(samples) {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}

/** A worker thread running `moduleUrl` with `data`; `next()` waits for its next message (or its error). */
export function benchWorker(moduleUrl, data) {
  const thread = new Worker(moduleUrl, { workerData: data });
  const next = () =>
    new Promise((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  return { thread, next };
}

const FIGURES_DIR = resolve(ROOT, '.tools/bench');

/** Keeps a bench's figures for a later bench of the same `npm run bench` to print beside its own. */
export function saveBenchFigures(name, figures) {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(resolve(FIGURES_DIR, `${name}.json`), JSON.stringify({ savedAt: Date.now(), figures }));
}

/** What saveBenchFigures kept under `name` ({ savedAt, figures }), or null when no bench saved any. */
export function savedBenchFigures(name) {
  try {
    return JSON.parse(readFileSync(resolve(FIGURES_DIR, `${name}.json`), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}
