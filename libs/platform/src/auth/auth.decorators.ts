import {
  createParamDecorator,
  SetMetadata,
  UnauthorizedException,
  type ExecutionContext,
} from '@nestjs/common';
import { AuthMessages, type Feature } from '@plantlens/contracts';
import type { AuthenticatedUser } from './access-token.service';

export const IS_PUBLIC = 'plantlens:public';
export const REQUIRED_FEATURES = 'plantlens:features';
export const ALLOW_SERVICE_TOKEN = 'plantlens:service-token';

/** The route needs no access token (sign-in, health). Every other route does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The user must hold an authority of at least one of these features (contracts FEATURE_AUTHORITIES). */
export const RequireFeature = (...features: [Feature, ...Feature[]]) =>
  SetMetadata(REQUIRED_FEATURES, features);

/** A data source may call the route with the service token (header X-Service-Token) instead of a user token. */
export const AllowServiceToken = () => SetMetadata(ALLOW_SERVICE_TOKEN, true);

export interface AuthenticatedRequest {
  user?: AuthenticatedUser;
  /** true when the caller presented the service token */
  serviceCaller?: boolean;
}

/** The signed-in user whose access token the guard verified. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (!user) throw new UnauthorizedException(AuthMessages.missingToken);
    return user;
  },
);

/** The signed-in user, or undefined when a service called with the service token. */
export const OptionalUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser | undefined =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);

/** true when the caller presented the service token. */
export const IsServiceCaller = createParamDecorator(
  (_: unknown, context: ExecutionContext): boolean =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().serviceCaller === true,
);
