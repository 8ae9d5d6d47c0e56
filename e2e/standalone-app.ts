// Starts the built standalone app (one process, PGlite in a temporary folder, simulator on) for browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const GATEWAY = resolve(__dirname, '../apps/gateway/dist/main.js');
// The super admin seeded on first start signs in with this password in browser tests.
export const E2E_SUPERADMIN_PASSWORD = 'e2e-admin1';

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
  log(): string;
}

const SERVER_ADDRESSES = new Set(['DATABASE_URL', 'KAFKA_BROKERS', 'MQTT_URL']);

function withoutServerAddresses(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !SERVER_ADDRESSES.has(name)));
}

export async function startStandaloneApp(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantlens-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [GATEWAY], {
    cwd: resolve(__dirname, '..'),
    env: {
      // Standalone means PGlite and the in-memory bus, whatever servers the calling shell points at.
      ...withoutServerAddresses(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      SIMULATOR_ENABLED: 'true',
      SIMULATOR_BACKFILL_HOURS: '6',
      LOG_FORMAT: 'text',
      SUPERADMIN_PASSWORD: E2E_SUPERADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the standalone app did not become ready:\n${log.slice(-4000)}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  // Pages are opened once the simulator's history is published: while the backfill runs, the one process is
  // busy storing and analysing it, and a page load can outlast the browser's 30 s (seen in CI).
  if (env.SIMULATOR_ENABLED !== 'false') {
    const backfillDeadline = Date.now() + 180_000;
    while (!log.includes('Backfilled ')) {
      if (child.exitCode !== null || Date.now() > backfillDeadline) {
        child.kill('SIGKILL');
        throw new Error(`the simulator did not finish its backfill:\n${log.slice(-4000)}`);
      }
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  return {
    url,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const forceKill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(forceKill);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
