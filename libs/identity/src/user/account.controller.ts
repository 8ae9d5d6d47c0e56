import { Controller, Get } from '@nestjs/common';
import type { AccountDto, AccountProfileDto } from '@plantlens/contracts';
import { CurrentUser, type AuthenticatedUser } from '@plantlens/platform';
import { UserService } from './user.service';

@Controller('api/web/account')
export class AccountController {
  constructor(private readonly users: UserService) {}

  // Read from the database, not the token: a changed group or admin flag shows at the next reload.
  @Get()
  account(@CurrentUser() user: AuthenticatedUser): Promise<AccountDto> {
    return this.users.account(user);
  }

  @Get('profile')
  profile(@CurrentUser() user: AuthenticatedUser): Promise<AccountProfileDto> {
    return this.users.profile(user);
  }
}
