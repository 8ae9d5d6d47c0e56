import type { MetricsRegistry, PlatformConfig } from '@plantlens/platform';

/** Where the sampler reads a service's metrics (Prometheus text). */
export interface MetricsSource {
  name: string;
  read(): Promise<string>;
}

// A service that does not answer within this is shown as down for the sample; well under the 5 s period.
const READ_TIMEOUT_MS = 2_000;

// The services behind a cluster gateway, by the setting naming each (apps/<service>/main.ts).
const CLUSTER_SERVICES = [
  { name: 'identity', urlSetting: 'IDENTITY_URL' },
  { name: 'variables', urlSetting: 'VARIABLES_URL' },
  { name: 'rules-engine', urlSetting: 'RULES_URL' },
  { name: 'valve-monitor', urlSetting: 'VALVES_URL' },
] as const;

/** The process's own registry: standalone, where the gateway hosts every module. */
export function registrySource(name: string, registry: MetricsRegistry): MetricsSource {
  return { name, read: () => registry.metrics() };
}

/**
 * Each service's `GET /metrics` with the bearer METRICS_TOKEN (docs/operations.md). Settings naming the
 * same URL make one source (one process hosting several modules, as in the gateway's tests).
 */
export function clusterSources(config: PlatformConfig): MetricsSource[] {
  const byUrl = new Map<string, string[]>();
  for (const { name, urlSetting } of CLUSTER_SERVICES) {
    const url = config[urlSetting]?.replace(/\/$/, '');
    if (url) byUrl.set(url, [...(byUrl.get(url) ?? []), name]);
  }
  return [...byUrl].map(([url, names]) => ({
    name: names.join(', '),
    read: async () => {
      if (!config.METRICS_TOKEN) throw new Error('METRICS_TOKEN is not set');
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${config.METRICS_TOKEN}` },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    },
  }));
}
