import { Injectable } from '@nestjs/common';
import type { ObjectType, PermissionFlagsDto, TargetType } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import type { IdentityDb } from '../database/identity-database';

export interface PermissionEntry extends PermissionFlagsDto {
  targetType: TargetType;
  targetId: number;
}

@Injectable()
export class ObjectPermissionRepository {
  private readonly db: IdentityDb;

  constructor(database: Database) {
    this.db = database.kysely as IdentityDb;
  }

  async entries(objectType: ObjectType, objectId: number): Promise<PermissionEntry[]> {
    const rows = await this.db
      .selectFrom('identity.object_permission')
      .select([
        'target_type as targetType',
        'target_id as targetId',
        'can_read as canRead',
        'can_edit as canEdit',
        'can_share as canShare',
      ])
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .orderBy('target_type')
      .orderBy('target_id')
      .execute();
    return rows.map((row) => ({ ...row, targetType: row.targetType as TargetType }));
  }

  /** The rows of many objects of one type, by object id. */
  async entriesOf(objectType: ObjectType, objectIds: number[]): Promise<Map<number, PermissionEntry[]>> {
    const byObject = new Map<number, PermissionEntry[]>();
    if (objectIds.length === 0) return byObject;
    const rows = await this.db
      .selectFrom('identity.object_permission')
      .select([
        'object_id as objectId',
        'target_type as targetType',
        'target_id as targetId',
        'can_read as canRead',
        'can_edit as canEdit',
        'can_share as canShare',
      ])
      .where('object_type', '=', objectType)
      .where('object_id', 'in', objectIds)
      .execute();
    for (const { objectId, ...entry } of rows) {
      const entries = byObject.get(objectId) ?? [];
      entries.push({ ...entry, targetType: entry.targetType as TargetType });
      byObject.set(objectId, entries);
    }
    return byObject;
  }

  async upsert(objectType: ObjectType, objectId: number, entries: PermissionEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('identity.object_permission')
      .values(
        entries.map((entry) => ({
          object_type: objectType,
          object_id: objectId,
          target_type: entry.targetType,
          target_id: entry.targetId,
          can_read: true,
          can_edit: entry.canEdit,
          can_share: entry.canShare,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['object_type', 'object_id', 'target_type', 'target_id']).doUpdateSet((eb) => ({
          can_edit: eb.ref('excluded.can_edit'),
          can_share: eb.ref('excluded.can_share'),
        })),
      )
      .execute();
  }

  async delete(
    objectType: ObjectType,
    objectId: number,
    targetType: TargetType,
    targetId: number,
  ): Promise<void> {
    await this.db
      .deleteFrom('identity.object_permission')
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .execute();
  }

  async deleteObject(objectType: ObjectType, objectId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('identity.object_permission')
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .execute();
      await trx
        .deleteFrom('identity.object_owner')
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .execute();
    });
  }

  async owner(objectType: ObjectType, objectId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('identity.object_owner')
      .select('owner_id')
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .executeTakeFirst();
    return row?.owner_id;
  }

  /** The owners of many objects of one type, by object id (objects without one are left out). */
  async ownersOf(objectType: ObjectType, objectIds: number[]): Promise<Map<number, number>> {
    if (objectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('identity.object_owner')
      .select(['object_id', 'owner_id'])
      .where('object_type', '=', objectType)
      .where('object_id', 'in', objectIds)
      .execute();
    return new Map(rows.map((row) => [row.object_id, row.owner_id]));
  }

  async setOwner(objectType: ObjectType, objectId: number, ownerId: number): Promise<void> {
    await this.db
      .insertInto('identity.object_owner')
      .values({ object_type: objectType, object_id: objectId, owner_id: ownerId })
      .onConflict((conflict) =>
        conflict.columns(['object_type', 'object_id']).doUpdateSet({ owner_id: ownerId }),
      )
      .execute();
  }
}
