// `npm run bench:web` (builds, then `node tools/bench/web-bench.mjs`): what a user waits for in the browser,
// from pressing Explore on a parameter selection to the chart drawn, in Debian's Chromium (playwright-core)
// against the built gateway in standalone mode serving the web build. Cases, each beside a small one of
// the same page measured in the same run (the reference):
// - the evolution chart of 9 variables over 1 year of 1-second data; reference 1 variable over 1 hour;
//   goal: at most 1.5 times the reference;
// - the correlation chart of 100 000 points: two of those variables over 100 000 s, so X has exactly
//   CORRELATION_MAX_POINTS (100 000 by default) points and the server pairs them as-of rather than
//   averaging; reference the same pair over 1 hour; goal: at most 2 times the reference.
// Each goal is a ratio of medians of the same run (docs/benchmarks.md: ratios carry across machines).
//
// Data: the PostgreSQL dataset of tools/bench/timeline-bench.mjs (database `plantlens_timeline_bench`,
// timeline_bench_0..8, one point per second over 2025, rollups built), which that script loads once
// (`node tools/bench/timeline-bench.mjs --postgres-only`, about an hour); this one only reads it. The
// server is DATABASE_URL's PostgreSQL if set, else the one tools/postgres/start.sh starts.
//
// Each run opens a new page (so nothing comes from the web app's cache), lets the parameter selection fill
// itself from the address, presses Explore and measures in the page, on its performance.now() clock:
// - pressed: the click event on Explore;
// - request sent, answer in: the data request's Resource Timing (requestStart, responseEnd);
// - drawn: the chart shows the whole answer on screen. A MutationObserver notes each state of the chart
//   (anything loading in it, and each drawing: the length of a series' line, the commands traced per line on
//   the canvas of a large evolution chart, or the number of points on the canvas a large scatter is painted
//   on) as it appears; the next animation frame plus a
//   task after it is when that state is on screen. A state that is settled (nothing loading, one drawing
//   per series) is checked in full (`fullyDrawn` of each page kind) and must then stay unchanged for
//   SETTLE_MS; "drawn" is when it was first on screen.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { databaseUrlOf, median, ROOT, signIn, startedService } from './bench-lib.mjs';

const require = createRequire(import.meta.url);
const { AuthHeaders, SessionStorageKeys } = require('@plantlens/contracts');
const { chromium } = require('playwright-core');
const pg = require('pg');

const GATEWAY = join(ROOT, 'apps/gateway/dist/main.js');
// BENCH_TIMELINE_DAYS=7 (say) reads the smaller dataset timeline-bench.mjs loads with the same variable
// (`plantlens_timeline_bench_7d`, the first days of 2025): the long evolution case then spans those days
// (the answer is reduced to the chart's width, so it draws about as many points as the year) and the
// references' hour lies on 2 January. The correlation cases need 100 000 s: run them on the full year.
const DATASET_DAYS = Number(process.env.BENCH_TIMELINE_DAYS ?? 365);
const DATABASE =
  DATASET_DAYS === 365 ? 'plantlens_timeline_bench' : `plantlens_timeline_bench_${DATASET_DAYS}d`;
// The super admin timeline-bench.mjs seeded in that database.
const BENCH_PASSWORD = 'timeline-bench-password';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3297);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
// Only the cases whose name contains this text (all when unset) and their references, for working on one.
const ONLY = process.env.BENCH_WEB_CASES ?? '';
// With BENCH_WEB_PROFILE=1 each case's last run is CPU-profiled in the page: where the drawing goes.
const PROFILE = process.env.BENCH_WEB_PROFILE === '1';
const VIEWPORT = { width: 1280, height: 720 };
const HOUR = 3_600_000;
const YEAR_START = Date.UTC(2025, 0, 1);
const YEAR_END = DATASET_DAYS === 365 ? Date.UTC(2026, 0, 1) : YEAR_START + DATASET_DAYS * 86_400_000;
const LONG_RANGE = DATASET_DAYS === 365 ? '1 year' : `${DATASET_DAYS} days`;
const REFERENCE_HOUR = DATASET_DAYS === 365 ? Date.UTC(2025, 5, 2, 10) : Date.UTC(2025, 0, 2, 10);
const SETTLE_MS = 1000;
const CORRELATION_START = Date.UTC(2025, 2, 1);
// Series lines (not their legend symbols, also highcharts-graph), the canvas a large evolution chart traces
// its lines on (apps/web/src/components/canvas-lines.ts: one drawing per line it lists) and the canvas of a
// large scatter (apps/web/src/features/correlation/canvas-scatter.ts).
const CHART_DRAWINGS =
  '.highcharts-series path.highcharts-graph, canvas.canvas-lines, canvas.correlation-points';

