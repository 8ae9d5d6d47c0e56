import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Topic } from '@plantlens/contracts';
import { Database, EventPublisher } from '@plantlens/platform';
import { EngineShard } from '../engine/engine-shard';

const BATCH = 1_000;
const RETRY_MS = 2_000;

interface OutboxRow {
  id: string;
  topic: Topic;
  key: string;
  payload: unknown;
}

// Publishes the events this instance wrote into rules.outbox in the transactions that caused them: right
// after each commit, at start (what a crash left behind) and every few seconds while the bus fails.
// Rows are published in id order per key, then deleted; a crash in between publishes them again
// (at-least-once: consumers know incidences by (ruleId, openedAt) and e-mails by their id).
// Each instance publishes only its own rows, so one rule's events (written by one shard) keep their order.
@Injectable()
export class OutboxService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly publisher: EventPublisher,
    private readonly shard: EngineShard,
  ) {}

  onApplicationBootstrap(): void {
    this.drainSoon();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  /** Starts publishing now, or right after the drain under way. */
  drainSoon(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        this.drainSoon();
      }
    });
  }

  /** Resolves when everything written so far is published (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const rows = await this.database.withConnection((connection) =>
          connection.query<OutboxRow>(
            // Ordered by the bigint column, not by the text alias of the same name.
            `select o.id::text as id, o.topic, o.key, o.payload from rules.outbox o
             where o.owner = $1 order by o.id limit $2`,
            [this.shard.owner, BATCH],
          ),
        );
        if (rows.length === 0) return;
        await this.publishInKeyOrder(rows);
        await this.database.withConnection((connection) =>
          connection.query(`delete from rules.outbox where id = any($1::bigint[])`, [rows.map((r) => r.id)]),
        );
        if (rows.length < BATCH) return;
      }
    } catch (error) {
      this.logger.warn(
        `Publishing events failed, retrying in ${RETRY_MS} ms: ${error instanceof Error ? error.message : error}`,
      );
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.drainSoon(), RETRY_MS);
    }
  }

  // Keys in parallel, each key's rows one after the other.
  private async publishInKeyOrder(rows: OutboxRow[]): Promise<void> {
    const byKey = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const list = byKey.get(row.key) ?? [];
      list.push(row);
      byKey.set(row.key, list);
    }
    await Promise.all(
      [...byKey.values()].map(async (list) => {
        for (const row of list) await this.publisher.publish(row.topic, row.payload, row.key);
      }),
    );
  }
}
