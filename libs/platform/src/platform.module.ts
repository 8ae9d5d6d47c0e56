import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { PlatformConfig } from './config/platform-config';
import { PlatformConfigModule } from './config/platform-config.module';
import { DatabaseModule } from './database/database.module';
import { HealthController } from './health/health.controller';
import { MessagingModule } from './messaging/messaging.module';

// Everything a service needs besides its domain: configuration, database, event bus, health routes.
@Module({})
export class PlatformModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [PlatformConfigModule.forRoot(config), DatabaseModule, MessagingModule.forRoot(config)],
      controllers: [HealthController],
    };
  }
}

/** The root module of a service process: the platform plus the domain modules it hosts. */
export function serviceModule(config: PlatformConfig, domainModules: (Type | DynamicModule)[]): DynamicModule {
  class ServiceRootModule {}
  return { module: ServiceRootModule, imports: [PlatformModule.forRoot(config), ...domainModules] };
}
