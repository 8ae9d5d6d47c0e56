// Where one timeline-data request spends its time (issue 17): the service's steps timed by wrapping their
// methods, on the bench's dataset (BENCH_TIMELINE_DAYS as in timeline-bench.mjs, loaded by it beforehand).
// `node tools/bench/timeline-profile.mjs [runs]`: for 1 hour and 1 day, the mean of each step per request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { benchDatabase, declareVariables, signIn, startInProcessApp } from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { AuthHeaders } = require('@plantlens/contracts');
const { loadPlatformConfig, Database, AuthKeys } = require('@plantlens/platform');
const variables = require('@plantlens/variables');
// Not exported: the built file the lib's index loads (the same class the module provides).
const { TimelineService } = require('../../libs/variables/dist/explorer/timeline.service.js');
const { IdentityModule } = require('@plantlens/identity');
const { sql } = require('kysely');

const DAYS = Number(process.env.BENCH_TIMELINE_DAYS ?? 365);
const START = Date.UTC(2025, 0, 1);
const RUNS = Number(process.argv[2] ?? 10);
const PASSWORD = 'timeline-bench-password';
const HOUR = 3_600_000;

const steps = new Map();
function timed(target, method, name) {
  const original = target[method];
  target[method] = async function (...args) {
    const began = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      steps.set(name, (steps.get(name) ?? 0) + performance.now() - began);
    }
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-timeline-profile-'));
const config = loadPlatformConfig({
  DATA_DIR: dataDir,
  SUPERADMIN_PASSWORD: PASSWORD,
  RAW_RETENTION_DAYS: '0',
  LOG_LEVEL: 'error',
  LOG_FORMAT: 'text',
  DATABASE_URL: await benchDatabase(
    DAYS === 365 ? 'plantlens_timeline_bench' : `plantlens_timeline_bench_${DAYS}d`,
  ),
});
const app = await startInProcessApp('timeline-profile', config, [IdentityModule, variables.VariablesModule]);
try {
  const url = await app.getUrl();
  const byReference = await declareVariables(
    url,
    app.get(AuthKeys).serviceToken,
    Array.from({ length: 9 }, (_, i) => ({
      clientReference: `timeline_bench_${i}`,
      name: `Timeline bench ${i}`,
      unit: null,
    })),
  );
  const ids = [...byReference.values()].sort((a, b) => a - b);
  const { accessToken } = await signIn(url, 'admin', PASSWORD);
  const service = app.get(TimelineService);
  const cache = variables.ReadCacheService ? app.get(variables.ReadCacheService) : undefined;
  for (const [target, method, name] of [
    [Object.getPrototypeOf(service.variables), 'findByIds', 'names look-up'],
    [Object.getPrototypeOf(service.cache.entries), 'lookup', 'cache look-up'],
    [Object.getPrototypeOf(service.cache.entries), 'storeUnlessInvalidated', 'cache store'],
    [Object.getPrototypeOf(service.rollups), 'ensureCurrent', 'rollups current'],
    [Object.getPrototypeOf(service.timelines), 'reduce', 'reduce (SQL)'],
    [Object.getPrototypeOf(service), 'timelineColumnsJson', 'service total'],
  ])
    timed(target, method, name);
  const database = app.get(Database);
  for (const [name, rangeMs] of [
    ['1 hour', HOUR],
    ['1 day', 24 * HOUR],
  ]) {
    const total = { http: 0, parse: 0 };
    for (let run = -2; run < RUNS; run += 1) {
      if (run === 0) {
        // the two warm-up requests are not counted
        steps.clear();
        total.http = 0;
        total.parse = 0;
      }
      await cache?.settled?.();
      await sql`delete from variables.read_cache`.execute(database.kysely);
      const start = START + Math.floor(((run + 2) * 7919 * 60_000) % ((DAYS - 2) * 24 * HOUR));
      const query = new URLSearchParams({
        variableIds: ids.join(','),
        startDate: String(start),
        endDate: String(start + rangeMs),
        width: '2000',
        format: 'columns',
      });
      const began = performance.now();
      const response = await fetch(`${url}/api/web/explorer/timeline-data?${query}`, {
        headers: { [AuthHeaders.authorization]: `Bearer ${accessToken}` },
      });
      const text = await response.text();
      const got = performance.now();
      JSON.parse(text);
      total.http += got - began;
      total.parse += performance.now() - got;
      if (!response.ok) throw new Error(text);
    }
    await cache?.settled?.();
    const per = (ms) => `${(ms / RUNS).toFixed(1).padStart(7)} ms`;
    console.log(`${name}: request to last byte ${per(total.http)}, client JSON.parse ${per(total.parse)}`);
    for (const [step, ms] of steps) console.log(`  ${step.padEnd(16)} ${per(ms)}`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
