import { Injectable } from '@nestjs/common';
import type { SessionStateDto } from '@plantlens/contracts';
import { SessionStates } from '@plantlens/platform';
import { UserRepository } from '../user/user.repository';

// The guard of the process hosting identity reads the user table directly; other services ask
// GET /api/web/session/{userId} (SessionController).
@Injectable()
export class UserSessionStates extends SessionStates {
  constructor(private readonly users: UserRepository) {
    super();
  }

  async find(userId: number): Promise<SessionStateDto | undefined> {
    const user = await this.users.findById(userId);
    return user && { userId: user.id, enabled: user.enabled, sessionVersion: user.sessionVersion };
  }
}
