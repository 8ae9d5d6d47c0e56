import {
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { AuthMessages, type SsoConfigDto } from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { SignInFlowRepository } from './sign-in-flow.repository';

const FLOW_TTL_MS = 10 * 60_000;

// Directory single sign-on over OpenID Connect (Azure AD or any provider), on when OIDC_ISSUER_URL is set.
// Two entries: POST /api/auth/azuread with an ID token the browser got from the provider (validated here
// against the provider's JWKS), and the authorization-code flow behind GET /api/auth/saml, whose started
// flows live in PostgreSQL (SignInFlowRepository) so that any replica finishes them.
@Injectable()
export class DirectorySignInService {
  private readonly logger = new Logger('DirectorySignIn');
  private configuration: Promise<oidc.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly flows: SignInFlowRepository,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.OIDC_ISSUER_URL && this.config.OIDC_CLIENT_ID);
  }

  async publicConfig(): Promise<SsoConfigDto> {
    if (!this.enabled) return { enabled: false };
    const configuration = await this.discover();
    return {
      enabled: true,
      authorizationUrl: configuration.serverMetadata().authorization_endpoint,
      clientId: this.config.OIDC_CLIENT_ID,
      redirectUri: this.config.OIDC_REDIRECT_URI,
    };
  }

  /** Validates issuer, audience, signature (provider JWKS) and expiry; returns the directory id. */
  async directoryIdOfIdToken(idToken: string): Promise<string> {
    const configuration = await this.discover();
    const metadata = configuration.serverMetadata();
    if (!metadata.jwks_uri) throw new Error('The OpenID provider publishes no jwks_uri');
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: metadata.issuer,
        audience: this.config.OIDC_CLIENT_ID,
        requiredClaims: ['exp', 'iat'],
      }));
    } catch {
      throw new UnauthorizedException(AuthMessages.invalidToken);
    }
    return this.directoryIdOf(payload);
  }

  /** The provider's authorization URL for a new code flow (PKCE + state + nonce). */
  async authorizationUrl(): Promise<string> {
    const configuration = await this.discover();
    const redirectUri = this.redirectUri();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.flows.start(state, { codeVerifier, nonce }, FLOW_TTL_MS);
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  /** Ends a code flow: exchanges the code and returns the directory id of the signed-in person. */
  async completeCodeFlow(query: Record<string, string>): Promise<string> {
    const configuration = await this.discover();
    const flow = await this.flows.take(query.state ?? '');
    if (!flow) throw new UnauthorizedException('Unknown or expired sign-in');
    const callback = new URL(this.redirectUri());
    for (const [key, value] of Object.entries(query)) callback.searchParams.set(key, value);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: query.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return this.directoryIdOf(claims);
    } catch (error) {
      if (error instanceof ForbiddenException) throw error;
      this.logger.warn(`Directory sign-in failed: ${error instanceof Error ? error.message : error}`);
      throw new UnauthorizedException('Directory sign-in failed');
    }
  }

  private directoryIdOf(claims: JWTPayload | oidc.IDToken): string {
    const value = (claims as Record<string, unknown>)[this.config.OIDC_DIRECTORY_ID_CLAIM];
    if (typeof value !== 'string' || value.length === 0)
      throw new ForbiddenException(AuthMessages.accountNotAllowed);
    return value;
  }

  private redirectUri(): string {
    if (!this.config.OIDC_REDIRECT_URI) throw new NotFoundException('OIDC_REDIRECT_URI is not configured');
    return this.config.OIDC_REDIRECT_URI;
  }

  private discover(): Promise<oidc.Configuration> {
    const { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = this.config;
    if (!issuer || !clientId) throw new NotFoundException('Directory sign-in is not configured');
    this.configuration ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        secret,
        undefined,
        // A plain-http issuer is only for local providers (tests, development); production uses https.
        issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}
