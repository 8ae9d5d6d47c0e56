import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';

export const IDENTITY_SCHEMA = 'identity';

// Owns the PostgreSQL schema "identity"; its tables, routes and consumers arrive with issue 3.
@Module({})
export class IdentityModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(IDENTITY_SCHEMA, {});
  }
}
