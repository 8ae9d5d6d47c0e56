import { z } from 'zod';
import { nameSchema, pathIdSchema, textSchema } from './schema-parts';

// Header protocol of spec part 1 §7. Every request but login/refresh carries the access token as
// `X-Authorization: Bearer <access>`; refresh carries the refresh token in the same header.
export const AuthHeaders = {
  authorization: 'X-Authorization',
  isLogin: 'X-Is-Login',
  isRefresh: 'X-Is-Refresh',
  /** data sources (simulator, connectors) that declare variables without a user */
  serviceToken: 'X-Service-Token',
} as const;

export const BEARER_PREFIX = 'Bearer ';

// 401 body messages. The client refreshes once on EXPIRED and signs out on any other 401.
export const AuthMessages = {
  expired: 'Expired',
  missingToken: 'Missing token',
  invalidToken: 'Invalid token',
  userNotFound: 'User not found',
  wrongPassword: 'Wrong password',
  accountNotAllowed: 'Account not allowed',
  accountDisabled: 'Account disabled',
  tooManyAttempts: 'Too many attempts',
  invalidRefreshToken: 'Invalid refresh token',
  invalidEmail: 'Invalid email',
  /** the account was disabled or deleted, or its password changed, since the access token was issued */
  sessionEnded: 'Session ended',
} as const;

// Local storage keys of the web session (spec part 1 §3).
export const SessionStorageKeys = { accessToken: 'at', refreshToken: 'rt' } as const;

// POST /api/auth/login
export const loginBodySchema = z.object({
  username: nameSchema({ message: 'is required' }).trim().min(1, 'is required').max(200),
  password: textSchema({ message: 'is required' }).min(1, 'is required').max(1000),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

// Answer of login, refresh, saml and azuread.
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPairDto = z.infer<typeof tokenPairSchema>;

// GET /api/web/account
export const accountDtoSchema = z.strictObject({ username: z.string(), authorities: z.array(z.string()) });
export type AccountDto = z.infer<typeof accountDtoSchema>;

// GET /api/web/account/profile — the personal area's "My profile" and "Roles and permissions": the signed-in
// user's own record, his groups with the permission flags each grants, and the authorities they add up to.
export const accountProfileDtoSchema = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  admin: z.boolean(),
  superAdmin: z.boolean(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.string()) })),
  authorities: z.array(z.string()),
});
export type AccountProfileDto = z.infer<typeof accountProfileDtoSchema>;

// POST /api/auth/signin (registration by e-mail)
export const signinBodySchema = z.object({
  email: z.email({ message: AuthMessages.invalidEmail }).max(320),
});
export type SigninBody = z.infer<typeof signinBodySchema>;
export const signinResponseDtoSchema = z.object({ message: z.string() });
export type SigninResponseDto = z.infer<typeof signinResponseDtoSchema>;

// GET /api/auth/saml when directory sign-in is off, and GET /api/auth/sso/config: what the login page shows.
export const ssoConfigDtoSchema = z.object({
  /** true when directory (OpenID Connect) sign-in is configured */
  enabled: z.boolean(),
  /** the provider's authorization endpoint to start the browser flow, when enabled */
  authorizationUrl: z.string().optional(),
  clientId: z.string().optional(),
  redirectUri: z.string().optional(),
});
export type SsoConfigDto = z.infer<typeof ssoConfigDtoSchema>;

// Claims of the access token (a JWT signed by identity with Ed25519).
export interface AccessTokenClaims {
  /** user id, as a string */
  sub: string;
  username: string;
  authorities: string[];
  /** the user's session version when the token was issued; a write with an older one is refused */
  sessionVersion: number;
}

// GET /api/web/session/{userId} (services only): whether a user's access tokens may still write.
export const sessionParamsSchema = z.object({ userId: pathIdSchema });
export type SessionParams = z.infer<typeof sessionParamsSchema>;
export const sessionStateDtoSchema = z.object({
  userId: z.number().int(),
  /** false for a disabled or deleted account */
  enabled: z.boolean(),
  /** tokens carrying another version were issued before the sessions ended */
  sessionVersion: z.number().int(),
});
export type SessionStateDto = z.infer<typeof sessionStateDtoSchema>;
