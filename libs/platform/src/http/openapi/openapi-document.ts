import { HttpStatus, RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DECORATORS } from '@nestjs/swagger';
import { apiErrorSchema, AuthHeaders } from '@plantlens/contracts';
import { z, ZodType } from 'zod';
import { ALLOW_SERVICE_TOKEN, IS_PUBLIC } from '../../auth/auth.decorators';
import { controllerRoutes, type ControllerRoute } from './controller-routes';
import { declaredResponses } from './responds.decorator';

// The OpenAPI 3.1 document of a set of controllers, built from their classes' metadata: Nest's route
// decorators, the zod schemas of @Query/@Body/@Param and the @Responds success answers. Nothing runs, so
// the cluster gateway documents the services it routes to from the same classes (docs/api.md).

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary?: string;
  security: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

/** What the document test checks: a route whose request or answer the document cannot describe. */
export interface UndocumentedPart {
  operationId: string;
  missing: string;
}

const BEARER = 'bearerAuth';
const SERVICE_TOKEN = 'serviceToken';
const API_ERROR = 'ApiError';
const apiErrorRef = { $ref: `#/components/schemas/${API_ERROR}` };

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

// The error answers any route may give (validation, credentials, absence, conflict, size, throttling), each
// with the ApiError body; 403 on routes that need a token, 415 on those with a body, 414 (a path parameter
// past Fastify's length limit) on those with path parameters. 5xx are never documented: the fuzzer reports
// them as failures.
const ERRORS = [400, 401, 404, 409, 413, 429];

interface RouteArgument {
  type: RouteParamtypes;
  schema?: ZodType;
  /** error statuses beyond the common ones that the argument's own pipe answers */
  errorStatuses: number[];
}

function routeArguments(route: ControllerRoute): RouteArgument[] {
  const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.name) ?? {}) as Record<
    string,
    { schema?: ZodType; pipes?: unknown[] }
  >;
  return Object.entries(metadata).map(([key, value]) => ({
    type: Number(key.split(':')[0]) as RouteParamtypes,
    schema: value.schema ?? value.pipes?.map(pipeSchema).find(Boolean),
    errorStatuses: (value.pipes ?? []).flatMap(
      (pipe) => (pipe as { errorStatuses?: number[] } | null)?.errorStatuses ?? [],
    ),
  }));
}

// A parameter pipe that validates with its own zod schema to answer other statuses than 400 (the user
// form's 412/428) exposes it as `schema` and those statuses as `errorStatuses`; the document shows both.
function pipeSchema(pipe: unknown): ZodType | undefined {
  const schema = (pipe as { schema?: unknown } | null)?.schema;
  return schema instanceof ZodType ? schema : undefined;
}

class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  /** JSON Schema of a zod schema; definitions it needs move to components (their $refs are the document's). */
  convert(schema: ZodType, io: 'input' | 'output', owner: string): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...converted
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      // Transforms (a comma list read as an array) have no JSON Schema; their input side is described.
      unrepresentable: 'any',
      override: ({ jsonSchema }) => describeTupleAsArray(jsonSchema as JsonSchema),
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    if (!$defs) return converted;
    const names = Object.keys($defs);
    const rename = (name: string) => `${owner}_${name}`;
    const text = names.reduce(
      (json, name) => json.replaceAll(`"#/$defs/${name}"`, `"#/components/schemas/${rename(name)}"`),
      JSON.stringify({ converted, $defs }),
    );
    const moved = JSON.parse(text) as { converted: JsonSchema; $defs: Record<string, JsonSchema> };
    for (const name of names) this.components[rename(name)] = moved.$defs[name];
    return moved.converted;
  }
}

// A tuple ([timestamp, value]) becomes an array of its items' kinds with its exact length: Schemathesis
// (4.x) misreads 2020-12's `prefixItems` in answers as an old-style `items` list and refuses the document.
function describeTupleAsArray(schema: JsonSchema): void {
  const positions = schema.prefixItems as JsonSchema[] | undefined;
  if (!positions) return;
  const kinds = [...new Map(positions.map((item) => [JSON.stringify(item), item])).values()];
  delete schema.prefixItems;
  schema.items = kinds.length === 1 ? kinds[0] : { anyOf: kinds };
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pathParameterNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);

function isPublic(route: ControllerRoute): boolean {
  return (
    (Reflect.getMetadata(IS_PUBLIC, route.handler) ?? Reflect.getMetadata(IS_PUBLIC, route.controller)) ===
    true
  );
}

function allowsServiceToken(route: ControllerRoute): boolean {
  return (
    (Reflect.getMetadata(ALLOW_SERVICE_TOKEN, route.handler) ??
      Reflect.getMetadata(ALLOW_SERVICE_TOKEN, route.controller)) === true
  );
}

