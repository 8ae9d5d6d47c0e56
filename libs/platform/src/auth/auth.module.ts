import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { AccessTokenService } from './access-token.service';
import { AuthGuard } from './auth.guard';
import { AuthKeys, loadAuthKeys } from './auth-keys';
import { IdentityClient } from '../identity/identity-client';
import { SessionCheck } from './session-check';

@Global()
@Module({
  providers: [
    {
      provide: AuthKeys,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => loadAuthKeys(config),
    },
    AccessTokenService,
    IdentityClient,
    SessionCheck,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthKeys, AccessTokenService],
})
export class AuthModule {}
