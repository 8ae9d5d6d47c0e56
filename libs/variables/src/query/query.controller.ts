import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  permissionChangeQuerySchema,
  permissionOverlapDtoSchema,
  permissionRowDtoSchema,
  queryCreateSchema,
  queryDtoSchema,
  queryIdParamsSchema,
  queryIdQuerySchema,
  queryListQuerySchema,
  queryPermissionChangeParamsSchema,
  queryUpdateSchema,
  type PermissionChangeQuery,
  type PermissionRowDto,
  type QueryCreate,
  type QueryDto,
  type QueryListQuery,
  type QueryPermissionChangeParams,
  type QueryUpdate,
} from '@plantlens/contracts';
import {
  CurrentAccessToken,
  CurrentUser,
  RequireFeature,
  Responds,
  type AuthenticatedUser,
} from '@plantlens/platform';
import { QueryService } from './query.service';

// Spec part 1 §7 "Queries". Every route needs the Query feature; the per-query rights are the service's.
@RequireFeature('Query')
@Controller('api/web/query')
export class QueryController {
  constructor(private readonly queries: QueryService) {}

  @Get()
  @Responds(queryDtoSchema.array())
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: queryListQuerySchema }) query: QueryListQuery,
  ): Promise<QueryDto[]> {
    return this.queries.list(user, query.tags);
  }

  @Post()
  @Responds(queryDtoSchema)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: queryCreateSchema }) body: QueryCreate,
  ): Promise<QueryDto> {
    return this.queries.create(user, body);
  }

  @Put()
  @Responds(queryDtoSchema)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: queryUpdateSchema }) body: QueryUpdate,
  ): Promise<QueryDto> {
    return this.queries.update(user, body);
  }

  @Delete()
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: queryIdQuerySchema }) query: { id: number },
  ): Promise<void> {
    await this.queries.delete(user, query.id);
  }

  @Get(':id/permissions/users')
  @Responds(permissionRowDtoSchema.array())
  users(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccessToken() accessToken: string,
    @Param({ schema: queryIdParamsSchema }) params: { id: number },
  ): Promise<PermissionRowDto[]> {
    return this.queries.permissionRows(user, accessToken, params.id, 'users');
  }

  @Get(':id/permissions/groups')
  @Responds(permissionRowDtoSchema.array())
  groups(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccessToken() accessToken: string,
    @Param({ schema: queryIdParamsSchema }) params: { id: number },
  ): Promise<PermissionRowDto[]> {
    return this.queries.permissionRows(user, accessToken, params.id, 'groups');
  }

  @Put(':id/permission/:permissionType/:userOrGroup/:targetId')
  @Responds(permissionRowDtoSchema, { description: 'the row granted, as identity answers it' })
  @Responds(permissionOverlapDtoSchema, {
    status: 409,
    description: "a group grant above some members' own rights, without raiseMembers=true",
  })
  grant(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccessToken() accessToken: string,
    @Param({ schema: queryPermissionChangeParamsSchema }) params: QueryPermissionChangeParams,
    @Query({ schema: permissionChangeQuerySchema }) query: PermissionChangeQuery,
  ): Promise<unknown> {
    return this.queries.changePermission(user, accessToken, 'PUT', params, query.raiseMembers);
  }

  @Delete(':id/permission/:permissionType/:userOrGroup/:targetId')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async revoke(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccessToken() accessToken: string,
    @Param({ schema: queryPermissionChangeParamsSchema }) params: QueryPermissionChangeParams,
  ): Promise<void> {
    await this.queries.changePermission(user, accessToken, 'DELETE', params, false);
  }
}
