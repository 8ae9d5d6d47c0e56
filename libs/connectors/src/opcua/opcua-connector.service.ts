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
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import {
  AttributeIds,
  ClientMonitoredItem,
  ClientSubscription,
  DataChangeFilter,
  DataChangeTrigger,
  DeadbandType,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  TimestampsToReturn,
  UserTokenType,
  type ClientSession,
  type UserIdentityInfo,
} from 'node-opcua-client';
import type { DataValue } from 'node-opcua-data-value';
import { addressForLog, RECONNECT_DELAY_MS, reconnectDelayMs } from '../shared/connection';
import { errorMessage, MeasurementPipeline, type PipelineCounters } from '../shared/measurement-pipeline';
import { readDataValue } from './opcua-values';

const SOURCE = MeasurementSources.opcua;
const BATCH_POINTS = 5_000;
// Values the server keeps per node between two publishes; it may revise the number.
const QUEUE_SIZE = 100;

export interface OpcUaConnectorCounters extends PipelineCounters {
  connected: boolean;
  notifications: number;
  /** values skipped because their node's source timestamp was already taken (a re-subscription's replay) */
  repeated: number;
}

/**
 * Subscribes to the OPCUA_NODES of the server at OPCUA_URL (one subscription, one monitored item per node)
 * and publishes their values to `measurements`.
 *
 * A lost connection is node-opcua's to repair: it reconnects with a growing delay, reactivates the session
 * or creates a new one, and transfers or re-creates the subscription and its monitored items. A re-created
 * monitored item sends the node's current value again, so values whose source timestamp is not newer than
 * the last one taken from that node are skipped: every value is published once. An OPC UA server cannot
 * be told to wait, so values that arrive while the buffer is full are rejected (buffer-full) rather than
 * held without bound.
 */
