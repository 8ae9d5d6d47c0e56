import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  groupCreateSchema,
  groupIdParamsSchema,
  groupMemberParamsSchema,
  groupDtoSchema,
  groupMemberDtoSchema,
  groupPermissionsDtoSchema,
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
import { RequireFeature, Responds } from '@plantlens/platform';
import { z } from 'zod';
import { GroupService } from './group.service';

// Listing needs only a sign-in (the permission screens pick groups from it); everything else is admin.
@Controller('api/web/group')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @Get()
  @Responds(z.array(groupDtoSchema))
  list(): Promise<GroupDto[]> {
    return this.groups.list();
  }

  @Post()
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(groupDtoSchema)
  create(@Body({ schema: groupCreateSchema }) body: GroupCreateDto): Promise<GroupDto> {
    return this.groups.create(body);
  }

  @Put()
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(groupDtoSchema)
  update(@Body({ schema: groupUpdateSchema }) body: GroupUpdateDto): Promise<GroupDto> {
    return this.groups.update(body);
  }

  @Delete()
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(groupDtoSchema)
  delete(@Query({ schema: idQuerySchema }) query: IdQuery): Promise<GroupDto> {
    return this.groups.delete(query.id);
  }

  @Get(':id/user')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(z.array(groupMemberDtoSchema))
  members(@Param({ schema: groupIdParamsSchema }) params: GroupIdParams): Promise<GroupMemberDto[]> {
    return this.groups.members(params.id);
  }

  @Post(':groupId/user/:userId')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(z.array(groupMemberDtoSchema))
  addMember(
    @Param({ schema: groupMemberParamsSchema }) params: GroupMemberParams,
  ): Promise<GroupMemberDto[]> {
    return this.groups.addMember(params.groupId, params.userId);
  }

  @Delete(':groupId/user/:userId')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(z.array(groupMemberDtoSchema))
  removeMember(
    @Param({ schema: groupMemberParamsSchema }) params: GroupMemberParams,
  ): Promise<GroupMemberDto[]> {
    return this.groups.removeMember(params.groupId, params.userId);
  }

  @Get(':id/permission')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(groupPermissionsDtoSchema)
  permissions(@Param({ schema: groupIdParamsSchema }) params: GroupIdParams): Promise<GroupPermissionsDto> {
    return this.groups.permissions(params.id);
  }

  @Put(':id/permission')
  @RequireFeature('UsersGroupsAndPermissions')
  @Responds(groupPermissionsDtoSchema)
  setPermissions(
    @Param({ schema: groupIdParamsSchema }) params: GroupIdParams,
    @Body({ schema: groupPermissionsUpdateSchema }) body: GroupPermissionsUpdateDto,
  ): Promise<GroupPermissionsDto> {
    return this.groups.setPermissions(params.id, body);
  }
}
