import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import {
  AuthMessages,
  USER_NAME_PATTERN,
  type LoginBody,
  type SigninBody,
  type SigninResponseDto,
  type TokenPairDto,
} from '@plantlens/contracts';
import { setTimeout } from 'node:timers/promises';
import { UserRepository } from '../user/user.repository';
import { DirectorySignInService } from './directory-sign-in.service';
import { LoginThrottle } from './login-throttle.service';
import { PasswordHasher } from './password-hasher.service';
import { TokenService } from './token.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    private readonly directory: DirectorySignInService,
  ) {}

  /** 400 `User not found`, 401 `Wrong password` (or `Account disabled`), 429 when throttled (docs/security.md). */
  async login(body: LoginBody, address: string): Promise<TokenPairDto> {
    const username = body.username.toLowerCase();
    const slowdownMs = await this.throttle.check(username, address);
    if (slowdownMs > 0) await setTimeout(slowdownMs);
    const user = await this.users.findByName(username);
    if (!user) {
      await this.throttle.recordFailure(username, address);
      throw new BadRequestException(AuthMessages.userNotFound);
    }
    if (!user.passwordHash || !(await this.hasher.verify(body.password, user.passwordHash))) {
      await this.throttle.recordFailure(username, address);
      throw new UnauthorizedException(AuthMessages.wrongPassword);
    }
    if (!user.enabled) throw new UnauthorizedException(AuthMessages.accountDisabled);
    await this.throttle.recordSuccess(username, address);
    return this.tokens.issue(user);
  }

  refresh(refreshToken: string | undefined): Promise<TokenPairDto> {
    if (!refreshToken) throw new UnauthorizedException(AuthMessages.invalidRefreshToken);
    return this.tokens.refresh(refreshToken);
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (refreshToken) await this.tokens.revoke(refreshToken);
  }

  // Registration by e-mail: records a disabled account named after the address for an administrator to
  // enable (and give a password or a directory id). The answer is the same whether or not the address
  // is known, so it tells nobody who has an account. Counts against the address's sign-in budget.
  async register(body: SigninBody, address: string): Promise<SigninResponseDto> {
    await this.throttle.check(undefined, address);
    await this.throttle.recordFailure(undefined, address);
    if (!(await this.users.findByEmail(body.email))) {
      const base =
        (body.email.split('@')[0] ?? '')
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, '.')
          .slice(0, 60) || 'user';
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const name = attempt === 0 ? base : `${base}${attempt + 1}`;
        if (!USER_NAME_PATTERN.test(name)) break;
        const id = await this.users.insert(
          { name, email: body.email, admin: false, enabled: false, directoryId: null, passwordHash: null },
          [],
        );
        if (id !== undefined) break;
      }
    }
    return { message: 'Welcome :)' };
  }

  /** Directory sign-in: tokens when the directory id belongs to an enabled user, else 403. */
  async signInWithDirectoryId(directoryId: string): Promise<TokenPairDto> {
    const user = await this.users.findByDirectoryId(directoryId);
    if (!user?.enabled) throw new ForbiddenException(AuthMessages.accountNotAllowed);
    return this.tokens.issue(user);
  }

  async azureAd(idToken: string | undefined): Promise<TokenPairDto> {
    if (!this.directory.enabled) throw new NotFoundException('Directory sign-in is not configured');
    if (!idToken) throw new UnauthorizedException(AuthMessages.invalidToken);
    return this.signInWithDirectoryId(await this.directory.directoryIdOfIdToken(idToken));
  }
}
