import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  UserMessages,
  type AccountDto,
  type AccountProfileDto,
  type DirectoryUserCreateDto,
  type DirectoryUserUpdateDto,
  type PasswordChangeDto,
  type TokenPairDto,
  type UserCreateDto,
  type UserDto,
  type UserSummaryDto,
  type UserUpdateDto,
  hasFeature,
} from '@plantlens/contracts';
import type { AuthenticatedUser } from '@plantlens/platform';
import { PasswordHasher } from '../auth/password-hasher.service';
import { TokenService } from '../auth/token.service';
import { GroupRepository } from '../group/group.repository';
import { authoritiesOf } from './authorities';
import { UserRepository, type UserRow, type UserWithGroups } from './user.repository';

export function toUserDto(user: UserWithGroups): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    admin: user.admin,
    enabled: user.enabled,
    superAdmin: user.superAdmin,
    groupIds: user.groupIds,
    directoryId: user.directoryId,
  };
}

type UserInput = Omit<UserCreateDto, 'password' | 'repeat'> & { password?: string };

@Injectable()
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly groups: GroupRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
  ) {}

  async account(user: AuthenticatedUser): Promise<AccountDto> {
    const row = await this.users.findById(user.id);
    if (!row?.enabled) throw new ForbiddenException(UserMessages.userNotFound);
    return { username: row.name, authorities: await this.tokens.authoritiesOf(row) };
  }

  /** The personal area's view of the caller himself; nobody else's data. */
  async profile(user: AuthenticatedUser): Promise<AccountProfileDto> {
    const row = await this.users.findById(user.id);
    if (!row?.enabled) throw new ForbiddenException(UserMessages.userNotFound);
    const groups = await this.users.groupFlagsOf(row.id);
    return {
      id: row.id,
      username: row.name,
      email: row.email,
      admin: row.admin,
      superAdmin: row.superAdmin,
      groups: groups.map(({ groupId, name, flags }) => ({ id: groupId, name, permissions: flags })),
      authorities: authoritiesOf(row, groups),
    };
  }

  /** Admins get every row in full; anyone else the enabled users' id and name (docs/security.md). */
  async list(caller: AuthenticatedUser): Promise<UserDto[] | UserSummaryDto[]> {
    const rows = await this.users.listWithGroups();
    if (hasFeature(caller.authorities, 'UsersGroupsAndPermissions')) return rows.map(toUserDto);
    return rows.filter(({ enabled }) => enabled).map(({ id, name }) => ({ id, name }));
  }

  async get(id: number): Promise<UserDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(UserMessages.userNotFound);
    return toUserDto({ ...user, groupIds: await this.users.groupIdsOf(id) });
  }

  create(body: UserCreateDto | DirectoryUserCreateDto): Promise<UserDto> {
    return this.createUser(body);
  }

  private async createUser(body: UserInput): Promise<UserDto> {
    await this.checkUnique(body.name, body.directoryId ?? null);
    await this.checkGroups(body.groupIds);
    const id = await this.users.insert(
      {
        name: body.name,
        email: body.email ?? null,
        admin: body.admin,
        enabled: body.enabled,
        directoryId: body.directoryId ?? null,
        passwordHash: body.password ? await this.hasher.hash(body.password) : null,
      },
      body.groupIds,
    );
    // Lost a race with a concurrent create of the same name or directory id.
    if (id === undefined) throw new ConflictException(UserMessages.userExists);
    return this.get(id);
  }

  async update(body: UserUpdateDto | DirectoryUserUpdateDto): Promise<UserDto> {
    const existing = await this.editable(body.id);
    await this.checkUnique(body.name, body.directoryId ?? null, existing.id);
    await this.checkGroups(body.groupIds);
    const password = 'password' in body ? body.password : undefined;
    await this.users.update(
      existing.id,
      {
        name: body.name,
        email: body.email ?? null,
        admin: body.admin,
        enabled: body.enabled,
        ...(body.directoryId !== undefined && { directoryId: body.directoryId }),
        ...(password !== undefined && { passwordHash: await this.hasher.hash(password) }),
      },
      body.groupIds,
    );
    if (password !== undefined || !body.enabled) await this.tokens.revokeAll(existing.id);
    return this.get(existing.id);
  }

  /** DELETE marks the user disabled (spec part 1 §4) and ends his sessions. */
  async disable(id: number): Promise<UserDto> {
    const existing = await this.editable(id);
    await this.users.update(existing.id, { enabled: false });
    await this.tokens.revokeAll(existing.id);
    return this.get(existing.id);
  }

  async enable(id: number): Promise<UserDto> {
    const existing = await this.editable(id);
    await this.users.update(existing.id, { enabled: true });
    return this.get(existing.id);
  }

  /** The signed-in user changes his own password; every other session ends, this one gets new tokens. */
  async changePassword(caller: AuthenticatedUser, body: PasswordChangeDto): Promise<TokenPairDto> {
    const user = await this.users.findById(caller.id);
    if (!user?.enabled || user.name !== body.username.toLowerCase()) {
      throw new ForbiddenException('You may only change your own password');
    }
    if (!user.passwordHash || !(await this.hasher.verify(body.oldPassword, user.passwordHash))) {
      throw new ForbiddenException(UserMessages.oldPasswordWrong);
    }
    await this.users.update(user.id, { passwordHash: await this.hasher.hash(body.newPassword) });
    await this.tokens.revokeAll(user.id);
    // Read again: the new tokens carry the session version revokeAll just raised.
    const current = await this.users.findById(user.id);
    if (!current) throw new ForbiddenException('You may only change your own password');
    return this.tokens.issue(current);
  }

  async directoryIdOf(userId: number): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user?.directoryId) throw new NotFoundException(UserMessages.userNotFound);
    return user.directoryId;
  }

  private async editable(id: number): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(UserMessages.userNotFound);
    if (user.superAdmin) throw new ForbiddenException(UserMessages.superAdminProtected);
    return user;
  }

  private async checkUnique(name: string, directoryId: string | null, exceptId?: number): Promise<void> {
    const sameName = await this.users.findByName(name);
    if (sameName && sameName.id !== exceptId) throw new ConflictException(UserMessages.userExists);
    if (directoryId) {
      const sameDirectoryId = await this.users.findByDirectoryId(directoryId);
      if (sameDirectoryId && sameDirectoryId.id !== exceptId) {
        throw new HttpException({ message: UserMessages.directoryIdInUse }, HttpStatus.CONFLICT);
      }
    }
  }

  private async checkGroups(groupIds: number[]): Promise<void> {
    const existing = new Set(await this.groups.existingIds(groupIds));
    const unknown = groupIds.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw new BadRequestException(`groupIds: unknown group ${unknown.join(', ')}`);
  }
}
