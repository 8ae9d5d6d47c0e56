// A real Prometheus of a test's own: tools/prometheus/start.sh with a state directory and a free port of its
// own (so it runs next to a developer's or another test's), scraping the targets' /metrics every second with
// the bearer token, and its HTTP query API.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const TOOLS = resolve(__dirname, '../../../tools/prometheus');
// Asynchronous: the services under test run in this process and must keep answering the scrapes meanwhile.
const run = promisify(execFile);

/** One series of an instant query's answer. */
export interface PrometheusSample {
  labels: Record<string, string>;
  value: number;
}

export interface TestPrometheus {
  url: string;
  /** an instant query (/api/v1/query) whose answer is a vector */
  query(promql: string): Promise<PrometheusSample[]>;
  /** stops it and deletes its samples */
  stop(): Promise<void>;
}

interface QueryAnswer {
  status: 'success' | 'error';
  error?: string;
  data?: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

/** Starts a Prometheus scraping `targets` (host:port) every second with `metricsToken`; ready on return. */
export async function startTestPrometheus(targets: string[], metricsToken: string): Promise<TestPrometheus> {
  const home = await mkdtemp(join(tmpdir(), 'plantlens-prometheus-'));
  const env = {
    ...process.env,
    PROMETHEUS_HOME: home,
    PROMETHEUS_PORT: String(await freePort()),
    PROMETHEUS_TARGETS: targets.join(','),
    PROMETHEUS_SCRAPE_INTERVAL: '1s',
    METRICS_TOKEN: metricsToken,
  };
  const stop = async () => {
    await run('bash', [join(TOOLS, 'stop.sh'), '--wipe'], { env });
    await rm(home, { recursive: true, force: true });
  };
  let url: string | undefined;
  try {
    // On failure the error's message holds the script's stderr (the end of Prometheus' log).
    const { stdout } = await run('bash', [join(TOOLS, 'start.sh')], { env });
    url = /^PROMETHEUS_URL=(\S+)$/m.exec(stdout)?.[1];
    if (!url) throw new Error(`tools/prometheus/start.sh printed no PROMETHEUS_URL: ${stdout}`);
  } catch (error) {
    await stop();
    throw error;
  }
  const prometheusUrl = url;
  return {
    url: prometheusUrl,
    async query(promql) {
      const response = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: promql })}`);
      const answer = (await response.json()) as QueryAnswer;
      if (answer.status !== 'success' || !answer.data)
        throw new Error(`Prometheus refused ${promql}: ${answer.error ?? response.status}`);
      if (answer.data.resultType !== 'vector')
        throw new Error(`${promql} answers a ${answer.data.resultType}, not a vector`);
      return answer.data.result.map(({ metric, value }) => ({ labels: metric, value: Number(value[1]) }));
    },
    stop,
  };
}
