import { Injectable, Logger } from '@nestjs/common';
import { Migrator, sql, type Migration } from 'kysely';
import { Database } from './database';

export type MigrationSet = Record<string, Migration>;

// Each domain owns one PostgreSQL schema and its migrations; they run at start-up, before any
// consumer or HTTP route is served. Kysely's migration lock makes concurrent replicas safe.
@Injectable()
export class SchemaMigrator {
  private readonly logger = new Logger(SchemaMigrator.name);

  constructor(private readonly database: Database) {}

  async migrate(schema: string, migrations: MigrationSet): Promise<void> {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(this.database.kysely);
    const migrator = new Migrator({
      db: this.database.kysely,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    for (const result of results) {
      if (result.status === 'Success')
        this.logger.log(`${schema}: applied migration ${result.migrationName}`);
      if (result.status === 'Error') this.logger.error(`${schema}: migration ${result.migrationName} failed`);
    }
    if (error) {
      throw new Error(
        `Migrations of schema "${schema}" failed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}