// A timeline-data variable's points, in the spec's shape (`data`) or the compact one the web asks (`ts`).
const timelinePoints = (variable) => (variable.data ?? variable.ts).length;
// A correlation-data answer's points, in either shape (the web asks the compact one, with `ts`).
const correlationPoints = (body) => (body.ts ?? body.variables[0].data).length;

// The two explorer pages: where their parameter selection is, what it asks the server, and when the chart
// holds the whole answer (run in the page).
const EVOLUTION = {
  selection: (variableIds, range) =>
    `/explorer-evolution-variables?${new URLSearchParams({ variables: variableIds.join(','), ...range })}`,
  request: '/api/web/explorer/timeline-data?',
  chart: '[data-testid="evolution-chart"]',
  points: (body) => body.variables.reduce((sum, variable) => sum + timelinePoints(variable), 0),
  drawings: (body) => body.variables.length,
  // One step line per variable, drawn as a move to its first point then a horizontal and a vertical
  // segment to each next one (Highcharts' step "left"): 2 × points − 1 commands, in SVG paths or, for a
  // large answer, traced on the canvas (which lists its commands per line) and not blank.
  expected: (body) => body.variables.map((variable) => 2 * timelinePoints(variable) - 1),
  fullyDrawn([chartSelector, commandCounts]) {
    const canvas = document.querySelector(`${chartSelector} canvas.canvas-lines`);
    if (canvas) {
      if (canvas.dataset.lines !== commandCounts.join(',')) return false;
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      return data.some((channel, index) => index % 4 === 3 && channel > 0);
    }
    const lines = [...document.querySelectorAll(`${chartSelector} .highcharts-series path.highcharts-graph`)];
    return (
      lines.length === commandCounts.length &&
      lines.every(
        (line, index) => (line.getAttribute('d') ?? '').split(/[ML]/).length - 1 === commandCounts[index],
      )
    );
  },
};
const CORRELATION = {
  selection: ([x, y], range) =>
    `/explorer-correlation-variables?${new URLSearchParams({ pair1: `${x},${y}`, ...range })}`,
  request: '/api/web/explorer/correlation-data?',
  chart: '[data-testid="correlation-chart"]',
  points: (body) => correlationPoints(body),
  drawings: () => 1,
  expected: (body) => correlationPoints(body),
  // Past 2 000 points the scatter is painted on one canvas in one pass: drawn when that canvas says it holds
  // every point and is not blank.
  fullyDrawn([chartSelector, points]) {
    const canvases = [...document.querySelectorAll(`${chartSelector} canvas.correlation-points`)];
    if (canvases.length !== 1 || canvases[0].dataset.painted !== String(points)) return false;
    const [canvas] = canvases;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    return data.some((channel, index) => index % 4 === 3 && channel > 0);
  },
};
const CASES = [
  {
    page: EVOLUTION,
    name: 'evolution, 1 variable, 1 hour',
    variables: [0],
    start: REFERENCE_HOUR,
    end: REFERENCE_HOUR + HOUR,
  },
  {
    page: EVOLUTION,
    name: `evolution, 9 variables, ${LONG_RANGE}`,
    variables: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    start: YEAR_START,
    end: YEAR_END,
    reference: 'evolution, 1 variable, 1 hour',
    goalRatio: 1.5,
  },
  {
    page: CORRELATION,
    name: 'correlation, 1 hour',
    variables: [0, 1],
    start: CORRELATION_START,
    end: CORRELATION_START + HOUR,
  },
  {
    page: CORRELATION,
    name: 'correlation, 100 000 s',
    variables: [0, 1],
    start: CORRELATION_START,
    end: CORRELATION_START + 100_000_000,
    reference: 'correlation, 1 hour',
    goalRatio: 2,
  },
];

async function benchDatabaseUrl() {
  const databaseUrl = databaseUrlOf(startedService('tools/postgres/start.sh', 'DATABASE_URL'), DATABASE);
  const client = new pg.Client({ connectionString: databaseUrl });
  const loaded = await client
    .connect()
    .then(() => client.query('select points from public.timeline_bench_dataset where step_s = 1'))
    .then(
      (result) => result.rows.length > 0,
      () => false,
    )
    .finally(() => client.end());
  if (!loaded) {
    throw new Error(
      `no 1-second dataset in ${DATABASE}: load it once with \`node tools/bench/timeline-bench.mjs --postgres-only\``,
    );
  }
  return databaseUrl;
}

