// Starts the built app the browser tests run against, in the mode E2E_MODE names:
// - standalone (the default): the gateway alone, PGlite in a temporary folder and the in-memory bus;
// - cluster (`npm run test:e2e:cluster`): the five services as processes, as `npm run cluster` runs them,
//   over a database of the spec's own on the shared PostgreSQL and the shared Kafka (apps/gateway/test/
//   cluster-servers.ts): the gateway on `port`, identity, variables, rules engine and valve monitor on
//   port+1..+4.
// Either way with the simulator on in the gateway, and pages opened once its history is stored.
import { Topics } from '@plantlens/contracts';
import { rulesEngineConsumerGroup } from '@plantlens/rules';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareClusterServers } from '../apps/gateway/test/cluster-servers';

const ROOT = resolve(__dirname, '..');
// The super admin seeded on first start signs in with this password in browser tests.
export const E2E_SUPERADMIN_PASSWORD = 'e2e-admin1';
export const E2E_MODE: 'standalone' | 'cluster' =
  process.env.E2E_MODE === 'cluster' ? 'cluster' : 'standalone';

const READY_TIMEOUT_MS = 90_000;
// While the backfill runs, the services are busy storing and analysing it, and a page load can outlast the
// browser's 30 s (seen in CI): pages are opened once it is stored.
const BACKFILL_TIMEOUT_MS = 180_000;

/** The simulator's 1-second valve signals around each ramp over the whole backfill, for specs about actuations. */
export const VALVE_DETAIL = { SIMULATOR_VALVE_DETAIL_HOURS: '6' };

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
  log(): string;
}

const SERVER_ADDRESSES = new Set(['DATABASE_URL', 'KAFKA_BROKERS', 'MQTT_URL']);

function withoutServerAddresses(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !SERVER_ADDRESSES.has(name)));
}

/** What every process of the app under test starts with; `env` (the spec's settings) comes last. */
function appEnvironment(env: Record<string, string>, settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    // The servers are the mode's choice, whatever the calling shell points at.
    ...withoutServerAddresses(process.env),
    SIMULATOR_ENABLED: 'true',
    SIMULATOR_BACKFILL_HOURS: '6',
    // No 1-second valve detail around ramps: over 6 h it is some 340 000 points against some 60 000 of the plain
    // backfill, stored and analysed before every spec in each mode. The specs about actuations (valves,
    // incidences, categories) ask for it with VALVE_DETAIL.
    SIMULATOR_VALVE_DETAIL_HOURS: '0',
    LOG_FORMAT: 'text',
    SUPERADMIN_PASSWORD: E2E_SUPERADMIN_PASSWORD,
    ...settings,
    ...env,
  };
}

/** One built service as a child process, its output kept for failure messages. */
class ServiceProcess {
  private output = '';
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    readonly url: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, [join(ROOT, `apps/${name}/dist/main.js`)], {
      cwd: ROOT,
      env: { ...env, PORT: new URL(url).port },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk) => (this.output += chunk));
    this.child.stderr?.on('data', (chunk) => (this.output += chunk));
  }

  log(): string {
    return this.output;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** polls until `done` holds; fails (with the log) if the process exits or time runs out first */
  async until(what: string, done: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (this.exited || Date.now() > deadline)
        throw new Error(`${this.name}: ${what} not reached:\n${this.output.slice(-4000)}`);
      await new Promise((wait) => setTimeout(wait, 250));
    }
  }

  ready(): Promise<void> {
    return this.until(
      'ready',
      () =>
        fetch(`${this.url}/api/ready`).then(
          (response) => response.ok,
          () => false,
        ),
      READY_TIMEOUT_MS,
    );
  }

  backfillPublished(): Promise<void> {
    return this.until(
      'the simulator’s backfill',
      () => this.output.includes('Backfilled '),
      BACKFILL_TIMEOUT_MS,
    );
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    const forceKill = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forceKill);
  }
}

export function startAppUnderTest(port: number, env: Record<string, string> = {}): Promise<RunningApp> {
  return E2E_MODE === 'cluster' ? startCluster(port, env) : startStandalone(port, env);
}

async function startStandalone(port: number, env: Record<string, string>): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-e2e-'));
  const gateway = new ServiceProcess(
    'gateway',
    `http://127.0.0.1:${port}`,
    appEnvironment(env, { DATA_DIR: dataDir }),
  );
  const stop = async () => {
    await gateway.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await gateway.ready();
    // In the one process the in-memory bus has handed most of the history to its consumers when the
    // simulator reports it published.
    if (env.SIMULATOR_ENABLED !== 'false') await gateway.backfillPublished();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: gateway.url, log: () => gateway.log(), stop };
}

async function startCluster(port: number, env: Record<string, string>): Promise<RunningApp> {
  const servers = await prepareClusterServers('e2e');
  const consumers = ['variables', 'valve-monitor', rulesEngineConsumerGroup({ RULES_ENGINE_SHARD: 0 })];
  const url = (offset: number) => `http://127.0.0.1:${port + offset}`;
  const services = {
    IDENTITY_URL: url(1),
    VARIABLES_URL: url(2),
    RULES_URL: url(3),
    VALVES_URL: url(4),
  };
  const shared = appEnvironment(env, servers.settings);
  let processes: ServiceProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((service) => service.stop()));
    await servers.dropDatabase();
  };
  try {
    await servers.startGroupsAtEnd(consumers, Object.values(Topics));
    // Started together: each waits for the services it calls (the simulator retries its declarations).
    processes = [
      new ServiceProcess('identity', services.IDENTITY_URL, { ...shared, ...servers.signing }),
      new ServiceProcess('variables', services.VARIABLES_URL, {
        ...shared,
        IDENTITY_URL: services.IDENTITY_URL,
      }),
      new ServiceProcess('rules-engine', services.RULES_URL, { ...shared, ...services }),
      new ServiceProcess('valve-monitor', services.VALVES_URL, { ...shared, ...services }),
      new ServiceProcess('gateway', url(0), { ...shared, ...services, GATEWAY_MODE: 'cluster' }),
    ];
    await Promise.all(processes.map((service) => service.ready()));
    if (env.SIMULATOR_ENABLED !== 'false') {
      await processes.at(-1)!.backfillPublished();
      // Published is not stored here: the variables service consumes it from Kafka at its own pace. The
      // rules engine and the valve monitor go on analysing it meanwhile (the valve spec waits for them).
      await servers.groupsCaughtUp(['variables'], Topics.measurements, BACKFILL_TIMEOUT_MS);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: url(0),
    log: () => processes.map((service) => `--- ${service.name}\n${service.log()}`).join('\n'),
    stop,
  };
}
