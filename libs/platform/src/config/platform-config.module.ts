import { DynamicModule, Global, Module } from '@nestjs/common';
import type { PlatformConfig } from './platform-config';

export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');

@Global()
@Module({})
export class PlatformConfigModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: PlatformConfigModule,
      providers: [{ provide: PLATFORM_CONFIG, useValue: config }],
      exports: [PLATFORM_CONFIG],
    };
  }
}
