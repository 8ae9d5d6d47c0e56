import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { PlatformConfig } from './config/platform-config';
import { AuthModule } from './auth/auth.module';
import { PlatformConfigModule } from './config/platform-config.module';
import { DatabaseModule } from './database/database.module';
import { HealthController } from './health/health.controller';
import { MessagingModule } from './messaging/messaging.module';
import { MetricsModule } from './metrics/metrics-registry';

export interface PlatformOptions {
  /** false for processes without state of their own (the gateway in cluster mode) */
  database: boolean;
}

// Everything a service needs besides its domain: configuration, metrics, database, event bus, health routes, and
// the authentication guard that protects every route not marked @Public().
@Module({})
export class PlatformModule {
  static forRoot(config: PlatformConfig, options: PlatformOptions = { database: true }): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        PlatformConfigModule.forRoot(config),
        MetricsModule,
        ...(options.database ? [DatabaseModule] : []),
        MessagingModule.forRoot(config),
        AuthModule,
      ],
      controllers: [HealthController],
    };
  }
}

/** The root module of a service process: the platform plus the domain modules it hosts. */
export function serviceModule(
  config: PlatformConfig,
  domainModules: (Type | DynamicModule)[],
  options?: PlatformOptions,
): DynamicModule {
  class ServiceRootModule {}
  return { module: ServiceRootModule, imports: [PlatformModule.forRoot(config, options), ...domainModules] };
}
