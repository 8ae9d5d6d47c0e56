import { Injectable } from '@nestjs/common';
import type { ValveAssetType, ValveAssetUpdateDto } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { ValvesDb } from '../database/valves-database';

export interface AssetRow {
  id: string;
  cokeDrum: string;
  type: ValveAssetType;
  label: string;
  serialNumber: string | null;
  tagNumber: string | null;
  /** YYYY-MM-DD */
  lastMaintenance: string | null;
  cycleNumber: number;
  hasNormalCurve: boolean;
}

export interface AssetTypeRow {
  id: string;
  cokeDrum: string;
  type: ValveAssetType;
}

// The valves of the plant model (valves.asset) with what the screens show of their analysis.
@Injectable()
export class AssetRepository {
  private readonly db: ValvesDb;

  constructor(database: Database) {
    this.db = database.kysely as ValvesDb;
  }

  /** Every valve in plant order, or the one named (empty when unknown). */
  async list(id?: string): Promise<AssetRow[]> {
    // The date as text: pg would turn a date into a Date at local midnight.
    const result = await sql<AssetRow>`
      select a.id, a.coke_drum as "cokeDrum", a.type, a.label, a.serial_number as "serialNumber",
             a.tag_number as "tagNumber", to_char(a.last_maintenance, 'YYYY-MM-DD') as "lastMaintenance",
             (select count(*)::int from valves.actuation c where c.asset = a.id) as "cycleNumber",
             exists (select 1 from valves.normal_curve n where n.asset = a.id) as "hasNormalCurve"
        from valves.asset a
       where ${id === undefined ? sql`true` : sql`a.id = ${id}`}
       order by a.position, a.id`.execute(this.db);
    return result.rows;
  }

  /** Ids and types in plant order, without the counts (the current status asks every 30 s). */
  types(): Promise<AssetTypeRow[]> {
    return this.db
      .selectFrom('valves.asset')
      .select(['id', 'coke_drum as cokeDrum', 'type'])
      .orderBy('position')
      .orderBy('id')
      .execute() as Promise<AssetTypeRow[]>;
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('valves.asset').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** false when there is no such valve */
  async update(id: string, fields: ValveAssetUpdateDto): Promise<boolean> {
    const result = await this.db
      .updateTable('valves.asset')
      .set({
        label: fields.label,
        serial_number: fields.serialNumber,
        tag_number: fields.tagNumber,
        last_maintenance: fields.lastMaintenance,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
