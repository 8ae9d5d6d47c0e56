// The OpenAPI document at /api/docs/openapi.json is generated from the zod contracts (docs/api.md): every
// route of the standalone app must declare its request schemas and its success answer, or this fails and
// names the route. The cluster gateway serves the same routes, read from the same classes.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApi, moduleControllers, serviceModule, type OpenApiDocument } from '@plantlens/platform';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { gatewayService } from '../src/gateway-service';
import { GATEWAY_API_MODULES, STANDALONE_DOMAIN_MODULES } from '../src/standalone-modules';
import { startTestApp, testConfig } from './test-app';

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('OpenAPI document', () => {
  let app: NestFastifyApplication;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await startTestApp('openapi-document', [...STANDALONE_DOMAIN_MODULES, ...GATEWAY_API_MODULES]);
    document = (await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200))
      .body as OpenApiDocument;
  });
  afterAll(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The parser dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('describes every route of the standalone app, each with its request schemas and its success answer', () => {
    const config = testConfig();
    const { undocumented } = buildOpenApi(
      'standalone',
      moduleControllers(serviceModule(config, [...STANDALONE_DOMAIN_MODULES, ...GATEWAY_API_MODULES])),
    );
    expect(undocumented.map(({ operationId, missing }) => `${operationId}: ${missing}`)).toEqual([]);
  });

  it('gives every operation a success answer with a schema, or one declared without a JSON body', () => {
    const withoutSchema = operationsOf(document).filter(({ operation }) => {
      const successes = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status));
      // No body (204, 302) or a non-JSON one (PDF, CSV) is declared as such; a JSON body needs its schema.
      return !(
        successes.length > 0 &&
        successes.every(([, answer]) =>
          Object.entries(answer.content ?? {}).every(
            ([type, { schema }]) => type !== 'application/json' || Object.keys(schema).length > 0,
          ),
        )
      );
    });
    expect(withoutSchema.map(({ key }) => key)).toEqual([]);
  });

  it('gives every operation the ApiError answers and its security', () => {
    for (const { key, operation } of operationsOf(document)) {
      expect([key, operation.responses['400']?.content?.['application/json']?.schema]).toEqual([
        key,
        { $ref: '#/components/schemas/ApiError' },
      ]);
      const isPublic = operation.security.length === 0;
      expect([key, isPublic || operation.responses['401'] !== undefined]).toEqual([key, true]);
    }
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
    expect(document.paths['/api/web/account'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Authorization',
    });
  });

  it('describes request schemas for the input a client sends', () => {
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['username', 'password'],
    });
    expect(login.responses['200'].content?.['application/json'].schema).toMatchObject({
      properties: { accessToken: { type: 'string' }, refreshToken: { type: 'string' } },
    });
    const manual = document.paths['/api/web/user-manual'].get;
    expect(manual.parameters).toEqual([
      expect.objectContaining({ name: 'lang', in: 'query', required: false }),
    ]);
    expect(Object.keys(manual.responses['200'].content ?? {})).toEqual(['application/pdf']);
  });

  it('is, at the cluster gateway, the whole product: every route of the standalone app', () => {
    const config = testConfig({
      GATEWAY_MODE: 'cluster',
      AUTH_VERIFY_KEY: generateKeyPairSync('ed25519')
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
      IDENTITY_URL: 'http://identity',
      VARIABLES_URL: 'http://variables',
      RULES_URL: 'http://rules',
      VALVES_URL: 'http://valves',
    });
    const gateway = gatewayService(config);
    const { document: clusterDocument } = buildOpenApi(
      'gateway',
      moduleControllers(gateway.documentedModule ?? gateway.module),
    );
    const keys = (of: OpenApiDocument) =>
      operationsOf(of)
        .map(({ key }) => key)
        .sort();
    expect(keys(clusterDocument)).toEqual(keys(document));
  });
});
