import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { PlatformConfig } from '../config/platform-config';
import { PglitePool } from './pglite-pool';

export const IN_MEMORY_DATA_DIR = 'memory://';

export type DatabaseEngine = 'postgres' | 'pglite';

// The application database: PostgreSQL in cluster mode, PGlite (PostgreSQL in WASM) standalone.
// Both run the same SQL; the engine only matters for bulk COPY and for optional extensions.
export class Database {
  private constructor(
    // Each domain repository narrows this to its own typed schema.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    readonly kysely: Kysely<any>,
    readonly engine: DatabaseEngine,
    private readonly copyCsvImpl: (copySql: string, csv: string) => Promise<void>,
    private readonly closeImpl: () => Promise<void>,
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
    const pool = new Pool({ connectionString, max: poolSize });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const kysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return new Database(
      kysely,
      'postgres',
      async (copySql, csv) => {
        const client = await pool.connect();
        try {
          await pipeline(Readable.from([csv]), client.query(copyFrom(copySql)));
        } finally {
          client.release();
        }
      },
      () => kysely.destroy(),
    );
  }

  /** `dataDir` undefined keeps the database in memory (tests). */
  static async openPglite(dataDir?: string): Promise<Database> {
    const { PGlite } = await import('@electric-sql/pglite');
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir);
    const pool = new PglitePool(pglite);
    const kysely = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return new Database(
      kysely,
      'pglite',
      async (copySql, csv) => {
        const client = await pool.connect();
        try {
          await pglite.query(copySql.replace(/\bSTDIN\b/i, `'/dev/blob'`), [], { blob: new Blob([csv]) });
        } finally {
          client.release();
        }
      },
      async () => {
        await kysely.destroy();
        await pglite.close();
      },
    );
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.kysely);
  }

  /** Bulk load with `COPY ... FROM STDIN (FORMAT csv)`; used by benchmarks and bulk imports. */
  copyCsv(copySql: string, csv: string): Promise<void> {
    return this.copyCsvImpl(copySql, csv);
  }

  close(): Promise<void> {
    return this.closeImpl();
  }
}
