import type { PGlite } from '@electric-sql/pglite';
import type { PoolUsage } from './database';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];
const COMMANDS = new Set<Command>(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE']);

function commandOf(sqlText: string): Command {
  const firstWord = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sqlText)?.[1]?.toUpperCase() as Command;
  return COMMANDS.has(firstWord) ? firstWord : 'SELECT';
}

// PGlite is one PostgreSQL backend: a pool of exactly one connection, handed out in turn, so a
// transaction opened through Kysely never interleaves with another caller's statements.
export class PglitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();
  // Callers holding the connection (0 or 1) or waiting for it.
  private callers = 0;

  constructor(private readonly pglite: PGlite) {}

  /** Contention for the one connection: how many callers wait their turn. */
  usage(): PoolUsage {
    return { total: 1, idle: this.callers === 0 ? 1 : 0, waiting: Math.max(0, this.callers - 1) };
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve)).then(() => {
      this.callers -= 1;
    });
    this.callers += 1;
    const previous = this.queue;
    this.queue = previous.then(() => released);
    await previous;
    const pglite = this.pglite;
    const client = {
      async query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sqlText, parameters as unknown[]);
        return {
          command: commandOf(sqlText),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release,
    };
    return client as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
  }
}
