import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MeasurementSources } from '@plantlens/contracts';
import {
  EventPublisher,
  PLATFORM_CONFIG,
  VariableDeclarationClient,
  type PlatformConfig,
} from '@plantlens/platform';
import { connect, type IConnackPacket, type IPublishPacket, type MqttClient } from 'mqtt';
import { addressForLog, reconnectDelayMs } from '../shared/connection';
import { MeasurementPipeline, type PipelineCounters } from '../shared/measurement-pipeline';
import { printable } from '../shared/readings';
import { parseMqttPayload } from './mqtt-payload';
import { matchesTopicFilters, topicReference } from './mqtt-topics';

const SOURCE = MeasurementSources.mqtt;

export interface MqttConnectorCounters extends PipelineCounters {
  connected: boolean;
  messages: number;
}

/**
 * Subscribes to MQTT_TOPICS (QoS 1, persistent session) and publishes what arrives to `measurements`.
 *
 * Acknowledgement: MQTT.js hands over one message at a time and sends its PUBACK when our handler is
 * done, before the next message. Waiting for the batch's publish before each PUBACK would publish one
 * message per batch, so a message is acknowledged once it is in the bounded buffer; when the buffer is
 * full the handler waits, nothing more is read, and the broker holds the rest. A point can therefore be
 * lost only if this process dies (SIGKILL, crash) with points still buffered: at most MQTT_BATCH_MS or
 * MQTT_BATCH_POINTS' worth normally, up to MQTT_BUFFER_POINTS while the bus or the variables service is
 * down. A graceful stop publishes the buffer first. Repeated deliveries are harmless: writes are idempotent.
 */
@Injectable()
export class MqttConnector implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MqttConnector');
  private readonly url: string;
  private readonly topics: string[];
  private readonly pipeline: MeasurementPipeline;
  private client: MqttClient | undefined;
  private subscribed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectAttempts = 0;
  private connectionError: string | undefined;
  private stopping = false;
  private messages = 0;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    publisher: EventPublisher,
    declarations: VariableDeclarationClient,
  ) {
    if (!config.MQTT_URL || !config.MQTT_TOPICS)
      throw new Error('The MQTT connector needs MQTT_URL and MQTT_TOPICS');
    this.url = config.MQTT_URL;
    this.topics = config.MQTT_TOPICS;
    this.pipeline = new MeasurementPipeline(
      {
        source: SOURCE,
        declareUnknown: config.MQTT_DECLARE_UNKNOWN,
        batchPoints: config.MQTT_BATCH_POINTS,
        lingerMs: config.MQTT_BATCH_MS,
        capacityPoints: config.MQTT_BUFFER_POINTS,
        keyCount: config.KAFKA_TOPIC_PARTITIONS,
      },
      publisher,
      declarations,
      this.logger,
    );
  }

  get counters(): MqttConnectorCounters {
    return {
      ...this.pipeline.counters,
      connected: this.client?.connected ?? false,
      messages: this.messages,
    };
  }

  onApplicationBootstrap(): void {
    const client = connect(this.url, {
      clientId: this.config.MQTT_CLIENT_ID,
      username: this.config.MQTT_USERNAME,
      password: this.config.MQTT_PASSWORD,
      protocolVersion: 4,
      // A persistent session: the broker keeps our subscriptions and queues QoS 1 messages while we are away.
      clean: false,
      // Reconnects are scheduled here, with a growing delay (MQTT.js would retry at a fixed period).
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      keepalive: 60,
    });
    client.handleMessage = (packet, done) => {
      this.accept(packet).then(
        () => done(),
        // An error withholds the PUBACK: the broker delivers the message again in the next session.
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };
    client.on('connect', (connack) => this.onConnect(client, connack));
    client.on('close', () => this.onClose());
    // Reported with the reconnect that follows (refused connection, bad credentials, timeout).
    client.on('error', (error) => (this.connectionError = error.message));
    this.client = client;
    this.logger.log(`Connecting to ${addressForLog(this.url)} as "${this.config.MQTT_CLIENT_ID}"`);
    this.pipeline.startStatistics('messages', () => this.messages);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.reconnectTimer);
    // Stop taking messages first (those not yet taken stay unacknowledged at the broker), then publish
    // what was taken.
    await this.pipeline.stop(async () => this.client?.endAsync());
  }

  private async accept(packet: IPublishPacket): Promise<void> {
    this.messages += 1;
    const topic = packet.topic;
    if (!matchesTopicFilters(topic, this.topics)) {
      this.pipeline.rejections.record(
        {
          reason: 'unsubscribed-topic',
          detail:
            'not under MQTT_TOPICS (a subscription left in the broker session by an earlier configuration)',
          count: 1,
        },
        `topic "${printable(topic)}"`,
      );
      return;
    }
    const { readings, rejections } = parseMqttPayload(packet.payload, {
      topicReference: topicReference(topic, this.config.MQTT_REFERENCE_FROM),
      receivedAt: Date.now(),
    });
    for (const rejection of rejections)
      this.pipeline.rejections.record(rejection, `topic "${printable(topic)}"`);
    if (readings.length === 0) return;
    await this.pipeline.batcher.whenRoom();
    this.pipeline.batcher.add(readings);
  }

  private onConnect(client: MqttClient, connack: IConnackPacket): void {
    this.reconnectAttempts = 0;
    this.connectionError = undefined;
    this.logger.log(
      `Connected to ${addressForLog(this.url)}${connack.sessionPresent ? ', resuming the session the broker kept' : ''}`,
    );
    // A resumed session keeps its subscriptions; a new one (first start, or a broker that lost its state)
    // needs them again. The first connection of this process subscribes anyway, MQTT_TOPICS may have changed.
    if (connack.sessionPresent && this.subscribed) return;
    client.subscribe(this.topics, { qos: 1 }, (error, granted) => {
      if (error) {
        this.logger.warn(`Subscribing to ${this.topics.join(', ')} failed: ${error.message}`);
        return;
      }
      this.subscribed = true;
      const refused = (granted ?? []).filter((grant) => grant.qos === 128).map((grant) => grant.topic);
      if (refused.length > 0)
        this.logger.error(`The broker refused the subscription to ${refused.join(', ')}`);
      const accepted = (granted ?? []).filter((grant) => grant.qos !== 128).map((grant) => grant.topic);
      if (accepted.length > 0) this.logger.log(`Subscribed to ${accepted.join(', ')}`);
    });
  }

  private onClose(): void {
    if (this.stopping || this.reconnectTimer) return;
    this.reconnectAttempts += 1;
    const delayMs = reconnectDelayMs(this.reconnectAttempts);
    const reason = this.connectionError ? ` (${this.connectionError})` : '';
    this.connectionError = undefined;
    this.logger.warn(
      `${this.reconnectAttempts === 1 ? 'Not connected to' : 'Still not connected to'} ${addressForLog(this.url)}${reason}; reconnecting in ${(delayMs / 1000).toFixed(1)} s (attempt ${this.reconnectAttempts})`,
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.stopping) this.client?.reconnect();
    }, delayMs);
  }
}
