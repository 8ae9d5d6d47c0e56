import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  assignablePermissionNodeDtoSchema,
  effectiveManySchema,
  effectivePermissionDtoSchema,
  objectAccessDtoSchema,
  objectOwnerSchema,
  objectTypeSchema,
  objectRefParamsSchema,
  permissionChangeParamsSchema,
  permissionChangeQuerySchema,
  permissionEffectiveQuerySchema,
  permissionRowDtoSchema,
  type AssignablePermissionNodeDto,
  type EffectiveManyDto,
  type EffectivePermissionDto,
  type ObjectAccessDto,
  type ObjectOwnerDto,
  type ObjectRefParams,
  type ObjectType,
  type PermissionChangeParams,
  type PermissionChangeQuery,
  type PermissionEffectiveQuery,
  type PermissionRowDto,
} from '@plantlens/contracts';
import {
  AllowServiceToken,
  CurrentUser,
  OptionalUser,
  RequireFeature,
  Responds,
  type AuthenticatedUser,
} from '@plantlens/platform';
import { z } from 'zod';
import { ASSIGNABLE_PERMISSIONS } from './assignable-permissions';
import { ObjectPermissionService } from './object-permission.service';

@Controller('api/web/permission')
export class PermissionController {
  constructor(private readonly permissions: ObjectPermissionService) {}

  // The tree of group permission flags shown by /group/permission/list.
  @Get('assignable')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(z.array(assignablePermissionNodeDtoSchema))
  assignable(): AssignablePermissionNodeDto[] {
    return ASSIGNABLE_PERMISSIONS;
  }

  @Get(':objectType/:objectId/users')
  @Responds(z.array(permissionRowDtoSchema))
  users(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: objectRefParamsSchema }) params: ObjectRefParams,
  ): Promise<PermissionRowDto[]> {
    return this.permissions.rows(user.id, params.objectType, params.objectId, 'user');
  }

  @Get(':objectType/:objectId/groups')
  @Responds(z.array(permissionRowDtoSchema))
  groups(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: objectRefParamsSchema }) params: ObjectRefParams,
  ): Promise<PermissionRowDto[]> {
    return this.permissions.rows(user.id, params.objectType, params.objectId, 'group');
  }

  // What a user may do with the object: the caller himself, or (service token) the user named by userId.
  @Get(':objectType/:objectId/effective')
  @AllowServiceToken()
  @Responds(effectivePermissionDtoSchema)
  effective(
    @OptionalUser() user: AuthenticatedUser | undefined,
    @Param({ schema: objectRefParamsSchema }) params: ObjectRefParams,
    @Query({ schema: permissionEffectiveQuerySchema }) query: PermissionEffectiveQuery,
  ): Promise<EffectivePermissionDto> {
    const userId = user ? user.id : query.userId;
    if (userId === undefined) throw new BadRequestException('userId: is required for a service caller');
    return this.permissions.effective(params.objectType, params.objectId, userId);
  }

  // The same for many objects of one type, with their owners: a list page of the owning service.
  @Post(':objectType/effective')
  @HttpCode(200)
  @AllowServiceToken()
  @Responds(z.array(objectAccessDtoSchema))
  effectiveMany(
    @OptionalUser() user: AuthenticatedUser | undefined,
    @Param({ schema: z.object({ objectType: objectTypeSchema }) }) params: { objectType: ObjectType },
    @Body({ schema: effectiveManySchema }) body: EffectiveManyDto,
  ): Promise<ObjectAccessDto[]> {
    const userId = user ? user.id : body.userId;
    if (userId === undefined) throw new BadRequestException('userId: is required for a service caller');
    return this.permissions.effectiveMany(params.objectType, body.objectIds, userId);
  }

  // The service owning the object (service token) or an admin registers its owner, and drops the ACL
  // when the object is deleted.
  @Put(':objectType/:objectId/owner')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  @AllowServiceToken()
  @RequireFeature('UsersGroupsAndPermissions')
  async setOwner(
    @Param({ schema: objectRefParamsSchema }) params: ObjectRefParams,
    @Body({ schema: objectOwnerSchema }) body: ObjectOwnerDto,
  ): Promise<void> {
    await this.permissions.setOwner(params.objectType, params.objectId, body.ownerId);
  }

  @Delete(':objectType/:objectId')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  @AllowServiceToken()
  @RequireFeature('UsersGroupsAndPermissions')
  async deleteObject(@Param({ schema: objectRefParamsSchema }) params: ObjectRefParams): Promise<void> {
    await this.permissions.deleteObject(params.objectType, params.objectId);
  }

  @Put(':objectType/:objectId/:permissionType/:userOrGroup/:targetId')
  @Responds(permissionRowDtoSchema)
  grant(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: permissionChangeParamsSchema }) params: PermissionChangeParams,
    @Query({ schema: permissionChangeQuerySchema }) query: PermissionChangeQuery,
  ): Promise<PermissionRowDto> {
    return this.permissions.grant(user.id, params, query.raiseMembers);
  }

  @Delete(':objectType/:objectId/:permissionType/:userOrGroup/:targetId')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async revoke(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: permissionChangeParamsSchema }) params: PermissionChangeParams,
  ): Promise<void> {
    await this.permissions.revoke(user.id, params);
  }
}
