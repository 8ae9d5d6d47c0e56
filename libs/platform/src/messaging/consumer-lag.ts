import { Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { KafkaContext } from '@nestjs/microservices';
import { Kafka, logLevel } from 'kafkajs';
import { Gauge, type Registry } from 'prom-client';
import { tap, type Observable } from 'rxjs';
import type { PartitionLag } from './in-memory-broker';

/** The lag of one consumer group, per topic and partition, as of now. */
export type ConsumerLagSource = () => Promise<PartitionLag[]>;

/**
 * plantlens_consumer_lag_messages and plantlens_consumer_lag_seconds {group, topic, partition}, read from
 * `source` when Prometheus scrapes. Both gauges share one reading per scrape. A failed reading (the broker
 * unreachable) leaves the series out of that scrape instead of failing the whole scrape.
 */
export function measureConsumerLag(registry: Registry, group: string, source: ConsumerLagSource): void {
  const logger = new Logger('ConsumerLag');
  let reading: Promise<PartitionLag[]> | undefined;
  const read = () => {
    reading ??= source()
      .catch((error: unknown) => {
        logger.warn(`Could not read the lag of group ${group}: ${(error as Error).message}`);
        return [];
      })
      .finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  const labelNames = ['group', 'topic', 'partition'] as const;
  const gauge = (name: string, help: string, value: (lag: PartitionLag) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const lag of await read()) {
          const measured = value(lag);
          if (measured === undefined) continue;
          this.set({ group, topic: lag.topic, partition: String(lag.partition) }, measured);
        }
      },
    });
  gauge(
    'plantlens_consumer_lag_messages',
    'Messages of a partition the consumer group has not committed yet',
    (lag) => lag.messages,
  );
  gauge(
    'plantlens_consumer_lag_seconds',
    'How far the consumer group is behind on a partition: age of the oldest message not handled yet (0 when caught up)',
    (lag) => lag.seconds,
  );
}

/**
 * The timestamp of the latest message the group handled, per topic and partition, fed by the consumer
 * path (ConsumedMessageInterceptor): Kafka's offsets give the messages behind, not how old they are.
 */
export class ConsumedMessageClock {
  private readonly latest = new Map<string, number>();

  record(topic: string, partition: number, timestamp: number): void {
    const key = `${topic}/${partition}`;
    if (timestamp > (this.latest.get(key) ?? -Infinity)) this.latest.set(key, timestamp);
  }

  latestOf(topic: string, partition: number): number | undefined {
    return this.latest.get(`${topic}/${partition}`);
  }
}

/** Records each Kafka message whose handler succeeded (then its offset is committed) in the clock. */
export class ConsumedMessageInterceptor implements NestInterceptor {
  constructor(private readonly clock: ConsumedMessageClock) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kafka = context.getType() === 'rpc' ? context.switchToRpc().getContext<unknown>() : undefined;
    if (!(kafka instanceof KafkaContext)) return next.handle();
    return next.handle().pipe(
      tap({
        complete: () =>
          this.clock.record(kafka.getTopic(), kafka.getPartition(), Number(kafka.getMessage().timestamp)),
      }),
    );
  }
}

export interface KafkaLagSettings {
  clientId: string;
  brokers: string[];
  groupId: string;
  /** the topics the group consumes (known once the consumer's handlers are registered) */
  topics: () => string[];
  clock: ConsumedMessageClock;
  /** a reading is reused this long: several scrapers (or replicas' Prometheus) cost one admin round */
  cacheMs?: number;
}

/**
 * A Kafka group's lag from the broker's view: the end offset of each partition minus the group's committed
 * offset (the earliest retained offset when it has committed none: it subscribes from the beginning).
 * Seconds behind are now − the timestamp of the latest message this process handled on the partition,
 * when it is behind; a partition another replica consumes has no such timestamp here (that replica
 * reports it), so only its messages are reported.
 */
export function kafkaConsumerLag(settings: KafkaLagSettings): ConsumerLagSource {
  const kafka = new Kafka({
    clientId: `${settings.clientId}-lag`,
    brokers: settings.brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 2_000,
    retry: { retries: 0 },
  });
  const cacheMs = settings.cacheMs ?? 5_000;
  let cached: { at: number; lag: PartitionLag[] } | undefined;
  return async () => {
    const now = Date.now();
    if (cached && now - cached.at < cacheMs) return cached.lag;
    const topics = settings.topics();
    if (topics.length === 0) return [];
    const admin = kafka.admin();
    await admin.connect();
    try {
      const committed = await admin.fetchOffsets({ groupId: settings.groupId, topics });
      const lag: PartitionLag[] = [];
      for (const { topic, partitions } of committed) {
        const ends = await admin.fetchTopicOffsets(topic);
        for (const { partition, high, low } of ends) {
          const offset = Number(partitions.find((entry) => entry.partition === partition)?.offset ?? -1);
          const messages = Math.max(0, Number(high) - (offset >= 0 ? offset : Number(low)));
          const latest = settings.clock.latestOf(topic, partition);
          const seconds =
            messages === 0 ? 0 : latest === undefined ? undefined : Math.max(0, now - latest) / 1000;
          lag.push({ topic, partition, messages, seconds });
        }
      }
      cached = { at: now, lag };
      return lag;
    } finally {
      await admin.disconnect();
    }
  };
}