/** query or path parameters from an object schema: one per property. */
function parametersOf(schema: JsonSchema, location: 'query' | 'path'): OpenApiParameter[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (schema.type !== 'object' || !properties) {
    // A free-form query (any names) is one exploded object parameter.
    return [{ name: location, in: location, required: false, schema, style: 'form', explode: true }];
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

interface BuiltOperation {
  operation: OpenApiOperation;
  undocumented: string[];
}

function buildOperation(route: ControllerRoute, converter: SchemaConverter): BuiltOperation {
  const tag = route.controller.name.replace(/Controller$/, '');
  const operationId = `${tag}_${route.name}`;
  const undocumented: string[] = [];
  const parameters: OpenApiParameter[] = [];
  let requestBody: OpenApiOperation['requestBody'];
  const pipeErrors: number[] = [];
  for (const argument of routeArguments(route)) {
    pipeErrors.push(...argument.errorStatuses);
    const location =
      argument.type === RouteParamtypes.QUERY
        ? 'query'
        : argument.type === RouteParamtypes.PARAM
          ? 'path'
          : argument.type === RouteParamtypes.BODY
            ? 'body'
            : undefined;
    if (!location) continue;
    if (!argument.schema) {
      undocumented.push(
        `@${location === 'path' ? 'Param' : location === 'query' ? 'Query' : 'Body'} without a zod schema`,
      );
      continue;
    }
    const schema = converter.convert(argument.schema, 'input', `${operationId}_${location}`);
    if (location === 'body') {
      requestBody = { required: true, content: { 'application/json': { schema } } };
    } else parameters.push(...parametersOf(schema, location));
  }
  // Path parameters the route reads without a schema are still described (as text) so the document is valid.
  for (const name of pathParameterNames(route.path)) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      undocumented.push(`path parameter ${name} without a zod schema`);
    }
  }
  // Bodies the handler reads from the raw request (a CSV upload) are declared with @ApiConsumes.
  const consumes = Reflect.getMetadata(DECORATORS.API_CONSUMES, route.handler) as string[] | undefined;
  if (!requestBody && consumes?.length) {
    requestBody = {
      required: true,
      content: Object.fromEntries(
        consumes.map((type) => [
          type,
          {
            schema: type.startsWith('multipart/')
              ? { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv' } } }
              : { type: 'string' },
          },
        ]),
      ),
    };
  }

  const responses: OpenApiOperation['responses'] = {};
  const declared = declaredResponses(route.handler);
  if (declared.length === 0) undocumented.push('no @Responds success answer');
  const httpCode = Reflect.getMetadata(HTTP_CODE_METADATA, route.handler) as number | undefined;
  declared.forEach((answer, index) => {
    const status =
      answer.status ??
      httpCode ??
      (answer.schema === null ? 204 : route.method === RequestMethod.POST ? 201 : 200);
    const description =
      answer.description ?? HttpStatus[status]?.replace(/_/g, ' ').toLowerCase() ?? 'answer';
    const content = answer.schema
      ? {
          [answer.contentType ?? 'application/json']: {
            schema: converter.convert(answer.schema, 'output', `${operationId}_${status}_${index}`),
          },
        }
      : undefined;
    const existing = responses[status]?.content;
    responses[status] = {
      description,
      ...(content || existing ? { content: { ...existing, ...content } } : {}),
    };
  });
  const open = isPublic(route);
  const errors = [
    ...ERRORS,
    ...(open ? [] : [403]),
    ...(requestBody ? [415] : []),
    ...(pathParameterNames(route.path).length > 0 ? [414] : []),
    ...pipeErrors,
  ];
  for (const status of errors.sort((a, b) => a - b)) {
    responses[status] ??= {
      description: HttpStatus[status].replace(/_/g, ' ').toLowerCase(),
      content: { 'application/json': { schema: apiErrorRef } },
    };
  }
  const schemes = open ? [] : [BEARER, ...(allowsServiceToken(route) ? [SERVICE_TOKEN] : [])];
  const security = schemes.map((scheme): Record<string, string[]> => ({ [scheme]: [] }));
  return {
    operation: {
      operationId,
      tags: [tag],
      security,
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses,
    },
    undocumented,
  };
}

export interface OpenApiBuild {
  document: OpenApiDocument;
  /** the parts of routes the document cannot describe: each is a route to annotate */
  undocumented: UndocumentedPart[];
}

/** Builds the document of every HTTP route of `controllers` (a controller marked @ApiExcludeController is left out). */
export function buildOpenApi(title: string, controllers: readonly Type[]): OpenApiBuild {
  const converter = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  const undocumented: UndocumentedPart[] = [];
  const documented = [...new Set(controllers)].filter(
    (controller) => Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, controller)?.[0] !== true,
  );
  for (const route of documented.flatMap((controller) => controllerRoutes(controller))) {
    const httpMethod = METHODS[route.method];
    if (!httpMethod) continue;
    const { operation, undocumented: missing } = buildOperation(route, converter);
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [httpMethod]: operation };
    undocumented.push(...missing.map((part) => ({ operationId: operation.operationId, missing: part })));
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title, version: '1' },
    paths,
    components: {
      schemas: {
        ...converter.components,
        // Error bodies may carry details beyond the common fields (the readiness checks), hence input mode.
        [API_ERROR]: converter.convert(apiErrorSchema, 'input', API_ERROR),
      },
      securitySchemes: {
        [BEARER]: {
          type: 'apiKey',
          in: 'header',
          name: AuthHeaders.authorization,
          description: '`Bearer <access token>` from POST /api/auth/login (a JWT).',
        },
        [SERVICE_TOKEN]: {
          type: 'apiKey',
          in: 'header',
          name: AuthHeaders.serviceToken,
          description: 'The data sources’ shared service token (SERVICE_TOKEN).',
        },
      },
    },
  };
  return { document, undocumented };
}
