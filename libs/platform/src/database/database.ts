import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { PlatformConfig } from '../config/platform-config';
import { PglitePool } from './pglite-pool';

export const IN_MEMORY_DATA_DIR = 'memory://';

export type DatabaseEngine = 'postgres' | 'pglite';

/**
 * One database session held for a unit of work: plain SQL and `COPY ... FROM STDIN` on the same
 * connection, so a bulk load can go into a temporary table and be merged in the same transaction.
 */
export interface DatabaseConnection {
  query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<R[]>;
  /** `COPY ... FROM STDIN` in any format (csv, text, binary) with `data` as its input. */
  copyFrom(copySql: string, data: Buffer | string): Promise<void>;
}

/** The connections of the pool at one moment (plantlens_db_pool_connections). */
export interface PoolUsage {
  total: number;
  idle: number;
  /** callers waiting for a connection */
  waiting: number;
}

type ConnectionLease = { connection: DatabaseConnection; release: (broken?: Error) => void };

// The application database: PostgreSQL in cluster mode, PGlite (PostgreSQL in WASM) standalone.
// Both run the same SQL; the engine only matters for bulk COPY and for optional extensions.
export class Database {
  private constructor(
    // Each domain repository narrows this to its own typed schema.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    readonly kysely: Kysely<any>,
    readonly engine: DatabaseEngine,
    private readonly lease: () => Promise<ConnectionLease>,
    private readonly closeImpl: () => Promise<void>,
    readonly poolUsage: () => PoolUsage,
  ) {}

  static async open(config: Pick<PlatformConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATA_DIR'>) {
    if (config.DATABASE_URL) return Database.openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
    // DATA_DIR=memory:// keeps the embedded database in memory (tests, throw-away demos).
    return Database.openPglite(
      config.DATA_DIR === IN_MEMORY_DATA_DIR ? undefined : resolve(config.DATA_DIR, 'pglite'),
    );
  }

  static async openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
    const { Pool } = await import('pg');
    const { from: copyFrom } = await import('pg-copy-streams');
    // JIT off: our statements are short index scans with parameters, whose generic-plan row estimates
    // can be huge; PostgreSQL would then spend hundreds of milliseconds compiling them to machine code.
    const pool = new Pool({ connectionString, max: poolSize, options: '-c jit=off' });
    // A client losing its connection (the server restarting) must not crash the process. Idle, the pool
    // reports it here and replaces it; checked out, its error event has no listener of the pool's, so each
    // client gets one of its own: the loss then only fails the query under way or the next one, and the
    // broken client is discarded on release.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return new Database(
      kysely,
      'postgres',
      async () => {
        const client = await pool.connect();
        return {
          connection: {
            query: async <R>(text: string, values?: readonly unknown[]) =>
              (await client.query(text, values as unknown[])).rows as R[],
            copyFrom: (copySql, data) => pipeline(Readable.from([data]), client.query(copyFrom(copySql))),
          },
          // A connection that failed mid-protocol is closed rather than handed to the next caller.
          release: (broken) => client.release(broken),
        };
      },
      () => kysely.destroy(),
      () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
  }

  /**
   * `dataDir` undefined keeps the database in memory (tests). A new database, in memory or in a folder
   * holding none yet, starts from the empty data directory PGLITE_TEMPLATE names (a `dumpDataDir` tarball,
   * made by the test runs' jest.global-setup.cjs) when it is set, which skips PGlite's initdb: some 6 s of
   * each app start in the tests and browser tests. A folder that holds a database resumes it.
   */
  static async openPglite(dataDir?: string): Promise<Database> {
    const { PGlite } = await import('@electric-sql/pglite');
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
    // A setting of the test run, not of the app: the tests build their PlatformConfig without the environment.
    // eslint-disable-next-line no-restricted-properties
    const template = isNew ? process.env.PGLITE_TEMPLATE : undefined;
    const pglite = await PGlite.create(
      dataDir,
      template ? { loadDataDir: new Blob([readFileSync(template)]) } : undefined,
    );
    const pool = new PglitePool(pglite);
    const kysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return new Database(
      kysely,
      'pglite',
      async () => {
        // Holding the pool's only client keeps every other caller out until release.
        const client = await pool.connect();
        return {
          connection: {
            query: async <R>(text: string, values?: readonly unknown[]) =>
              (await pglite.query<R>(text, values as unknown[])).rows,
            // PGlite has no STDIN: COPY reads its input from the virtual file /dev/blob.
            copyFrom: async (copySql, data) => {
              await pglite.query(copySql.replace(/\bSTDIN\b/i, `'/dev/blob'`), [], {
                blob: new Blob([typeof data === 'string' ? data : new Uint8Array(data)]),
              });
            },
          },
          release: () => client.release(),
        };
      },
      async () => {
        await kysely.destroy();
        await pglite.close();
      },
      () => pool.usage(),
    );
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.kysely);
  }

  /** Runs `work` on one connection of its own (not in a transaction unless `work` opens one). */
  async withConnection<T>(work: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    const { connection, release } = await this.lease();
    try {
      return await work(connection);
    } finally {
      release();
    }
  }

  /** Runs `work` in a transaction on one connection: committed if it resolves, rolled back if it throws. */
  async transaction<T>(work: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    const { connection, release } = await this.lease();
    try {
      await connection.query('begin');
      const result = await work(connection);
      await connection.query('commit');
      release();
      return result;
    } catch (error) {
      try {
        await connection.query('rollback');
        release();
      } catch (rollbackError) {
        // A connection that cannot even roll back is closed rather than handed to the next caller.
        release(rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError)));
      }
      throw error;
    }
  }

  /** Bulk load with `COPY ... FROM STDIN (FORMAT csv)`; used by benchmarks and bulk imports. */
  copyCsv(copySql: string, csv: string): Promise<void> {
    return this.withConnection((connection) => connection.copyFrom(copySql, csv));
  }

  close(): Promise<void> {
    return this.closeImpl();
  }
}
