import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';

export const VALVES_SCHEMA = 'valves';

// Owns the PostgreSQL schema "valves"; its tables, routes and consumers arrive with the valve-monitoring issue.
@Module({})
export class ValvesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VALVES_SCHEMA, {});
  }
}
