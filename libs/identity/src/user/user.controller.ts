import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  idQuerySchema,
  passwordChangeSchema,
  tokenPairSchema,
  userCreateSchema,
  userDtoSchema,
  userListDtoSchema,
  userUpdateSchema,
  type IdQuery,
  type PasswordChangeDto,
  type TokenPairDto,
  type UserCreateDto,
  type UserDto,
  type UserSummaryDto,
  type UserUpdateDto,
} from '@plantlens/contracts';
import { CurrentUser, RequireFeature, Responds, type AuthenticatedUser } from '@plantlens/platform';
import { UserBodyPipe } from './user-body.pipe';
import { UserService } from './user.service';

// Listing needs only a sign-in (whoever shares an object picks users from it) and answers full rows only to
// holders of the UsersGroupsAndPermissions feature (admins); changes need that feature.
@Controller('api/web/user')
export class UserController {
  constructor(private readonly users: UserService) {}

  @Get()
  @Responds(userListDtoSchema)
  list(@CurrentUser() caller: AuthenticatedUser): Promise<UserDto[] | UserSummaryDto[]> {
    return this.users.list(caller);
  }

  @Post()
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(userDtoSchema)
  create(@Body(new UserBodyPipe(userCreateSchema)) body: UserCreateDto): Promise<UserDto> {
    return this.users.create(body);
  }

  @Put()
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(userDtoSchema)
  update(@Body(new UserBodyPipe(userUpdateSchema)) body: UserUpdateDto): Promise<UserDto> {
    return this.users.update(body);
  }

  @Delete()
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(userDtoSchema)
  disable(@Query({ schema: idQuerySchema }) query: IdQuery): Promise<UserDto> {
    return this.users.disable(query.id);
  }

  // Registration creates disabled users, and DELETE disables: this is how an admin lets them in again.
  @Put('enable')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(userDtoSchema)
  enable(@Query({ schema: idQuerySchema }) query: IdQuery): Promise<UserDto> {
    return this.users.enable(query.id);
  }

  @Put('password')
  @HttpCode(200)
  @Responds(tokenPairSchema)
  changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new UserBodyPipe(passwordChangeSchema)) body: PasswordChangeDto,
  ): Promise<TokenPairDto> {
    return this.users.changePassword(user, body);
  }
}
