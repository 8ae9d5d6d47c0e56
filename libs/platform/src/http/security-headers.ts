import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '../config/platform-config';

/**
 * The Content-Security-Policy of every answer (docs/security.md "Security headers" justifies each allowance).
 * The built web app loads nothing from elsewhere and runs no inline script; the e2e suite fails on any
 * violation of this policy seen by Chromium.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd (CSS-in-JS) inserts <style> elements and Highcharts and maplibre set style attributes at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Highcharts and antd draw some icons and patterns as data: URIs.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // maplibre's worker is a built file (same origin); blob: covers the workers it spawns from blob URLs.
  'worker-src': ["'self'", 'blob:'],
  // blob: reads only what a page of the app made itself (the user manual opened as a blob window reads its PDF).
  'connect-src': ["'self'", 'blob:'],
} satisfies Record<string, string[]>;

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer of the service, including static files, /api/docs, 404s and the
 * gateway's proxied answers: CSP, nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer; HSTS only
 * when the request came over TLS (directly, or as told by a trusted proxy). CORS stays closed (no
 * Access-Control-Allow-Origin) unless CORS_ORIGINS lists the origins allowed.
 */
export async function registerSecurityHeaders(
  app: NestFastifyApplication,
  config: Pick<PlatformConfig, 'CORS_ORIGINS'>,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, only over TLS: on plain HTTP it is meaningless and would only confuse a reader.
    strictTransportSecurity: false,
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
    });
  if (config.CORS_ORIGINS) {
    // Tokens travel in X-Authorization, never in cookies: no credentials mode is needed.
    app.enableCors({ origin: config.CORS_ORIGINS, credentials: false, maxAge: 600 });
  }
}
