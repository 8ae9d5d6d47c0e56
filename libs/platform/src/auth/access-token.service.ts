import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthMessages, type AccessTokenClaims } from '@plantlens/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { AuthKeys } from './auth-keys';

const ISSUER = 'plantlens';
const AUDIENCE = 'plantlens';
const ALGORITHM = 'EdDSA';

export interface AuthenticatedUser {
  id: number;
  username: string;
  authorities: string[];
  /** identity's session version of the user when the token was issued */
  sessionVersion: number;
}

// Issues (where the signing key is) and verifies the Ed25519-signed access tokens.
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly keys: AuthKeys,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async issue(user: AuthenticatedUser): Promise<string> {
    if (!this.keys.signingKey)
      throw new Error('This service has no AUTH_SIGNING_KEY and cannot issue tokens');
    const claims: Omit<AccessTokenClaims, 'sub'> = {
      username: user.username,
      authorities: user.authorities,
      sessionVersion: user.sessionVersion,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.config.AUTH_ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.keys.signingKey);
  }

  /** The token's user, or 401 `Expired` when it has expired, 401 `Invalid token` for anything else wrong. */
  async verify(token: string): Promise<AuthenticatedUser> {
    try {
      const { payload } = await jwtVerify(token, this.keys.verifyKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      const id = Number(payload.sub);
      const { username, authorities, sessionVersion } = payload as Partial<AccessTokenClaims>;
      if (
        !Number.isInteger(id) ||
        !Number.isInteger(sessionVersion) ||
        typeof username !== 'string' ||
        !Array.isArray(authorities) ||
        !authorities.every((authority) => typeof authority === 'string')
      ) {
        throw new UnauthorizedException(AuthMessages.invalidToken);
      }
      return { id, username, authorities, sessionVersion: sessionVersion as number };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new UnauthorizedException(AuthMessages.expired);
      if (error instanceof UnauthorizedException) throw error;
      throw new UnauthorizedException(AuthMessages.invalidToken);
    }
  }

  /** Constant-time comparison with the configured service token. */
  isServiceToken(candidate: string | undefined): boolean {
    if (!candidate) return false;
    // Hashing first gives equal lengths, so timingSafeEqual never leaks the length either.
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return timingSafeEqual(digest(candidate), digest(this.keys.serviceToken));
  }
}
