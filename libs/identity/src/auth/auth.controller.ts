import { Body, Controller, Get, Headers, HttpCode, Ip, Post, Query, Res } from '@nestjs/common';
import {
  AuthHeaders,
  loginBodySchema,
  signinBodySchema,
  signinResponseDtoSchema,
  ssoConfigDtoSchema,
  tokenPairSchema,
  type LoginBody,
  type SigninBody,
  type SigninResponseDto,
  type SsoConfigDto,
  type TokenPairDto,
} from '@plantlens/contracts';
import { bearerToken, Public, Responds } from '@plantlens/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AuthService } from './auth.service';
import { DirectorySignInService } from './directory-sign-in.service';

const bearerOf = (header: string | undefined) =>
  bearerToken({ [AuthHeaders.authorization.toLowerCase()]: header });

const samlQuerySchema = z.record(z.string(), z.string());

// The sign-in routes of spec part 1 §7: the only ones reachable without an access token.
@Public()
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly directory: DirectorySignInService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Responds(tokenPairSchema)
  login(@Body({ schema: loginBodySchema }) body: LoginBody, @Ip() address: string): Promise<TokenPairDto> {
    return this.auth.login(body, address);
  }

  // The refresh token travels in X-Authorization as a bearer (with X-Is-Refresh).
  @Post('refresh')
  @HttpCode(200)
  @Responds(tokenPairSchema)
  refresh(
    @Headers(AuthHeaders.authorization.toLowerCase()) header: string | undefined,
  ): Promise<TokenPairDto> {
    return this.auth.refresh(bearerOf(header));
  }

  // Ends the session of the refresh token in X-Authorization.
  @Post('logout')
  @HttpCode(204)
  @Responds(null)
  async logout(@Headers(AuthHeaders.authorization.toLowerCase()) header: string | undefined): Promise<void> {
    await this.auth.logout(bearerOf(header));
  }

  @Post('signin')
  @Responds(signinResponseDtoSchema)
  signin(
    @Body({ schema: signinBodySchema }) body: SigninBody,
    @Ip() address: string,
  ): Promise<SigninResponseDto> {
    return this.auth.register(body, address);
  }

  // What the login page offers: username/password or the directory button.
  @Get('sso')
  @Responds(ssoConfigDtoSchema)
  sso(): Promise<SsoConfigDto> {
    return this.directory.publicConfig();
  }

  // The directory's ID token in X-Authorization as a bearer.
  @Post('azuread')
  @HttpCode(200)
  @Responds(tokenPairSchema)
  azureAd(
    @Headers(AuthHeaders.authorization.toLowerCase()) header: string | undefined,
  ): Promise<TokenPairDto> {
    return this.auth.azureAd(bearerOf(header));
  }

  // SSO entry. Without `code`: 302 to the provider (the browser navigates here). The provider sends the
  // browser back to OIDC_REDIRECT_URI (the web page /saml) with code and state, and that page calls this
  // route again with them: the answer is then the token pair.
  @Get('saml')
  @Responds(tokenPairSchema)
  @Responds(null, { status: 302, description: 'to the directory’s sign-in page' })
  async saml(
    @Query({ schema: samlQuerySchema }) query: Record<string, string>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPairDto | undefined> {
    if (!query.code && !query.error) {
      void reply.redirect(await this.directory.authorizationUrl(), 302);
      return undefined;
    }
    return this.auth.signInWithDirectoryId(await this.directory.completeCodeFlow(query));
  }
}
