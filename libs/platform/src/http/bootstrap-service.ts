import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { fastifyTrustProxy, type PlatformConfig } from '../config/platform-config';
import { createLogger } from '../logging/create-logger';
import { InMemoryBroker } from '../messaging/in-memory-broker';
import { ensureKafkaTopics } from '../messaging/kafka-topics';
import { messagingServerOptions } from '../messaging/messaging.module';
import { instrumentConsumer, instrumentService, noteConsumedMessages } from '../metrics/service-metrics';
import { ApiExceptionFilter } from './api-exception.filter';
import { moduleControllers } from './openapi/module-controllers';
import { buildOpenApi } from './openapi/openapi-document';
import { refuseNulCharacters } from './nul-character.guard';
import { ResponseContractCheck } from './openapi/response-contract.check';
import { registerSecurityHeaders } from './security-headers';
import { apiValidationPipe } from './validation';

export interface ServiceDefinition {
  /** shown in logs and in the OpenAPI title */
  name: string;
  module: Type | DynamicModule;
  config: PlatformConfig;
  /** Kafka consumer group (or in-memory group) of the service's @EventPattern handlers; none if it consumes nothing */
  consumerGroup?: string;
  /** extra set-up on the Fastify instance before listening (static files, proxies) */
  configure?: (app: NestFastifyApplication) => Promise<void> | void;
  /** the routes /api/docs describes when they are not the module's own (the cluster gateway: the product's) */
  documentedModule?: Type | DynamicModule;
  /** tests: every JSON answer is checked against the route's @Responds schemas (ResponseContractCheck) */
  checkResponseContracts?: boolean;
}

export async function createServiceApp(service: ServiceDefinition): Promise<NestFastifyApplication> {
  const logger = createLogger(service.config, service.name);
  const app = await NestFactory.create<NestFastifyApplication>(
    service.module,
    // The spec's paths end in a slash (`/api/web/user/`); both spellings reach the same route.
    new FastifyAdapter({
      bodyLimit: 16 * 1024 * 1024,
      trustProxy: fastifyTrustProxy(service.config.TRUST_PROXY),
      routerOptions: { ignoreTrailingSlash: true },
    }),
    { logger },
  );
  // First, so that its hooks cover every route registered after it (API, docs, static files, proxies).
  await registerSecurityHeaders(app, service.config);
  instrumentService(app, service.name, service.config);
  app.useGlobalPipes(apiValidationPipe);
  app.useGlobalFilters(new ApiExceptionFilter());
  if (service.checkResponseContracts) app.useGlobalInterceptors(new ResponseContractCheck());
  app.enableShutdownHooks();
  const { document } = buildOpenApi(
    `Plantlens ${service.name}`,
    moduleControllers(service.documentedModule ?? service.module),
  );
  // Swagger UI at /api/docs shows the document built from the zod contracts (its types are OpenAPI 3.0's).
  SwaggerModule.setup('api/docs', app, document as unknown as OpenAPIObject, {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  if (service.consumerGroup) {
    const { KAFKA_BROKERS, KAFKA_CLIENT_ID, KAFKA_TOPIC_PARTITIONS } = service.config;
    if (KAFKA_BROKERS) await ensureKafkaTopics(KAFKA_CLIENT_ID, KAFKA_BROKERS, KAFKA_TOPIC_PARTITIONS);
    const consumedMessages = noteConsumedMessages(app);
    const microservice = app.connectMicroservice(
      messagingServerOptions(service.config, service.consumerGroup, app.get(InMemoryBroker)),
      {
        inheritAppConfig: true,
      },
    );
    instrumentConsumer(app, microservice, service.consumerGroup, service.config, consumedMessages);
  }
  refuseNulCharacters(app.getHttpAdapter().getInstance());
  await service.configure?.(app);
  await app.init();
  await app.startAllMicroservices();
  return app;
}

/** Starts a service and listens on PORT; returns the application and its base URL. */
export async function bootstrapService(
  service: ServiceDefinition,
): Promise<{ app: INestApplication; url: string }> {
  const app = await createServiceApp(service);
  await app.listen(service.config.PORT, service.config.HOST);
  const host = ['0.0.0.0', '::'].includes(service.config.HOST) ? 'localhost' : service.config.HOST;
  return { app, url: `http://${host}:${service.config.PORT}` };
}
