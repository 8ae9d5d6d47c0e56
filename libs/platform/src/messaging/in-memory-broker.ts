// The in-memory stand-in for Kafka used in standalone mode and in tests. It keeps Kafka's semantics
// that the services rely on:
// - messages are serialized (a payload is a JSON string, as on the wire);
// - a topic has partitions chosen by key; one partition is delivered in order, one message at a time;
// - every consumer group receives every message; messages published before a group subscribes wait for it;
// - a handler that fails leaves the message uncommitted: it is redelivered after a backoff, so a failure
//   to store never loses data (at-least-once; handlers are idempotent);
// - publishing waits while too many messages are in flight to consumers, as a producer waits for broker acks —
//   except on the topics named unbounded: those whose own consumers publish into them (aggregates of
//   aggregates on `measurements.derived`), where a full topic would wait for its own handlers forever;
// - a topic nobody consumes (yet) keeps its latest `maxRetainedPerTopic` messages, as Kafka's retention
//   would, instead of holding its publishers forever (standalone has no consumer of `incidences`).

export interface BrokerMessage {
  topic: string;
  partition: number;
  offset: number;
  key: string | null;
  value: string;
  /** epoch milliseconds, as Kafka's message timestamp */
  timestamp: number;
}

/** How far one consumer group is behind on one partition (plantlens_consumer_lag_*). */
export interface PartitionLag {
  topic: string;
  partition: number;
  messages: number;
  /** age of the oldest message not yet handled; undefined when it cannot be known */
  seconds: number | undefined;
}

export type MessageHandler = (message: BrokerMessage) => Promise<void>;

interface PartitionQueue {
  messages: BrokerMessage[];
  draining: boolean;
}

interface GroupSubscription {
  handler: MessageHandler;
  partitions: PartitionQueue[];
}

interface TopicState {
  nextOffset: number[];
  groups: Map<string, GroupSubscription>;
  // Messages published while no group was subscribed (Kafka would retain them in the log).
  retained: BrokerMessage[];
}

export interface InMemoryBrokerOptions {
  partitions?: number;
  maxInFlightPerTopic?: number;
  maxRetainedPerTopic?: number;
  /** topics whose publishers never wait for room (their volume is bounded by another topic's) */
  unboundedTopics?: readonly string[];
  retryBackoffMs?: { initial: number; max: number };
  onHandlerError?: (error: unknown, message: BrokerMessage, attempt: number) => void;
}

export class InMemoryBroker {
  private readonly topics = new Map<string, TopicState>();
  private readonly partitionCount: number;
  private readonly maxInFlight: number;
  private readonly maxRetained: number;
  private readonly backoff: { initial: number; max: number };
  private readonly waitingPublishers = new Map<string, (() => void)[]>();
  private closed = false;

  constructor(private readonly options: InMemoryBrokerOptions = {}) {
    this.partitionCount = options.partitions ?? 6;
    this.maxInFlight = options.maxInFlightPerTopic ?? 64;
    this.maxRetained = options.maxRetainedPerTopic ?? 10_000;
    this.backoff = options.retryBackoffMs ?? { initial: 100, max: 5_000 };
  }

  async publish(topic: string, value: string, key: string | null = null): Promise<void> {
    if (this.closed) throw new Error('in-memory broker is closed');
    while (
      !this.options.unboundedTopics?.includes(topic) &&
      this.inFlightToGroups(topic) >= this.maxInFlight
    ) {
      await new Promise<void>((resolve) => this.waiters(topic).push(resolve));
    }
    const state = this.topic(topic);
    const partition =
      key === null ? Math.floor(Math.random() * this.partitionCount) : partitionOf(key, this.partitionCount);
    const offset = state.nextOffset[partition] ?? 0;
    state.nextOffset[partition] = offset + 1;
    const message: BrokerMessage = { topic, partition, offset, key, value, timestamp: Date.now() };
    if (state.groups.size === 0) {
      if (state.retained.length >= this.maxRetained) state.retained.shift();
      state.retained.push(message);
      return;
    }
    for (const group of state.groups.values()) this.enqueue(group, message);
  }

