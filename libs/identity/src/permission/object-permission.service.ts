import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  PermissionMessages,
  UserMessages,
  type EffectivePermissionDto,
  type ObjectAccessDto,
  type ObjectType,
  type PermissionChangeParams,
  type PermissionFlagsDto,
  type PermissionOverlapDto,
  type PermissionRowDto,
  type TargetType,
} from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { GroupRepository } from '../group/group.repository';
import { UserRepository, type UserRow } from '../user/user.repository';
import { ObjectPermissionRepository, type PermissionEntry } from './object-permission.repository';

// Who may do what with an object of another service. Rights combine: the owner and admins hold all;
// anybody else holds the union of his own row and the rows of his groups. Whoever holds share (or owns
// the object, or is an admin) manages its rows.
@Injectable()
export class ObjectPermissionService {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly permissions: ObjectPermissionRepository,
    private readonly users: UserRepository,
    private readonly groups: GroupRepository,
  ) {}

  async effective(objectType: ObjectType, objectId: number, userId: number): Promise<EffectivePermissionDto> {
    const caller = await this.caller(userId);
    const ownerId = await this.permissions.owner(objectType, objectId);
    return rightsOf(
      caller,
      objectType,
      objectId,
      ownerId,
      await this.permissions.entries(objectType, objectId),
    );
  }

  // The same for many objects in a fixed number of queries, with each owner's label.
  async effectiveMany(
    objectType: ObjectType,
    objectIds: number[],
    userId: number,
  ): Promise<ObjectAccessDto[]> {
    const ids = [...new Set(objectIds)];
    const caller = await this.caller(userId);
    const owners = await this.permissions.ownersOf(objectType, ids);
    const entries = await this.permissions.entriesOf(objectType, ids);
    const ownerUsers = new Map(
      (await this.users.findByIds([...new Set(owners.values())])).map((user) => [user.id, user]),
    );
    return ids.map((objectId) => {
      const ownerId = owners.get(objectId);
      const rights = rightsOf(caller, objectType, objectId, ownerId, entries.get(objectId) ?? []);
      // Who owns an object is shown only to those who may read it.
      const owner = rights.canRead && ownerId !== undefined ? ownerUsers.get(ownerId) : undefined;
      return { ...rights, ownerId: owner?.id ?? null, ownerName: owner ? this.userLabel(owner) : null };
    });
  }

  private async caller(userId: number): Promise<Caller> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(UserMessages.userNotFound);
    return { user, groupIds: new Set(await this.users.groupIdsOf(user.id)) };
  }

  // With directory sign-in users are known by their e-mail (spec part 1 §2).
  private userLabel(user: UserRow): string {
    return this.config.OIDC_ISSUER_URL && user.email ? user.email : user.name;
  }

  async rows(
    callerId: number,
    objectType: ObjectType,
    objectId: number,
    targetType: TargetType,
  ): Promise<PermissionRowDto[]> {
    await this.assertManage(callerId, objectType, objectId);
    const entries = (await this.permissions.entries(objectType, objectId)).filter(
      (e) => e.targetType === targetType,
    );
    return Promise.all(entries.map((entry) => this.row(entry)));
  }

  async grant(
    callerId: number,
    params: PermissionChangeParams,
    raiseMembers: boolean,
  ): Promise<PermissionRowDto> {
    const { objectType, objectId, permissionType, userOrGroup, targetId } = params;
    await this.assertManage(callerId, objectType, objectId);
    await this.assertTarget(userOrGroup, targetId);
    const entries = await this.permissions.entries(objectType, objectId);
    const current = entries.find((e) => e.targetType === userOrGroup && e.targetId === targetId);
    const next: PermissionEntry = {
      targetType: userOrGroup,
      targetId,
      canRead: true,
      canEdit: (current?.canEdit ?? false) || permissionType === 'edit',
      canShare: (current?.canShare ?? false) || permissionType === 'share',
    };
    const raised: PermissionEntry[] = [];
    if (userOrGroup === 'group' && (next.canEdit || next.canShare)) {
      const members = await this.groups.members(targetId);
      const overlap: PermissionOverlapDto['members'] = [];
      for (const member of members) {
        const own = entries.find((e) => e.targetType === 'user' && e.targetId === member.id);
        if (!own || !((next.canEdit && !own.canEdit) || (next.canShare && !own.canShare))) continue;
        overlap.push({ id: member.id, name: member.name, permissions: flags(own) });
        raised.push({
          ...own,
          canEdit: own.canEdit || next.canEdit,
          canShare: own.canShare || next.canShare,
        });
      }
      if (overlap.length > 0 && !raiseMembers) {
        const body: PermissionOverlapDto = {
          statusCode: 409,
          error: 'Conflict',
          message: PermissionMessages.overlap,
          members: overlap,
        };
        throw new ConflictException(body);
      }
    }
    await this.permissions.upsert(objectType, objectId, [...raised, next]);
    return this.row(next);
  }

  async revoke(callerId: number, params: PermissionChangeParams): Promise<void> {
    const { objectType, objectId, permissionType, userOrGroup, targetId } = params;
    await this.assertManage(callerId, objectType, objectId);
    if (permissionType === 'read') {
      await this.permissions.delete(objectType, objectId, userOrGroup, targetId);
      return;
    }
    const current = (await this.permissions.entries(objectType, objectId)).find(
      (e) => e.targetType === userOrGroup && e.targetId === targetId,
    );
    if (!current) return;
    await this.permissions.upsert(objectType, objectId, [
      {
        ...current,
        canEdit: permissionType === 'edit' ? false : current.canEdit,
        canShare: permissionType === 'share' ? false : current.canShare,
      },
    ]);
  }

  async setOwner(objectType: ObjectType, objectId: number, ownerId: number): Promise<void> {
    if (!(await this.users.findById(ownerId)))
      throw new BadRequestException(`ownerId: ${UserMessages.userNotFound}`);
    await this.permissions.setOwner(objectType, objectId, ownerId);
  }

  deleteObject(objectType: ObjectType, objectId: number): Promise<void> {
    return this.permissions.deleteObject(objectType, objectId);
  }

  private async assertManage(callerId: number, objectType: ObjectType, objectId: number): Promise<void> {
    const effective = await this.effective(objectType, objectId, callerId);
    if (!effective.canManage) throw new ForbiddenException(PermissionMessages.forbidden);
  }

  private async assertTarget(targetType: TargetType, targetId: number): Promise<void> {
    const exists =
      targetType === 'user' ? await this.users.findById(targetId) : await this.groups.findById(targetId);
    if (!exists) throw new NotFoundException(PermissionMessages.targetNotFound);
  }

  private async row(entry: PermissionEntry): Promise<PermissionRowDto> {
    if (entry.targetType === 'group') {
      const group = await this.groups.findById(entry.targetId);
      const name = group?.name ?? `#${entry.targetId}`;
      return { label: name, value: { type: 'group', id: entry.targetId, name }, permissions: flags(entry) };
    }
    const user: UserRow | undefined = await this.users.findById(entry.targetId);
    const name = user?.name ?? `#${entry.targetId}`;
    const label = user ? this.userLabel(user) : name;
    return {
      label,
      value: {
        type: 'user',
        id: entry.targetId,
        name,
        groups: user ? await this.users.groupIdsOf(user.id) : [],
      },
      permissions: flags(entry),
    };
  }
}

interface Caller {
  user: UserRow;
  groupIds: Set<number>;
}

function rightsOf(
  { user, groupIds }: Caller,
  objectType: ObjectType,
  objectId: number,
  ownerId: number | undefined,
  entries: PermissionEntry[],
): EffectivePermissionDto {
  const owner = ownerId === user.id;
  const all = user.enabled && (owner || user.admin || user.superAdmin);
  const mine = user.enabled
    ? entries.filter((entry) =>
        entry.targetType === 'user' ? entry.targetId === user.id : groupIds.has(entry.targetId),
      )
    : [];
  const canShare = all || mine.some((entry) => entry.canShare);
  return {
    objectType,
    objectId,
    userId: user.id,
    owner,
    canRead: all || mine.length > 0,
    canEdit: all || mine.some((entry) => entry.canEdit),
    canShare,
    canManage: canShare,
  };
}

function flags(entry: PermissionFlagsDto): PermissionFlagsDto {
  return { canRead: true, canEdit: entry.canEdit, canShare: entry.canShare };
}
