import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AuthMessages, type SessionStateDto } from '@plantlens/contracts';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { IdentityClient } from '../identity/identity-client';
import type { AuthenticatedUser } from './access-token.service';

/** Identity's own answer, provided by the identity module in the process that hosts it. */
export abstract class SessionStates {
  /** undefined when no such user exists */
  abstract find(userId: number): Promise<SessionStateDto | undefined>;
}

// Every write with a user's access token asks whether the account is still enabled and the token's session
// version still current (docs/security.md "Ending sessions"): identity in this very process when it is hosted
// here (standalone), else the identity service at IDENTITY_URL. A process that knows no identity (a domain
// module tested alone) has nobody to ask and lets the signed token stand.
@Injectable()
export class SessionCheck {
  private local: SessionStates | null | undefined;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly identity: IdentityClient,
  ) {}

  /** 401 `Session ended` when the user was disabled, deleted or changed password after the token was issued. */
  async assertActive(user: AuthenticatedUser): Promise<void> {
    const local = this.localStates();
    if (!local && !this.config.IDENTITY_URL) return;
    const state = local ? await local.find(user.id) : await this.identity.sessionState(user.id);
    if (!state?.enabled || state.sessionVersion !== user.sessionVersion) {
      throw new UnauthorizedException(AuthMessages.sessionEnded);
    }
  }

  private localStates(): SessionStates | null {
    if (this.local === undefined) {
      try {
        this.local = this.moduleRef.get(SessionStates, { strict: false });
      } catch {
        this.local = null;
      }
    }
    return this.local ?? null;
  }
}
