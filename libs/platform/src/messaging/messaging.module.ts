import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ClientKafka, Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { Topics } from '@plantlens/contracts';
import type { PlatformConfig } from '../config/platform-config';
import { READINESS_CHECKS, type ReadinessCheck } from '../health/readiness';
import { InMemoryBroker } from './in-memory-broker';
import { EVENT_CLIENT, EventPublisher } from './event-publisher';
import { InMemoryClient, InMemoryServer } from './in-memory.transport';
import { KafkaValueDeserializer } from './kafka-value.deserializer';

const BROKER_READINESS = Symbol('BROKER_READINESS');

type EventClient = ClientKafka | InMemoryClient;

// Kafka when KAFKA_BROKERS is set, otherwise the in-process bus. Handlers are the same @EventPattern
// methods in both cases; see `messagingServerOptions` for the consuming side.
@Global()
@Module({})
export class MessagingModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_CLIENT) private readonly client: EventClient) {}

  static forRoot(config: PlatformConfig): DynamicModule {
    const brokers = config.KAFKA_BROKERS;
    return {
      module: MessagingModule,
      providers: [
        {
          provide: InMemoryBroker,
          // The derived topic's consumer publishes into it (aggregates of aggregates): bounding it could
          // wait for itself. Its volume follows the bounded `measurements` topic's.
          useFactory: () => new InMemoryBroker({ unboundedTopics: [Topics.derivedMeasurements] }),
        },
        {
          provide: EVENT_CLIENT,
          inject: [InMemoryBroker],
          useFactory: (broker: InMemoryBroker): EventClient =>
            brokers
              ? new ClientKafka({
                  client: { clientId: `${config.KAFKA_CLIENT_ID}-producer`, brokers },
                  producerOnlyMode: true,
                  producer: { allowAutoTopicCreation: true },
                })
              : new InMemoryClient(broker),
        },
        EventPublisher,
        {
          provide: BROKER_READINESS,
          useValue: brokers ? kafkaReadiness(config.KAFKA_CLIENT_ID, brokers) : inProcessBrokerReadiness,
        },
        {
          provide: READINESS_CHECKS,
          inject: [BROKER_READINESS],
          useFactory: (check: ReadinessCheck) => [check],
        },
      ],
      exports: [EventPublisher, InMemoryBroker, READINESS_CHECKS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/** The Kafka consumer group a service's group name stands for: with KAFKA_GROUP_PREFIX before it, if set. */
export function kafkaConsumerGroup(config: Pick<PlatformConfig, 'KAFKA_GROUP_PREFIX'>, name: string): string {
  return config.KAFKA_GROUP_PREFIX ? `${config.KAFKA_GROUP_PREFIX}-${name}` : name;
}

/** How a service consumes its topics: a Kafka consumer group, or the in-memory broker of this process. */
export function messagingServerOptions(
  config: PlatformConfig,
  name: string,
  inMemoryBroker: InMemoryBroker,
): MicroserviceOptions {
  if (!config.KAFKA_BROKERS) return { strategy: new InMemoryServer(inMemoryBroker, name) };
  const groupId = kafkaConsumerGroup(config, name);
  return {
    transport: Transport.KAFKA,
    options: {
      client: { clientId: `${config.KAFKA_CLIENT_ID}-${groupId}`, brokers: config.KAFKA_BROKERS },
      // The offset of a message is committed only after its handler resolved (its effect is durable).
      // A fetch returns as soon as a message is there; with none it waits maxWaitTimeInMs, and a stopping
      // consumer waits for that fetch. Kafka's Java client waits 500 ms, kafkajs 5 s: every shutdown paid 5 s.
      consumer: { groupId, sessionTimeout: 30_000, heartbeatInterval: 3_000, maxWaitTimeInMs: 500 },
      subscribe: { fromBeginning: true },
      // Every partition at once: a handler waits for its transaction, and the writer groups the messages
      // waiting meanwhile into the next one (see MeasurementWriter), so more partitions in flight mean
      // larger transactions under load.
      run: { partitionsConsumedConcurrently: config.KAFKA_TOPIC_PARTITIONS },
      // Each value decoded once (see KafkaValueDeserializer), not twice as Nest's parser does.
      parser: { keepBinary: true },
      deserializer: new KafkaValueDeserializer(),
      postfixId: '',
    },
  };
}

// The in-memory broker is part of this process: it is up whenever the process answers.
const inProcessBrokerReadiness: ReadinessCheck = { name: 'broker', check: () => Promise.resolve() };

function kafkaReadiness(clientId: string, brokers: string[]): ReadinessCheck {
  return {
    name: 'broker',
    async check() {
      const { Kafka, logLevel } = await import('kafkajs');
      const admin = new Kafka({
        clientId: `${clientId}-readiness`,
        brokers,
        logLevel: logLevel.NOTHING,
        connectionTimeout: 2_000,
        retry: { retries: 0 },
      }).admin();
      try {
        await admin.connect();
        await admin.describeCluster();
      } finally {
        await admin.disconnect();
      }
    },
  };
}