@Injectable()
export class OpcUaConnector implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OpcUaConnector');
  private readonly url: string;
  private readonly nodes: { nodeId: string; reference: string }[];
  private readonly pipeline: MeasurementPipeline;
  private readonly lastTimestamp = new Map<string, number>();
  private client: OPCUAClient | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempts = 0;
  private connected = false;
  private stopping = false;
  private notifications = 0;
  private repeated = 0;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    publisher: EventPublisher,
    declarations: VariableDeclarationClient,
  ) {
    if (!config.OPCUA_URL || !config.OPCUA_NODES)
      throw new Error('The OPC UA connector needs OPCUA_URL and OPCUA_NODES');
    this.url = config.OPCUA_URL;
    this.nodes = config.OPCUA_NODES;
    this.pipeline = new MeasurementPipeline(
      {
        source: SOURCE,
        declareUnknown: config.OPCUA_DECLARE_UNKNOWN,
        batchPoints: BATCH_POINTS,
        lingerMs: config.OPCUA_BATCH_MS,
        capacityPoints: config.OPCUA_BUFFER_POINTS,
        keyCount: config.KAFKA_TOPIC_PARTITIONS,
      },
      publisher,
      declarations,
      this.logger,
    );
  }

  get counters(): OpcUaConnectorCounters {
    return {
      ...this.pipeline.counters,
      connected: this.connected,
      notifications: this.notifications,
      repeated: this.repeated,
    };
  }

  onApplicationBootstrap(): void {
    this.pipeline.startStatistics('notifications', () => this.notifications);
    void this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retryTimer);
    await this.pipeline.stop(async () => {
      // Terminating the subscription could wait for a server that is gone; disconnecting ends it anyway.
      await this.client?.disconnect().catch(() => undefined);
    });
  }

  /**
   * The first connection: until the session and subscription exist, a failure (server down, refused
   * credentials, unknown endpoint) starts again from scratch after a growing delay.
   */
  private async start(): Promise<void> {
    const client = OPCUAClient.create({
      applicationName: 'Plantlens',
      endpointMustExist: false,
      securityMode: MessageSecurityMode.None,
      securityPolicy: SecurityPolicy.None,
      keepSessionAlive: true,
      clientCertificateManager: new OPCUACertificateManager({
        rootFolder: this.config.OPCUA_PKI_DIR,
        automaticallyAcceptUnknownCertificate: true,
      }),
      // The first connect fails fast; after a session exists node-opcua retries forever.
      connectionStrategy: {
        initialDelay: RECONNECT_DELAY_MS.initial,
        maxDelay: RECONNECT_DELAY_MS.max,
        maxRetry: 0,
      },
    });
    this.client = client;
    try {
      await client.connect(this.url);
      if (this.stopping) return;
      client.connectionStrategy.maxRetry = -1;
      this.listenToConnection(client);
      await this.subscribe(await client.createSession(this.identity()));
      this.connected = true;
      this.attempts = 0;
      this.logger.log(`Connected to ${addressForLog(this.url)}; monitoring ${this.nodes.length} nodes`);
    } catch (error) {
      await client.disconnect().catch(() => undefined);
      this.client = undefined;
      if (this.stopping) return;
      this.attempts += 1;
      const delayMs = reconnectDelayMs(this.attempts);
      this.logger.warn(
        `Could not connect to ${addressForLog(this.url)} (${errorMessage(error)}); trying again in ${(delayMs / 1000).toFixed(1)} s (attempt ${this.attempts})`,
      );
      this.retryTimer = setTimeout(() => void this.start(), delayMs);
    }
  }

  private listenToConnection(client: OPCUAClient): void {
    client.on('connection_lost', () => {
      this.connected = false;
      if (!this.stopping) this.logger.warn(`Lost the connection to ${addressForLog(this.url)}; reconnecting`);
    });
    client.on('backoff', (attempt: number, delayMs: number) => {
      if (!this.stopping)
        this.logger.warn(
          `Still not connected to ${addressForLog(this.url)}; next attempt in ${(delayMs / 1000).toFixed(1)} s (attempt ${attempt + 1})`,
        );
    });
    // Not 'after_reconnection': that comes with the new secure channel, before the session and its
    // subscription are repaired (a repair that fails is tried again).
    client.on('connection_reestablished', () => {
      this.connected = true;
      this.logger.log(`Connected to ${addressForLog(this.url)} again; session and subscription restored`);
    });
  }

  private identity(): UserIdentityInfo {
    const { OPCUA_USERNAME: userName, OPCUA_PASSWORD: password } = this.config;
    return userName
      ? { type: UserTokenType.UserName, userName, password: password ?? '' }
      : { type: UserTokenType.Anonymous };
  }

  private async subscribe(session: ClientSession): Promise<void> {
    const publishingInterval = this.config.OPCUA_PUBLISHING_INTERVAL_MS;
    const subscription = await session.createSubscription2({
      requestedPublishingInterval: publishingInterval,
      // The server ends a subscription nobody asked about for lifetime × interval; keep-alives every 10.
      requestedLifetimeCount: Math.max(30, Math.ceil(120_000 / publishingInterval)),
      requestedMaxKeepAliveCount: 10,
      maxNotificationsPerPublish: 0,
      publishingEnabled: true,
      priority: 1,
    });
    // Connected once the server answered for every node (monitoring it, or refusing to).
    await Promise.all(this.nodes.map((node) => this.monitor(subscription, node, this.deadbandFilter())));
  }

  private monitor(
    subscription: ClientSubscription,
    { nodeId, reference }: { nodeId: string; reference: string },
    filter: DataChangeFilter | undefined,
  ): Promise<void> {
    const item = ClientMonitoredItem.create(
      subscription,
      { nodeId, attributeId: AttributeIds.Value },
      {
        samplingInterval: this.config.OPCUA_SAMPLING_INTERVAL_MS,
        queueSize: QUEUE_SIZE,
        discardOldest: true,
        filter,
      },
      TimestampsToReturn.Both,
    );
    item.on('changed', (dataValue: DataValue) => this.accept(nodeId, reference, dataValue));
    return new Promise((resolve) => {
      item.once('initialized', () => resolve());
      item.on('err', (message: string) => {
        if (filter && /filter|deadband/i.test(message)) {
          // Percent deadbands need the node's EURange; some servers support no filter at all.
          this.logger.warn(
            `The server refused the deadband of node "${nodeId}" (${message}); monitoring it without`,
          );
          void item.terminate().catch(() => undefined);
          void this.monitor(subscription, { nodeId, reference }, undefined).then(resolve);
        } else {
          this.logger.error(`Cannot monitor node "${nodeId}" (${reference}): ${message}`);
          resolve();
        }
      });
    });
  }

  private deadbandFilter(): DataChangeFilter | undefined {
    const { OPCUA_DEADBAND: deadband, OPCUA_DEADBAND_VALUE: deadbandValue } = this.config;
    if (deadband === 'none') return undefined;
    return new DataChangeFilter({
      trigger: DataChangeTrigger.StatusValue,
      deadbandType: deadband === 'absolute' ? DeadbandType.Absolute : DeadbandType.Percent,
      deadbandValue,
    });
  }

  private accept(nodeId: string, reference: string, dataValue: DataValue): void {
    this.notifications += 1;
    const origin = `node "${nodeId}"`;
    const read = readDataValue(dataValue, reference, Date.now());
    if ('rejection' in read) {
      this.pipeline.rejections.record(read.rejection, origin);
      return;
    }
    const { reading } = read;
    if (reading.ts <= (this.lastTimestamp.get(nodeId) ?? Number.NEGATIVE_INFINITY)) {
      this.repeated += 1;
      return;
    }
    if (this.pipeline.batcher.heldPoints >= this.config.OPCUA_BUFFER_POINTS) {
      this.pipeline.rejections.record(
        {
          reason: 'buffer-full',
          detail: `${this.pipeline.batcher.heldPoints} points wait for the bus or the variables service`,
          count: 1,
        },
        origin,
      );
      return;
    }
    this.lastTimestamp.set(nodeId, reading.ts);
    this.pipeline.batcher.add([reading]);
  }
}
