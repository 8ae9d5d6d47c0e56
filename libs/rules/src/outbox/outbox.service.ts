import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Topic } from '@plantlens/contracts';
import { Database, EventPublisher } from '@plantlens/platform';
import { EngineShard } from '../engine/engine-shard';

const BATCH = 1_000;
const RETRY_MS = 2_000;

/** An outbox row as written: its id (bigint, as text), and the event it holds. */
export interface OutboxRow {
  id: string;
  topic: Topic;
  key: string;
  payload: unknown;
}

// Publishes the events this instance wrote into rules.outbox in the transactions that caused them. The
// writers hand over the rows their transaction committed (publishCommitted), which are published at once
// without reading them back; the table is read only at start (what a crash left behind), when another
// writer only says it wrote some (drainSoon), and after a failure, every few seconds while the bus fails.
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
  // Rows committed and handed over, not yet published.
  private committed: OutboxRow[] = [];
  // Whether the table may hold rows not handed over (at start, after drainSoon, after a failure).
  private readTable = true;
  // Ids the last table drain published: a row handed over just after it is not published twice.
  private publishedFromTable = new Set<string>();

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

  /** Publishes rows the caller's transaction just committed, after those handed over before. */
  publishCommitted(rows: readonly OutboxRow[]): void {
    if (rows.length === 0) return;
    for (const row of rows) if (!this.publishedFromTable.has(row.id)) this.committed.push(row);
    this.schedule();
  }

  /** Reads the table and publishes what it holds, now or right after the drain under way. */
  drainSoon(): void {
    this.readTable = true;
    this.schedule();
  }

  /** Resolves when everything written so far is published (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.readTable) {
        this.readTable = false;
        await this.drainTable();
      }
      while (this.committed.length > 0) await this.publish(this.committed.splice(0));
    } catch (error) {
      // The rows not deleted are in the table: the retry reads them from there.
      this.readTable = true;
      this.committed = [];
      this.logger.warn(
        `Publishing events failed, retrying in ${RETRY_MS} ms: ${error instanceof Error ? error.message : error}`,
      );
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.schedule(), RETRY_MS);
    }
  }

  private async drainTable(): Promise<void> {
    this.publishedFromTable = new Set();
    for (;;) {
      const rows = await this.database.withConnection((connection) =>
        connection.query<OutboxRow>(
          // Ordered by the bigint column, not by the text alias of the same name.
          `select o.id::text as id, o.topic, o.key, o.payload from rules.outbox o
           where o.owner = $1 order by o.id limit $2`,
          [this.shard.owner, BATCH],
        ),
      );
      for (const row of rows) this.publishedFromTable.add(row.id);
      this.committed = this.committed.filter((row) => !this.publishedFromTable.has(row.id));
      if (rows.length === 0) return;
      await this.publish(rows);
      if (rows.length < BATCH) return;
    }
  }

  private async publish(rows: OutboxRow[]): Promise<void> {
    await this.publishInKeyOrder(rows);
    await this.database.withConnection((connection) =>
      connection.query(`delete from rules.outbox where id = any($1::bigint[])`, [rows.map((r) => r.id)]),
    );
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
