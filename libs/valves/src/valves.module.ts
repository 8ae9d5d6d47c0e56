import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';
import { valvesMigrations } from './database/migrations';
import { VALVES_SCHEMA } from './database/valves-database';

export { VALVES_SCHEMA };

// Plant model, actuation analysis and the valve screens' calls; owns schema "valves".
@Module({})
export class ValvesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VALVES_SCHEMA, valvesMigrations);
  }
}
