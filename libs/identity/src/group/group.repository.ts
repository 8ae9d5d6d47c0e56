import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { IdentityDb } from '../database/identity-database';

export interface GroupRow {
  id: number;
  name: string;
  parentId: number | null;
}

export interface MemberRow {
  id: number;
  name: string;
  email: string | null;
  enabled: boolean;
}

@Injectable()
export class GroupRepository {
  private readonly db: IdentityDb;

  constructor(database: Database) {
    this.db = database.kysely as IdentityDb;
  }

  private selectGroups() {
    return this.db.selectFrom('identity.app_group').select(['id', 'name', 'parent_id as parentId']);
  }

  list(): Promise<GroupRow[]> {
    return this.selectGroups().orderBy('id').execute();
  }

  findById(id: number): Promise<GroupRow | undefined> {
    return this.selectGroups().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<GroupRow | undefined> {
    return this.selectGroups()
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  }

  async findRoot(): Promise<GroupRow> {
    const root = await this.selectGroups().where('parent_id', 'is', null).executeTakeFirst();
    if (!root) throw new Error('identity.app_group has no root group');
    return root;
  }

  async existingIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('identity.app_group').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  /** undefined when the name is taken */
  async insert(name: string, parentId: number): Promise<number | undefined> {
    const row = await this.db
      .insertInto('identity.app_group')
      .values({ name, parent_id: parentId })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async update(id: number, name: string, parentId: number | null): Promise<void> {
    await this.db
      .updateTable('identity.app_group')
      .set({ name, parent_id: parentId })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the group; its children move to its parent, its grants on objects go with it. */
  async delete(group: GroupRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('identity.app_group')
        .set({ parent_id: group.parentId })
        .where('parent_id', '=', group.id)
        .execute();
      await trx
        .deleteFrom('identity.object_permission')
        .where('target_type', '=', 'group')
        .where('target_id', '=', group.id)
        .execute();
      await trx.deleteFrom('identity.app_group').where('id', '=', group.id).execute();
    });
  }

  members(groupId: number): Promise<MemberRow[]> {
    return this.db
      .selectFrom('identity.user_group as ug')
      .innerJoin('identity.app_user as u', 'u.id', 'ug.user_id')
      .select(['u.id', 'u.name', 'u.email', 'u.enabled'])
      .where('ug.group_id', '=', groupId)
      .orderBy('u.name')
      .execute();
  }

  async addMember(groupId: number, userId: number): Promise<void> {
    await this.db
      .insertInto('identity.user_group')
      .values({ group_id: groupId, user_id: userId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async removeMember(groupId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('identity.user_group')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
  }

  async flags(groupId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('identity.group_permission')
      .select('flag')
      .where('group_id', '=', groupId)
      .execute();
    return rows.map((row) => row.flag);
  }

  async setFlags(groupId: number, granted: string[], revoked: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (revoked.length > 0) {
        await trx
          .deleteFrom('identity.group_permission')
          .where('group_id', '=', groupId)
          .where('flag', 'in', revoked)
          .execute();
      }
      if (granted.length > 0) {
        await trx
          .insertInto('identity.group_permission')
          .values(granted.map((flag) => ({ group_id: groupId, flag })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
    });
  }
}
