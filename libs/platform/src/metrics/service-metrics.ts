import type { INestMicroservice } from '@nestjs/common';
import type { Server } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { collectDefaultMetrics } from 'prom-client';
import type { PlatformConfig } from '../config/platform-config';
import {
  ConsumedMessageClock,
  ConsumedMessageInterceptor,
  kafkaConsumerLag,
  measureConsumerLag,
} from '../messaging/consumer-lag';
import { InMemoryBroker } from '../messaging/in-memory-broker';
import { kafkaConsumerGroup } from '../messaging/messaging.module';
import { measureHttpRequests } from './http-metrics';
import { serveMetrics } from './metrics-endpoint';
import { MetricsRegistry } from './metrics-registry';

/**
 * The metrics every service process has (docs/operations.md "Metrics"): every series labelled with the
 * service's name, Node.js process metrics, HTTP latency, and GET /metrics. prom-client collects the
 * process metrics when scraped (no timer of its own), once per registry: each app of a test process
 * counts on its own.
 */
export function instrumentService(app: NestFastifyApplication, name: string, config: PlatformConfig): void {
  const registry = app.get(MetricsRegistry);
  registry.setDefaultLabels({ service: name });
  collectDefaultMetrics({ register: registry });
  const fastify = app.getHttpAdapter().getInstance();
  measureHttpRequests(fastify, registry);
  serveMetrics(fastify, registry, config.METRICS_TOKEN);
}

/**
 * Before connectMicroservice: a connected microservice counts as initialised and ignores its own global
 * interceptors, so the one that notes each consumed message's time is the app's, inherited (inheritAppConfig).
 */
export function noteConsumedMessages(app: NestFastifyApplication): ConsumedMessageClock {
  const clock = new ConsumedMessageClock();
  app.useGlobalInterceptors(new ConsumedMessageInterceptor(clock));
  return clock;
}

/** plantlens_consumer_lag_* of the service's consumer group, on Kafka or on the in-memory bus. */
export function instrumentConsumer(
  app: NestFastifyApplication,
  microservice: INestMicroservice,
  groupId: string,
  config: PlatformConfig,
  clock: ConsumedMessageClock,
): void {
  const registry = app.get(MetricsRegistry);
  if (!config.KAFKA_BROKERS) {
    const broker = app.get(InMemoryBroker);
    measureConsumerLag(registry, groupId, () => Promise.resolve(broker.lagOf(groupId)));
    return;
  }
  const server = microservice.getTransportServer() as Server;
  // The group as the broker knows it (KAFKA_GROUP_PREFIX included), in the label too.
  const kafkaGroup = kafkaConsumerGroup(config, groupId);
  const source = kafkaConsumerLag({
    clientId: config.KAFKA_CLIENT_ID,
    brokers: config.KAFKA_BROKERS,
    groupId: kafkaGroup,
    topics: () =>
      [...server.getHandlers()].filter(([, handler]) => handler.isEventHandler).map(([topic]) => topic),
    clock,
  });
  measureConsumerLag(registry, kafkaGroup, source);
}
