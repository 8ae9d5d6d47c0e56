import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import type { PlatformConfig } from '../config/platform-config';
import { Database } from './database';
import { DatabasePoolMetrics } from './pool-metrics';
import { SchemaMigrator } from './schema-migrator';

@Global()
@Module({
  providers: [
    {
      provide: Database,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => Database.open(config),
    },
    SchemaMigrator,
    DatabasePoolMetrics,
  ],
  exports: [Database, SchemaMigrator],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly database: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.database.close();
  }
}
