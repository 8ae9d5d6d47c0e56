import { Injectable } from '@nestjs/common';
import {
  Topics,
  type AssetAlarmSourceDto,
  type RuleCatalogEvent,
  type RuleCondition,
  type RuleOperator,
  type RuleReferenceDto,
} from '@plantlens/contracts';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import { sql } from 'kysely';
import type { RulesDb } from '../database/rules-database';

// A rule, or an asset-alarm source (docs/rules-and-incidences.md "Valve failures as incidences"): that one
// has no variable.
export interface RuleRow extends Omit<RuleCondition, 'varOneId'> {
  id: number;
  name: string;
  enabled: boolean;
  emails: string[];
  tags: string[];
  varOneId: number | null;
  varOneLabel: string | null;
  varOneReference: string | null;
  varTwoLabel: string | null;
  varTwoReference: string | null;
  assetId: number | null;
  source: AssetAlarmSourceDto | null;
  createdAt: Date;
}

export type NewRule = Omit<
  RuleRow,
  'id' | 'createdAt' | 'assetId' | 'source' | 'varOneId' | 'varOneLabel' | 'varOneReference'
> & { varOneId: number; varOneLabel: string; varOneReference: string; varOneUnit: string | null };

export interface RuleChanges {
  name?: string;
  enabled?: boolean;
  emails?: string[];
  tags?: string[];
}

// Rules, and the catalog event of each change written in the same transaction (the outbox publishes it
// after the commit), so every engine instance hears of every committed change.
@Injectable()
export class RuleRepository {
  private readonly db: RulesDb;

  constructor(private readonly database: Database) {
    this.db = database.kysely as RulesDb;
  }

  private selectRules() {
    return this.db.selectFrom('rules.rule').select([
      'id',
      'name',
      'enabled',
      sql<RuleOperator>`operator`.as('operator'),
      'var_one_id as varOneId',
      'var_two_id as varTwoId',
      'constant',
      'min_duration_s as minDurationSeconds',
      'deadband',
      'emails',
      'tags',
      'var_one_label as varOneLabel',
      'var_one_reference as varOneReference',
      'var_two_label as varTwoLabel',
      'var_two_reference as varTwoReference',
      'asset_id as assetId',
      sql<AssetAlarmSourceDto | null>`case when source_asset is null then null
          else jsonb_build_object('asset', source_asset, 'errorCode', source_error_code) end`.as('source'),
      'created_at as createdAt',
    ]);
  }

  /** Every rule, or those carrying any of the tags. */
  findAll(tags: string[] = []): Promise<RuleRow[]> {
    const all = this.selectRules();
    return (tags.length === 0 ? all : all.where(sql<boolean>`tags && ${sql.val(tags)}::text[]`)).execute();
  }

  findById(id: number): Promise<RuleRow | undefined> {
    return this.selectRules().where('id', '=', id).executeTakeFirst();
  }

