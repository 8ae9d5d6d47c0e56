import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  groupCreateSchema,
  groupIdParamsSchema,
  groupMemberParamsSchema,
  groupPermissionsUpdateSchema,
  groupUpdateSchema,
  idQuerySchema,
  type GroupCreateDto,
  type GroupDto,
  type GroupIdParams,
  type GroupMemberParams,
  type GroupMemberDto,
  type GroupPermissionsDto,
  type GroupPermissionsUpdateDto,
  type GroupUpdateDto,
  type IdQuery,
} from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { GroupService } from './group.service';

// Listing needs only a sign-in (the permission screens pick groups from it); everything else is admin.
@Controller('api/web/group')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @Get()
  list(): Promise<GroupDto[]> {
    return this.groups.list();
  }

  @Post()
  @RequireFeature('UsersGroupsAndPermissions')
  create(@Body({ schema: groupCreateSchema }) body: GroupCreateDto): Promise<GroupDto> {
    return this.groups.create(body);
  }

  @Put()
  @RequireFeature('UsersGroupsAndPermissions')
  update(@Body({ schema: groupUpdateSchema }) body: GroupUpdateDto): Promise<GroupDto> {
    return this.groups.update(body);
  }

  @Delete()
  @RequireFeature('UsersGroupsAndPermissions')
  delete(@Query({ schema: idQuerySchema }) query: IdQuery): Promise<GroupDto> {
    return this.groups.delete(query.id);
  }

  @Get(':id/user')
  @RequireFeature('UsersGroupsAndPermissions')
  members(@Param({ schema: groupIdParamsSchema }) params: GroupIdParams): Promise<GroupMemberDto[]> {
    return this.groups.members(params.id);
  }

  @Post(':groupId/user/:userId')
  @RequireFeature('UsersGroupsAndPermissions')
  addMember(
    @Param({ schema: groupMemberParamsSchema }) params: GroupMemberParams,
  ): Promise<GroupMemberDto[]> {
    return this.groups.addMember(params.groupId, params.userId);
  }

  @Delete(':groupId/user/:userId')
  @RequireFeature('UsersGroupsAndPermissions')
  removeMember(
    @Param({ schema: groupMemberParamsSchema }) params: GroupMemberParams,
  ): Promise<GroupMemberDto[]> {
    return this.groups.removeMember(params.groupId, params.userId);
  }

  @Get(':id/permission')
  @RequireFeature('UsersGroupsAndPermissions')
  permissions(@Param({ schema: groupIdParamsSchema }) params: GroupIdParams): Promise<GroupPermissionsDto> {
    return this.groups.permissions(params.id);
  }

  @Put(':id/permission')
  @RequireFeature('UsersGroupsAndPermissions')
  setPermissions(
    @Param({ schema: groupIdParamsSchema }) params: GroupIdParams,
    @Body({ schema: groupPermissionsUpdateSchema }) body: GroupPermissionsUpdateDto,
  ): Promise<GroupPermissionsDto> {
    return this.groups.setPermissions(params.id, body);
  }
}