// The built gateway, standalone (every domain module in this process, in-memory bus) on the bench database.
async function startGateway(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-web-bench-'));
  // Nothing of a cluster or another server from the calling shell: no Kafka, MQTT or service addresses.
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(KAFKA_BROKERS|GATEWAY_MODE|[A-Z]+_URL)$/.test(name),
  );
  let log = '';
  const child = spawn(process.execPath, [GATEWAY], {
    cwd: ROOT,
    env: {
      ...Object.fromEntries(inherited),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SUPERADMIN_PASSWORD: BENCH_PASSWORD,
      // The dataset's year lies in the past: raw-point retention would delete it.
      RAW_RETENTION_DAYS: '0',
      SIMULATOR_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'text',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the gateway did not become ready:\n${log.slice(-4000)}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchVariableIds(url, tokens) {
  const response = await fetch(`${url}/api/web/explorer/variables`, {
    headers: { [AuthHeaders.authorization]: `Bearer ${tokens.accessToken}` },
  });
  const variables = await response.json();
  const byReference = new Map(variables.map((variable) => [variable.clientReference, variable.id]));
  return Array.from({ length: 9 }, (_, i) => byReference.get(`timeline_bench_${i}`));
}

// As the browser tests launch it (e2e/browser.ts): Debian's Chromium, headless, no network of its own.
function launchChromium() {
  const { executablePath, args } = require('../../e2e/chromium-launch.json');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? executablePath,
    headless: true,
    args,
  });
}

async function signedInPage(context, tokens) {
  const page = await context.newPage();
  await page.addInitScript(
    ([keys, session]) => {
      localStorage.setItem(keys.accessToken, session.accessToken);
      localStorage.setItem(keys.refreshToken, session.refreshToken);
      localStorage.setItem('locale', 'en_GB');
    },
    [SessionStorageKeys, tokens],
  );
  return page;
}

// In the page, before Explore is pressed: notes the press and every new state of the chart (see the header).
function watchChart(explore, [chartSelector, drawingsSelector]) {
  const watch = { pressedAt: null, states: [] };
  window.__webBench = watch;
  explore.addEventListener('click', () => (watch.pressedAt = performance.now()), {
    capture: true,
    once: true,
  });
  new MutationObserver(() => {
    const chart = document.querySelector(chartSelector);
    if (!chart) return;
    // antd's spinners mark themselves busy, and so do the chart areas while their data load.
    const busy = chart.matches('[aria-busy="true"]') || chart.querySelector('[aria-busy="true"]') !== null;
    // A canvas of lines is one drawing per line it traced (its `data-lines`: commands per line).
    const lengths = [...chart.querySelectorAll(drawingsSelector)].flatMap((drawing) =>
      drawing.hasAttribute('data-lines')
        ? drawing.getAttribute('data-lines').split(',').filter(Boolean)
        : [drawing.getAttribute('data-painted') ?? (drawing.getAttribute('d') ?? '').length],
    );
    const key = `${busy}|${lengths.join(',')}`;
    if (watch.states.at(-1)?.key === key) return;
    const state = { key, busy, drawings: lengths.length, paintedAt: null };
    watch.states.push(state);
    // rAF runs before the frame is painted; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(() => (state.paintedAt = performance.now())));
  }).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['d', 'data-painted', 'data-lines', 'aria-busy'],
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// The number of states noted once one is settled (nothing loading, `drawings` drawings, painted) beyond
// the first `seen`; the wait is cheap, so that it does not compete with the drawing it measures.
async function nextSettledState(page, seen, drawings) {
  const handle = await page.waitForFunction(
    ([seenStates, drawingCount]) => {
      const { states } = window.__webBench;
      const last = states.at(-1);
      return states.length > seenStates &&
        !last.busy &&
        last.drawings === drawingCount &&
        last.paintedAt !== null
        ? states.length
        : false;
    },
    [seen, drawings],
    { timeout: 120_000, polling: 100 },
  );
  return handle.jsonValue();
}

// Self time per function of a CPU profile, the heaviest first.
function heaviestFunctions(profile, count = 15) {
  const interval = new Map();
  profile.samples.forEach((id, index) => {
    interval.set(id, (interval.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map();
  for (const { id, callFrame } of profile.nodes) {
    const { functionName, url, lineNumber } = callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + (interval.get(id) ?? 0) / 1000);
  }
  return [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count);
}

async function timeExplore(context, tokens, url, { page: kind, variableIds, start, end }, profile = false) {
  const page = await signedInPage(context, tokens);
  const cdp = profile ? await context.newCDPSession(page) : null;
  try {
    await page.goto(
      `${url}${kind.selection(variableIds, { startDate: String(start), endDate: String(end) })}`,
    );
    const explore = page.getByRole('button', { name: 'Explore' });
    await explore.evaluate(watchChart, [kind.chart, CHART_DRAWINGS]);
    const answer = page.waitForResponse((response) => response.url().includes(kind.request));
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await explore.click();
    const response = await answer;
    const body = await response.json();
    if (!response.ok()) throw new Error(`${kind.request} ${response.status()}: ${JSON.stringify(body)}`);
    const expected = kind.expected(body);
    for (let seen = 0; ;) {
      seen = await nextSettledState(page, seen, kind.drawings(body));
      if (!(await page.evaluate(kind.fullyDrawn, [kind.chart, expected]))) continue;
      await sleep(SETTLE_MS);
      if ((await page.evaluate(() => window.__webBench.states.length)) === seen) break;
    }
    const times = await page.evaluate((request) => {
      const { pressedAt, states } = window.__webBench;
      const drawn = states.find((state) => state.key === states.at(-1).key);
      const requests = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(request));
      return {
        requests: requests.length,
        sentMs: requests[0].requestStart - pressedAt,
        answeredMs: requests[0].responseEnd - pressedAt,
        drawnMs: drawn.paintedAt - pressedAt,
      };
    }, kind.request);
    if (cdp) {
      const { profile: cpuProfile } = await cdp.send('Profiler.stop');
      for (const [name, ms] of heaviestFunctions(cpuProfile))
        console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    }
    // A second request (the chart's width changing under a scroll bar, say) would be a different load.
    if (times.requests !== 1)
      throw new Error(`${times.requests} requests to ${kind.request} for one Explore`);
    return {
      ...times,
      points: kind.points(body),
      sampled: body.variables.some((variable) => variable.sampled),
    };
  } finally {
    await page.close();
  }
}

// Medians over the runs, each time since Explore was pressed; a case with a goal beside its reference's
// median drawn time (`referenceMs`, of the same run). Answers the median drawn time.
function report(name, results, { referenceMs, reference, goalRatio }) {
  const ms = (field) => `${median(results.map((result) => result[field])).toFixed(0)} ms`;
  const drawn = median(results.map((result) => result.drawnMs));
  const ratio = drawn / referenceMs;
  const verdict =
    goalRatio === undefined
      ? 'reference'
      : `${ratio.toFixed(2)}× "${reference}" (${referenceMs.toFixed(0)} ms), goal ≤ ${goalRatio}×: ` +
        (ratio <= goalRatio ? 'met' : 'NOT met');
  const slowest = Math.max(...results.map((result) => result.drawnMs)).toFixed(0);
  const { points, sampled } = results[0];
  console.log(
    `${name.padEnd(32)} drawn ${ms('drawnMs').padStart(8)} (slowest ${slowest} ms) | request sent ${ms('sentMs')}, ` +
      `answer in ${ms('answeredMs')} | ${points} points${sampled ? ' (sampled)' : ''}, ${results.length} runs | ${verdict}`,
  );
  return drawn;
}

const databaseUrl = await benchDatabaseUrl();
console.log(
  `Explore pressed → chart drawn, Chromium ${VIEWPORT.width}×${VIEWPORT.height}, gateway standalone on PostgreSQL ` +
    `${DATABASE} (${cpus()[0].model.trim()}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
    `load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')})`,
);
const gateway = await startGateway(databaseUrl);
const browser = await launchChromium();
try {
  const tokens = await signIn(gateway.url, 'admin', BENCH_PASSWORD);
  const ids = await benchVariableIds(gateway.url, tokens);
  const context = await browser.newContext({ viewport: VIEWPORT });
  const drawnMs = new Map();
  const chosen = CASES.filter((c) => c.name.includes(ONLY));
  const measured = CASES.filter(
    (c) => chosen.includes(c) || chosen.some((wanted) => wanted.reference === c.name),
  );
  for (const { name, variables, reference, goalRatio, ...exploration } of measured) {
    const run = (profile) =>
      timeExplore(
        context,
        tokens,
        gateway.url,
        { ...exploration, variableIds: variables.map((i) => ids[i]) },
        profile,
      );
    await run(false); // warm-up: JIT, plans, page cache
    const results = [];
    for (let i = 0; i < RUNS; i += 1) results.push(await run(PROFILE && i === RUNS - 1));
    const referenceMs = drawnMs.get(reference);
    if (goalRatio !== undefined && referenceMs === undefined)
      throw new Error(`"${name}" needs its reference "${reference}" measured in the same run`);
    drawnMs.set(name, report(name, results, { referenceMs, reference, goalRatio }));
  }
} finally {
  await browser.close();
  await gateway.stop();
}
