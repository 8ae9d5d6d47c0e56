import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { METRICS_PATH } from './metrics-endpoint';

// From a cached read (5 ms) to a long explorer range or a CSV upload (10 s).
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * plantlens_http_request_duration_seconds {method, route, status} of every answer. `route` is the route
 * pattern (`/api/web/variable/:id`, the proxy's `/api/web/variable/*` in the cluster gateway), never the
 * raw URL, so the label set stays bounded; a request no route matched counts as `unmatched`. The scrapes
 * themselves are left out.
 */
export function measureHttpRequests(fastify: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'plantlens_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its answer, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
