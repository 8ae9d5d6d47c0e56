import type { ApiErrorDto } from '@plantlens/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in the Prometheus text format, for a scraper presenting `Authorization: Bearer <token>`.
 * A plain Fastify route, not a Nest controller: it stays out of the OpenAPI document and of the cluster
 * gateway's /api proxy (each service is scraped on its own port). Without a token configured the
 * endpoint does not exist (404); a wrong or missing token is a 401.
 */
export function serveMetrics(fastify: FastifyInstance, registry: Registry, token: string | undefined): void {
  const expected = token === undefined ? undefined : digest(token);
  fastify.get(METRICS_PATH, async (request, reply) => {
    if (!expected) return sendError(reply, 404, 'Not Found', 'Metrics are off: METRICS_TOKEN is not set');
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was presented.
    if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
      void reply.header('www-authenticate', 'Bearer');
      return sendError(reply, 401, 'Unauthorized', 'A valid metrics bearer token is required');
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function sendError(reply: FastifyReply, statusCode: number, error: string, message: string) {
  const body: ApiErrorDto = { statusCode, error, message };
  return reply.status(statusCode).send(body);
}
