import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  GROUP_PERMISSION_FLAGS,
  GroupMessages,
  UserMessages,
  type GroupCreateDto,
  type GroupDto,
  type GroupMemberDto,
  type GroupPermissionsDto,
  type GroupPermissionsUpdateDto,
  type GroupUpdateDto,
} from '@plantlens/contracts';
import { UserRepository } from '../user/user.repository';
import { GroupRepository, type GroupRow } from './group.repository';

@Injectable()
export class GroupService {
  constructor(
    private readonly groups: GroupRepository,
    private readonly users: UserRepository,
  ) {}

  list(): Promise<GroupDto[]> {
    return this.groups.list();
  }

  async create(body: GroupCreateDto): Promise<GroupDto> {
    const parentId = body.parentId ?? (await this.groups.findRoot()).id;
    await this.found(parentId);
    if (await this.groups.findByName(body.name)) throw new ConflictException(GroupMessages.groupExists);
    const id = await this.groups.insert(body.name, parentId);
    if (id === undefined) throw new ConflictException(GroupMessages.groupExists);
    return this.found(id);
  }

  async update(body: GroupUpdateDto): Promise<GroupDto> {
    const group = await this.found(body.id);
    const sameName = await this.groups.findByName(body.name);
    if (sameName && sameName.id !== group.id) throw new ConflictException(GroupMessages.groupExists);
    // The root stays the root; another group may move, but not under itself or its descendants.
    let parentId = group.parentId;
    if (group.parentId !== null && body.parentId !== undefined && body.parentId !== null) {
      await this.found(body.parentId);
      if (await this.isDescendantOrSelf(body.parentId, group.id)) {
        throw new BadRequestException('parentId: a group cannot be moved under itself');
      }
      parentId = body.parentId;
    }
    await this.groups.update(group.id, body.name, parentId);
    return this.found(group.id);
  }

  async delete(id: number): Promise<GroupDto> {
    const group = await this.notRoot(id);
    await this.groups.delete(group);
    return group;
  }

  async members(groupId: number): Promise<GroupMemberDto[]> {
    await this.found(groupId);
    return this.groups.members(groupId);
  }

  async addMember(groupId: number, userId: number): Promise<GroupMemberDto[]> {
    await this.notRoot(groupId);
    if (!(await this.users.findById(userId))) throw new NotFoundException(UserMessages.userNotFound);
    await this.groups.addMember(groupId, userId);
    return this.groups.members(groupId);
  }

  async removeMember(groupId: number, userId: number): Promise<GroupMemberDto[]> {
    await this.notRoot(groupId);
    await this.groups.removeMember(groupId, userId);
    return this.groups.members(groupId);
  }

  async permissions(groupId: number): Promise<GroupPermissionsDto> {
    await this.found(groupId);
    const granted = new Set(await this.groups.flags(groupId));
    return Object.fromEntries(
      GROUP_PERMISSION_FLAGS.map((flag) => [flag, granted.has(flag)]),
    ) as GroupPermissionsDto;
  }

  async setPermissions(groupId: number, body: GroupPermissionsUpdateDto): Promise<GroupPermissionsDto> {
    await this.found(groupId);
    const entries = Object.entries(body) as [string, boolean | undefined][];
    await this.groups.setFlags(
      groupId,
      entries.filter(([, on]) => on === true).map(([flag]) => flag),
      entries.filter(([, on]) => on === false).map(([flag]) => flag),
    );
    return this.permissions(groupId);
  }

  private async found(id: number): Promise<GroupRow> {
    const group = await this.groups.findById(id);
    if (!group) throw new NotFoundException(GroupMessages.groupNotFound);
    return group;
  }

  private async notRoot(id: number): Promise<GroupRow> {
    const group = await this.found(id);
    if (group.parentId === null) throw new ForbiddenException(GroupMessages.rootProtected);
    return group;
  }

  private async isDescendantOrSelf(candidateId: number, ancestorId: number): Promise<boolean> {
    const all = await this.groups.list();
    const parentOf = new Map(all.map((group) => [group.id, group.parentId]));
    for (let id: number | null | undefined = candidateId; id != null; id = parentOf.get(id)) {
      if (id === ancestorId) return true;
    }
    return false;
  }
}