  findByIds(ids: number[]): Promise<RuleRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.selectRules().where('id', 'in', ids).execute();
  }

  /** The rules with any of the variables as an operand, by name. */
  async findReadersOf(variableIds: number[]): Promise<RuleReferenceDto[]> {
    const rows = await this.db
      .selectFrom('rules.rule')
      .select(['id', 'name', 'var_one_id as varOneId', 'var_two_id as varTwoId'])
      .where((eb) => eb.or([eb('var_one_id', 'in', variableIds), eb('var_two_id', 'in', variableIds)]))
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(({ id, name, varOneId, varTwoId }) => ({
      id,
      name,
      variableIds: [varOneId, varTwoId].filter((variableId): variableId is number => variableId !== null),
    }));
  }

  /** Inserts the rules (and their assets) in one transaction; returns their ids in order. */
  insertMany(rules: NewRule[], outboxOwner: string): Promise<number[]> {
    return this.database.transaction(async (connection) => {
      const ids: number[] = [];
      for (const rule of rules) {
        const assetId = await this.assetOf(connection, assetName(rule.varOneReference));
        const [row] = await connection.query<{ id: number }>(
          `insert into rules.rule (name, enabled, operator, var_one_id, var_two_id, constant, min_duration_s,
             deadband, emails, tags, var_one_label, var_one_reference, var_one_unit, var_two_label,
             var_two_reference, asset_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
          [
            rule.name,
            rule.enabled,
            rule.operator,
            rule.varOneId,
            rule.varTwoId,
            rule.constant,
            rule.minDurationSeconds,
            rule.deadband,
            rule.emails,
            rule.tags,
            rule.varOneLabel,
            rule.varOneReference,
            rule.varOneUnit,
            rule.varTwoLabel,
            rule.varTwoReference,
            assetId,
          ],
        );
        ids.push(row.id);
        await this.catalogEvent(connection, outboxOwner, {
          entity: 'incidence-rule',
          id: row.id,
          change: 'created',
        });
      }
      return ids;
    });
  }

  update(id: number, changes: RuleChanges, outboxOwner: string): Promise<boolean> {
    return this.database.transaction(async (connection) => {
      const [row] = await connection.query<{ id: number }>(
        `update rules.rule set name = coalesce($2, name), enabled = coalesce($3, enabled),
           emails = coalesce($4, emails), tags = coalesce($5, tags)
         where id = $1 returning id`,
        [id, changes.name ?? null, changes.enabled ?? null, changes.emails ?? null, changes.tags ?? null],
      );
      if (!row) return false;
      await this.catalogEvent(connection, outboxOwner, { entity: 'incidence-rule', id, change: 'updated' });
      return true;
    });
  }

  /** Deletes the rule with its incidences, summaries and counts. */
  delete(id: number, outboxOwner: string): Promise<boolean> {
    return this.database.transaction(async (connection) => {
      const [row] = await connection.query<{ id: number }>(
        `delete from rules.rule where id = $1 returning id`,
        [id],
      );
      if (!row) return false;
      await this.catalogEvent(connection, outboxOwner, { entity: 'incidence-rule', id, change: 'deleted' });
      return true;
    });
  }

  /**
   * The asset-alarm source of the asset and failure code, made on first need (named `name`, on the map
   * asset of that name) with its catalog event; two instances making it at once make one.
   */
  async sourceOf(asset: string, errorCode: number, name: string, outboxOwner: string): Promise<RuleRow> {
    await this.database.transaction(async (connection) => {
      const assetId = await this.assetOf(connection, asset);
      const [created] = await connection.query<{ id: number }>(
        `insert into rules.rule (name, operator, constant, source_asset, source_error_code, asset_id)
         values ($1, '=', $3::integer, $2, $3::integer, $4)
         on conflict (source_asset, source_error_code) where source_asset is not null do nothing
         returning id`,
        [name, asset, errorCode, assetId],
      );
      if (created)
        await this.catalogEvent(connection, outboxOwner, {
          entity: 'incidence-rule',
          id: created.id,
          change: 'created',
        });
    });
    return this.selectRules()
      .where('source_asset', '=', asset)
      .where('source_error_code', '=', errorCode)
      .executeTakeFirstOrThrow();
  }

  private async assetOf(connection: DatabaseConnection, name: string | null): Promise<number | null> {
    if (!name) return null;
    await connection.query(`insert into rules.asset (name) values ($1) on conflict (name) do nothing`, [
      name,
    ]);
    const [asset] = await connection.query<{ id: number }>(`select id from rules.asset where name = $1`, [
      name,
    ]);
    return asset?.id ?? null;
  }

  private async catalogEvent(connection: DatabaseConnection, owner: string, event: RuleCatalogEvent) {
    await connection.query(`insert into rules.outbox (owner, topic, key, payload) values ($1, $2, $3, $4)`, [
      owner,
      Topics.catalog,
      String(event.id),
      JSON.stringify(event),
    ]);
  }
}

// The asset a rule watches: its first variable's client reference up to the first "_" (gate01_torque →
// gate01); none without one.
function assetName(clientReference: string): string | null {
  const separator = clientReference.indexOf('_');
  return separator > 0 ? clientReference.slice(0, separator) : null;
}
