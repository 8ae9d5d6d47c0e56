import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthMessages, type TokenPairDto } from '@plantlens/contracts';
import { AccessTokenService, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { authoritiesOf } from '../user/authorities';
import { UserRepository, type UserRow } from '../user/user.repository';
import { RefreshTokenRepository } from './refresh-token.repository';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

// Access token (JWT, 15 min) + refresh token (32 random bytes, kept only as SHA-256). Every refresh
// rotates the refresh token inside its family; presenting an already rotated token revokes the family.
@Injectable()
export class TokenService {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly accessTokens: AccessTokenService,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly users: UserRepository,
  ) {}

  async authoritiesOf(user: UserRow): Promise<string[]> {
    return authoritiesOf(user, await this.users.groupFlagsOf(user.id));
  }

  /** A new session (new family) for the user. */
  issue(user: UserRow): Promise<TokenPairDto> {
    return this.issueInFamily(user, randomUUID());
  }

  async refresh(refreshToken: string): Promise<TokenPairDto> {
    const hash = sha256(refreshToken);
    const row = await this.refreshTokens.find(hash);
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
      throw new UnauthorizedException(AuthMessages.invalidRefreshToken);
    }
    if (row.usedAt || !(await this.refreshTokens.markUsed(hash))) {
      // A rotated token came back: it was copied. End the whole session for both holders.
      await this.refreshTokens.revokeFamily(row.familyId);
      throw new UnauthorizedException(AuthMessages.invalidRefreshToken);
    }
    const user = await this.users.findById(row.userId);
    if (!user?.enabled) {
      await this.refreshTokens.revokeFamily(row.familyId);
      throw new UnauthorizedException(AuthMessages.accountDisabled);
    }
    return this.issueInFamily(user, row.familyId);
  }

  /** Logout: ends the session the refresh token belongs to. Unknown tokens are ignored. */
  async revoke(refreshToken: string): Promise<void> {
    const row = await this.refreshTokens.find(sha256(refreshToken));
    if (row) await this.refreshTokens.revokeFamily(row.familyId);
  }

  /** Password change, disabling, deleting: every session of the user ends, its access tokens included. */
  async revokeAll(userId: number): Promise<void> {
    await this.users.bumpSessionVersion(userId);
    await this.refreshTokens.revokeUser(userId);
  }

  private async issueInFamily(user: UserRow, familyId: string): Promise<TokenPairDto> {
    const accessToken = await this.accessTokens.issue({
      id: user.id,
      username: user.name,
      authorities: await this.authoritiesOf(user),
      sessionVersion: user.sessionVersion,
    });
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.AUTH_REFRESH_TOKEN_TTL_SECONDS * 1000);
    await this.refreshTokens.insert(sha256(refreshToken), familyId, user.id, expiresAt);
    return { accessToken, refreshToken };
  }
}
