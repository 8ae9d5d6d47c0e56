import { Logger } from '@nestjs/common';
import {
  BaseRpcContext,
  ClientProxy,
  Server,
  type CustomTransportStrategy,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { BrokerMessage, InMemoryBroker } from './in-memory-broker';

export class InMemoryContext extends BaseRpcContext<[BrokerMessage]> {
  getMessage(): BrokerMessage {
    return this.args[0];
  }
}

// The standalone counterpart of ServerKafka: the same @EventPattern handlers, fed by the in-memory broker.
// A handler that throws leaves its message uncommitted (the broker redelivers it), as with kafkajs.
export class InMemoryServer extends Server implements CustomTransportStrategy {
  override readonly propagatesEventHandlerErrors = true;
  private readonly subscribedTopics: string[] = [];

  constructor(
    private readonly broker: InMemoryBroker,
    private readonly groupId: string,
  ) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    for (const [pattern, handler] of this.messageHandlers) {
      if (!handler.isEventHandler) continue;
      this.broker.subscribe(pattern, this.groupId, async (message) => {
        const data = parseValue(message.value);
        await this.handleEvent(pattern, { pattern, data }, new InMemoryContext([message]));
      });
      this.subscribedTopics.push(pattern);
    }
    callback();
  }

  close(): void {
    for (const topic of this.subscribedTopics.splice(0)) this.broker.unsubscribe(topic, this.groupId);
  }

  // As ServerKafka does: a message is done when every handler of its pattern is. Several modules of one
  // process consuming a topic (standalone) are chained into one stream, which the base class only starts:
  // the message would be committed before their effects are durable, and their failures not redelivered.
  override async handleEvent(pattern: string, packet: ReadPacket, context: BaseRpcContext): Promise<void> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) {
      this.logger.error(`No event handler for pattern ${pattern}`);
      return;
    }
    const resultOrStream: unknown = await handler(packet.data, context);
    if (isObservable(resultOrStream)) await lastValueFrom(resultOrStream, { defaultValue: undefined });
  }

  on(): void {
    // The in-memory broker has no connection events to report.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}

// Like KafkaParser: a value that is not JSON reaches the handler as the raw string, to be rejected there.
function parseValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export interface OutgoingMessage {
  key?: string;
  value: unknown;
}

export class InMemoryClient extends ClientProxy {
  private readonly logger = new Logger(InMemoryClient.name);

  constructor(private readonly broker: InMemoryBroker) {
    super();
  }

  // The broker lives in this process: there is nothing to connect to or close.
  connect(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {
    return undefined;
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(_packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.logger.error('request/reply is not carried by the event bus; services call each other over HTTP');
    callback({ err: new Error('request/reply over the event bus is not supported'), isDisposed: true });
    return () => undefined;
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket<OutgoingMessage>): Promise<T> {
    const { key, value } = packet.data;
    await this.broker.publish(packet.pattern, JSON.stringify(value), key ?? null);
    return undefined as T;
  }
}
