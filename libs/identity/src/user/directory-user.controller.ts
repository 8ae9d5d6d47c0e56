import { Body, Controller, Delete, Get, Post, Put, Query, Res } from '@nestjs/common';
import {
  directoryUserCreateSchema,
  directoryUserQuerySchema,
  directoryUserUpdateSchema,
  idQuerySchema,
  userDtoSchema,
  type DirectoryUserCreateDto,
  type DirectoryUserUpdateDto,
  type IdQuery,
  type UserDto,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { UserBodyPipe } from './user-body.pipe';
import { UserService } from './user.service';

// User administration in directory mode (spec part 1 §7 /api/auth/azuread/user/): users carry a
// directory id and no password. Admins only, like /api/web/user.
@RequireFeature('UsersGroupsAndPermissions')
@Controller('api/auth/azuread/user')
export class DirectoryUserController {
  constructor(private readonly users: UserService) {}

  // Plain text: the directory id of the user.
  @Get()
  @Responds(z.string(), { contentType: 'text/plain' })
  async directoryId(
    @Query({ schema: directoryUserQuerySchema }) query: { userId: number },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const directoryId = await this.users.directoryIdOf(query.userId);
    void reply.type('text/plain; charset=utf-8');
    return directoryId;
  }

  @Post()
  @Responds(userDtoSchema)
  create(@Body(new UserBodyPipe(directoryUserCreateSchema)) body: DirectoryUserCreateDto): Promise<UserDto> {
    return this.users.create(body);
  }

  @Put()
  @Responds(userDtoSchema)
  update(@Body(new UserBodyPipe(directoryUserUpdateSchema)) body: DirectoryUserUpdateDto): Promise<UserDto> {
    return this.users.update(body);
  }

  @Delete()
  @Responds(userDtoSchema)
  disable(@Query({ schema: idQuerySchema }) query: IdQuery): Promise<UserDto> {
    return this.users.disable(query.id);
  }
}
