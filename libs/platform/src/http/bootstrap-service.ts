import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { fastifyTrustProxy, type PlatformConfig } from '../config/platform-config';
import { createLogger } from '../logging/create-logger';
import { InMemoryBroker } from '../messaging/in-memory-broker';
import { ensureKafkaTopics } from '../messaging/kafka-topics';
import { messagingServerOptions } from '../messaging/messaging.module';
import { ApiExceptionFilter } from './api-exception.filter';
import { ResponseContractCheck } from './openapi/response-contract.check';
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
  app.useGlobalPipes(apiValidationPipe);
  app.useGlobalFilters(new ApiExceptionFilter());
  if (service.checkResponseContracts) app.useGlobalInterceptors(new ResponseContractCheck());
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(`Plantlens ${service.name}`).setVersion('1').build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  if (service.consumerGroup) {
    const { KAFKA_BROKERS, KAFKA_CLIENT_ID, KAFKA_TOPIC_PARTITIONS } = service.config;
    if (KAFKA_BROKERS) await ensureKafkaTopics(KAFKA_CLIENT_ID, KAFKA_BROKERS, KAFKA_TOPIC_PARTITIONS);
    app.connectMicroservice(
      messagingServerOptions(service.config, service.consumerGroup, app.get(InMemoryBroker)),
      {
        inheritAppConfig: true,
      },
    );
  }
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
