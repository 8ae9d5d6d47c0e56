import { Controller, Get } from '@nestjs/common';
import {
  accountDtoSchema,
  accountProfileDtoSchema,
  type AccountDto,
  type AccountProfileDto,
} from '@plantlens/contracts';
import { CurrentUser, Responds, type AuthenticatedUser } from '@plantlens/platform';
import { UserService } from './user.service';

@Controller('api/web/account')
export class AccountController {
  constructor(private readonly users: UserService) {}

  // Read from the database, not the token: a changed group or admin flag shows at the next reload.
  @Get()
  @Responds(accountDtoSchema)
  account(@CurrentUser() user: AuthenticatedUser): Promise<AccountDto> {
    return this.users.account(user);
  }

  @Get('profile')
  @Responds(accountProfileDtoSchema)
  profile(@CurrentUser() user: AuthenticatedUser): Promise<AccountProfileDto> {
    return this.users.profile(user);
  }
}