  subscribe(topic: string, groupId: string, handler: MessageHandler): void {
    const state = this.topic(topic);
    if (state.groups.has(groupId)) throw new Error(`group "${groupId}" already consumes "${topic}"`);
    const group: GroupSubscription = {
      handler,
      partitions: Array.from({ length: this.partitionCount }, () => ({ messages: [], draining: false })),
    };
    state.groups.set(groupId, group);
    const retained = state.retained.splice(0);
    for (const message of retained) this.enqueue(group, message);
  }

  unsubscribe(topic: string, groupId: string): void {
    this.topics.get(topic)?.groups.delete(groupId);
    this.releasePublishers(topic);
  }

  /** Messages published to the topic and not yet handled by every group. */
  inFlight(topic: string): number {
    const state = this.topics.get(topic);
    if (!state) return 0;
    let count = state.retained.length;
    for (const group of state.groups.values()) {
      for (const partition of group.partitions) count += partition.messages.length;
    }
    return count;
  }

  /** Per partition of every topic the group consumes: the messages waiting (the one in hand included). */
  lagOf(groupId: string, now = Date.now()): PartitionLag[] {
    const lag: PartitionLag[] = [];
    for (const [topic, state] of this.topics) {
      state.groups.get(groupId)?.partitions.forEach(({ messages }, partition) => {
        const oldest = messages[0];
        lag.push({
          topic,
          partition,
          messages: messages.length,
          seconds: oldest ? Math.max(0, now - oldest.timestamp) / 1000 : 0,
        });
      });
    }
    return lag;
  }

  /** Resolves when every message published so far has been handled (tests and shutdown). */
  async drain(topic?: string): Promise<void> {
    const topics = topic ? [topic] : [...this.topics.keys()];
    while (topics.some((name) => this.inFlightToGroups(name) > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  close(): void {
    this.closed = true;
    for (const topic of this.topics.keys()) this.releasePublishers(topic);
  }

  private inFlightToGroups(topic: string): number {
    const state = this.topics.get(topic);
    return state && state.groups.size > 0 ? this.inFlight(topic) : 0;
  }

  private topic(name: string): TopicState {
    let state = this.topics.get(name);
    if (!state) {
      state = { nextOffset: new Array(this.partitionCount).fill(0), groups: new Map(), retained: [] };
      this.topics.set(name, state);
    }
    return state;
  }

  private enqueue(group: GroupSubscription, message: BrokerMessage): void {
    const partition = group.partitions[message.partition];
    if (!partition) throw new Error(`partition ${message.partition} out of range`);
    partition.messages.push(message);
    if (!partition.draining) void this.drainPartition(group, partition);
  }

  private async drainPartition(group: GroupSubscription, partition: PartitionQueue): Promise<void> {
    partition.draining = true;
    while (partition.messages.length > 0 && !this.closed) {
      const [message] = partition.messages;
      if (!message) break;
      let attempt = 0;
      for (;;) {
        try {
          await group.handler(message);
          break;
        } catch (error) {
          attempt += 1;
          this.options.onHandlerError?.(error, message, attempt);
          if (this.closed) return;
          const delay = Math.min(this.backoff.max, this.backoff.initial * 2 ** (attempt - 1));
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
      partition.messages.shift();
      this.releasePublishers(message.topic);
    }
    partition.draining = false;
  }

  private waiters(topic: string): (() => void)[] {
    let list = this.waitingPublishers.get(topic);
    if (!list) {
      list = [];
      this.waitingPublishers.set(topic, list);
    }
    return list;
  }

  private releasePublishers(topic: string): void {
    const list = this.waitingPublishers.get(topic);
    if (!list || list.length === 0) return;
    if (!this.closed && this.inFlightToGroups(topic) >= this.maxInFlight) return;
    for (const resolve of list.splice(0)) resolve();
  }
}

// Same idea as Kafka's default partitioner: a stable hash of the key, so one key keeps one partition.
export function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
