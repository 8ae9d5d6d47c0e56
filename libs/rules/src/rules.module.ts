import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';

export const RULES_SCHEMA = 'rules';

// Owns the PostgreSQL schema "rules"; its tables, routes and consumers arrive with issue 6.
@Module({})
export class RulesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(RULES_SCHEMA, {});
  }
}
