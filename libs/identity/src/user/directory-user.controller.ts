import { Body, Controller, Delete, Get, Header, Post, Put, Query } from '@nestjs/common';
import {
  directoryUserCreateSchema,
  directoryUserQuerySchema,
  directoryUserUpdateSchema,
  idQuerySchema,
  type DirectoryUserCreateDto,
  type DirectoryUserUpdateDto,
  type IdQuery,
  type UserDto,
} from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { UserBodyPipe } from './user-body.pipe';
import { UserService } from './user.service';

// User administration in directory mode (spec part 1 §7 /api/auth/azuread/user/): users carry a
// directory id and no password. Admins only, like /api/web/user.
@RequireFeature('UsersGroupsAndPermissions')
@Controller('api/auth/azuread/user')
export class DirectoryUserController {
  constructor(private readonly users: UserService) {}

  @Get()
  @Header('content-type', 'text/plain; charset=utf-8')
  directoryId(@Query({ schema: directoryUserQuerySchema }) query: { userId: number }): Promise<string> {
    return this.users.directoryIdOf(query.userId);
  }

  @Post()
  create(@Body(new UserBodyPipe(directoryUserCreateSchema)) body: DirectoryUserCreateDto): Promise<UserDto> {
    return this.users.create(body);
  }

  @Put()
  update(@Body(new UserBodyPipe(directoryUserUpdateSchema)) body: DirectoryUserUpdateDto): Promise<UserDto> {
    return this.users.update(body);
  }

  @Delete()
  disable(@Query({ schema: idQuerySchema }) query: IdQuery): Promise<UserDto> {
    return this.users.disable(query.id);
  }
}
