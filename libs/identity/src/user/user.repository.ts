import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { IdentityDb } from '../database/identity-database';

export interface UserRow {
  id: number;
  name: string;
  email: string | null;
  admin: boolean;
  enabled: boolean;
  superAdmin: boolean;
  directoryId: string | null;
  passwordHash: string | null;
  sessionVersion: number;
}

export interface UserWithGroups extends UserRow {
  groupIds: number[];
}

export interface NewUser {
  name: string;
  email: string | null;
  admin: boolean;
  enabled: boolean;
  superAdmin?: boolean;
  directoryId: string | null;
  passwordHash: string | null;
}

export type UserChanges = Partial<Omit<NewUser, 'superAdmin'>>;

@Injectable()
export class UserRepository {
  private readonly db: IdentityDb;

  constructor(database: Database) {
    this.db = database.kysely as IdentityDb;
  }

  private selectUsers() {
    return this.db
      .selectFrom('identity.app_user as u')
      .select([
        'u.id',
        'u.name',
        'u.email',
        'u.admin',
        'u.enabled',
        'u.super_admin as superAdmin',
        'u.directory_id as directoryId',
        'u.password_hash as passwordHash',
        'u.session_version as sessionVersion',
      ]);
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.selectUsers().where('u.id', '=', id).executeTakeFirst();
  }

  findByIds(ids: number[]): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.selectUsers().where('u.id', 'in', ids).execute();
  }

  findByName(name: string): Promise<UserRow | undefined> {
    return this.selectUsers().where('u.name', '=', name.toLowerCase()).executeTakeFirst();
  }

  findByDirectoryId(directoryId: string): Promise<UserRow | undefined> {
    return this.selectUsers().where('u.directory_id', '=', directoryId).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.selectUsers()
      .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findSuperAdmin(): Promise<UserRow | undefined> {
    return this.selectUsers().where('u.super_admin', '=', true).executeTakeFirst();
  }

  async listWithGroups(): Promise<UserWithGroups[]> {
    const users = await this.selectUsers().orderBy('u.name').execute();
    const memberships = await this.db
      .selectFrom('identity.user_group')
      .select(['user_id', 'group_id'])
      .execute();
    return users.map((user) => ({
      ...user,
      groupIds: memberships
        .filter((m) => m.user_id === user.id)
        .map((m) => m.group_id)
        .sort((a, b) => a - b),
    }));
  }

  async groupIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('identity.user_group')
      .select('group_id')
      .where('user_id', '=', userId)
      .orderBy('group_id')
      .execute();
    return rows.map((row) => row.group_id);
  }

  /** Inserts unless the name (or directory id) exists; undefined when it did. */
  async insert(user: NewUser, groupIds: number[]): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('identity.app_user')
        .values({
          name: user.name,
          email: user.email,
          admin: user.admin,
          enabled: user.enabled,
          super_admin: user.superAdmin ?? false,
          directory_id: user.directoryId,
          password_hash: user.passwordHash,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      if (groupIds.length > 0) {
        await trx
          .insertInto('identity.user_group')
          .values(groupIds.map((groupId) => ({ user_id: inserted.id, group_id: groupId })))
          .execute();
      }
      return inserted.id;
    });
  }

  /** Ends every access token of the user: they carry the previous version. */
  async bumpSessionVersion(id: number): Promise<void> {
    await this.db
      .updateTable('identity.app_user')
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async update(id: number, changes: UserChanges, groupIds?: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const values = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.admin !== undefined && { admin: changes.admin }),
        ...(changes.enabled !== undefined && { enabled: changes.enabled }),
        ...(changes.directoryId !== undefined && { directory_id: changes.directoryId }),
        ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
      };
      if (Object.keys(values).length > 0) {
        await trx.updateTable('identity.app_user').set(values).where('id', '=', id).execute();
      }
      if (groupIds) {
        await trx.deleteFrom('identity.user_group').where('user_id', '=', id).execute();
        if (groupIds.length > 0) {
          await trx
            .insertInto('identity.user_group')
            .values(groupIds.map((groupId) => ({ user_id: id, group_id: groupId })))
            .execute();
        }
      }
    });
  }

  /** Flags of every group the user belongs to. */
  async groupFlagsOf(
    userId: number,
  ): Promise<{ groupId: number; name: string; isRoot: boolean; flags: string[] }[]> {
    const rows = await this.db
      .selectFrom('identity.user_group as ug')
      .innerJoin('identity.app_group as g', 'g.id', 'ug.group_id')
      .leftJoin('identity.group_permission as gp', 'gp.group_id', 'g.id')
      .select(['g.id as groupId', 'g.name', 'g.parent_id as parentId', 'gp.flag'])
      .where('ug.user_id', '=', userId)
      .orderBy('g.id')
      .orderBy('gp.flag')
      .execute();
    const groups = new Map<number, { groupId: number; name: string; isRoot: boolean; flags: string[] }>();
    for (const row of rows) {
      let group = groups.get(row.groupId);
      if (!group) {
        group = { groupId: row.groupId, name: row.name, isRoot: row.parentId === null, flags: [] };
        groups.set(row.groupId, group);
      }
      if (row.flag) group.flags.push(row.flag);
    }
    return [...groups.values()];
  }
}
