import {
  createParamDecorator,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthHeaders, AuthMessages, BEARER_PREFIX, hasFeature, type Feature } from '@plantlens/contracts';
import { AccessTokenService } from './access-token.service';
import {
  ALLOW_SERVICE_TOKEN,
  IS_PUBLIC,
  REQUIRED_FEATURES,
  type AuthenticatedRequest,
} from './auth.decorators';
import { SessionCheck } from './session-check';

// Reads cannot harm; a write is where an ended session must stop at once rather than when its token expires.
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface HeaderRequest extends AuthenticatedRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

export function bearerToken(headers: HeaderRequest['headers']): string | undefined {
  const value = headers[AuthHeaders.authorization.toLowerCase()];
  const header = Array.isArray(value) ? value[0] : value;
  if (!header?.startsWith(BEARER_PREFIX)) return undefined;
  const token = header.slice(BEARER_PREFIX.length).trim();
  return token.length > 0 ? token : undefined;
}

/** The access token the guard verified, for a call made on the user's behalf to another service. */
export const CurrentAccessToken = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const token = bearerToken(context.switchToHttp().getRequest<HeaderRequest>().headers);
  if (!token) throw new UnauthorizedException(AuthMessages.missingToken);
  return token;
});

// Installed as the global guard of every service: a route needs a valid access token unless it is
// @Public(); @RequireFeature() adds the feature check; @AllowServiceToken() admits data sources; a write
// also needs the user's session to be still active (SessionCheck).
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
    private readonly sessions: SessionCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Event handlers (Kafka / in-memory) are not requests of users.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<HeaderRequest>();

    if (this.reflector.getAllAndOverride<boolean>(ALLOW_SERVICE_TOKEN, targets)) {
      const presented = request.headers[AuthHeaders.serviceToken.toLowerCase()];
      if (typeof presented === 'string' && presented.length > 0) {
        if (!this.tokens.isServiceToken(presented))
          throw new UnauthorizedException(AuthMessages.invalidToken);
        request.serviceCaller = true;
        return true;
      }
    }

    const token = bearerToken(request.headers);
    if (!token) throw new UnauthorizedException(AuthMessages.missingToken);
    const user = await this.tokens.verify(token);
    request.user = user;

    const features = this.reflector.getAllAndOverride<Feature[] | undefined>(REQUIRED_FEATURES, targets);
    if (features && !features.some((feature) => hasFeature(user.authorities, feature))) {
      throw new ForbiddenException(`Needs the feature ${features.join(' or ')}`);
    }
    if (!READ_METHODS.has(request.method)) await this.sessions.assertActive(user);
    return true;
  }
}
