import type { MetricsReadFailureDto } from '@plantlens/contracts';
import type { MetricsRegistry, PlatformConfig } from '@plantlens/platform';

/** Where the sampler reads a service's metrics (Prometheus text). */
export interface MetricsSource {
  name: string;
  /** Rejects with a MetricsReadError when it can tell why; the sampler counts anything else as unreadable. */
  read(): Promise<string>;
}

/** A read that failed, and why. */
export class MetricsReadError extends Error {
  constructor(readonly failure: MetricsReadFailureDto) {
    super(failure.detail);
  }
}

/**
 * The technical reason of an error. fetch() reports a refused connection as "fetch failed" with the reason
 * in its cause; the errors may come from another realm (Node's own fetch), so they are read by shape, not
 * instanceof.
 */
export function technicalDetail(error: unknown): string {
  const { message, cause } = (error ?? {}) as {
    message?: unknown;
    cause?: { message?: unknown; code?: unknown };
  };
  for (const reason of [cause?.message, cause?.code, message]) {
    if (typeof reason === 'string' && reason !== '') return reason;
  }
  return String(error);
}

// fetch() rejects, before the answer or while its body is read, with a TimeoutError once the signal's
// timeout fires, and with a TypeError ("fetch failed") when the connection cannot be made or breaks.
function connectionFailure(error: unknown): never {
  const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
  throw new MetricsReadError({ kind: timedOut ? 'timeout' : 'unreachable', detail: technicalDetail(error) });
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
      if (!config.METRICS_TOKEN) {
        throw new MetricsReadError({ kind: 'no-token', detail: 'METRICS_TOKEN is not set' });
      }
      const response = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${config.METRICS_TOKEN}` },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      }).catch(connectionFailure);
      if (!response.ok) {
        const { status, statusText } = response;
        throw new MetricsReadError({
          kind: 'http-status',
          status,
          detail: `HTTP ${status} ${statusText}`.trim(),
        });
      }
      return response.text().catch(connectionFailure);
    },
  }));
}
