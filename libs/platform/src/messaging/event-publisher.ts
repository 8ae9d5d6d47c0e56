import { Inject, Injectable } from '@nestjs/common';
import type { ClientKafka } from '@nestjs/microservices';
import type { Topic } from '@plantlens/contracts';
import { lastValueFrom } from 'rxjs';

export const EVENT_CLIENT = Symbol('EVENT_CLIENT');

// Publishes an event and resolves once the bus has it (Kafka: acknowledged by the brokers).
// Events with the same key stay in order.
@Injectable()
export class EventPublisher {
  constructor(@Inject(EVENT_CLIENT) private readonly client: Pick<ClientKafka, 'emit'>) {}

  async publish(topic: Topic, value: unknown, key?: string): Promise<void> {
    await lastValueFrom(this.client.emit(topic, { key, value }), { defaultValue: undefined });
  }
}
