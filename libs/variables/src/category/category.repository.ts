import { Injectable } from '@nestjs/common';
import {
  PG_INTEGER_MAX,
  type CategoryGroupCreate,
  type CategoryGroupDto,
  type CategoryRangeDto,
} from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql, type Transaction } from 'kysely';
import type { VariablesDatabase, VariablesDb } from '../database/variables-database';

const UNIQUE_VIOLATION = '23505';
export type CategoryGroupRow = CategoryGroupDto;

/** A variable of the written group that another group holds. */
export interface HeldVariable {
  variableId: number;
  groupId: number;
  groupName: string;
}

export type CategoryWriteOutcome =
  | { kind: 'saved'; id: number }
  | { kind: 'notFound' }
  | { kind: 'nameTaken' }
  | { kind: 'unknownVariables'; variableIds: number[] }
  | { kind: 'variablesInOtherGroup'; variables: HeldVariable[] };

class Rollback extends Error {
  constructor(readonly outcome: CategoryWriteOutcome) {
    super(outcome.kind);
  }
}

@Injectable()
export class CategoryRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  /** Every group by name, or the one with `id`. */
  async find(id?: number): Promise<CategoryGroupRow[]> {
    let groups = this.db
      .selectFrom('variables.category_group')
      .select(['id', 'name', 'owner'])
      .orderBy(sql`lower(name)`)
      .orderBy('id');
    if (id !== undefined) groups = groups.where('id', '=', id);
    const rows = await groups.execute();
    if (rows.length === 0) return [];
    const groupIds = rows.map((row) => row.id);
    const [ranges, variables] = await Promise.all([
      this.rangesOf(groupIds),
      this.db
        .selectFrom('variables.variable')
        .select(['id', 'category_id as groupId'])
        .where('category_id', 'in', groupIds)
        .orderBy('id')
        .execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      variables: variables.flatMap((variable) => (variable.groupId === row.id ? [variable.id] : [])),
      ranges: ranges.get(row.id) ?? [],
    }));
  }

  /** Each group's ranges by value. */
  async rangesOf(groupIds: number[]): Promise<Map<number, CategoryRangeDto[]>> {
    const ranges = new Map<number, CategoryRangeDto[]>();
    if (groupIds.length === 0) return ranges;
    const rows = await this.db
      .selectFrom('variables.category_range')
      .select(['group_id as groupId', 'value', 'name', 'color'])
      .where('group_id', 'in', groupIds)
      .orderBy('group_id')
      .orderBy('value')
      .execute();
    for (const { groupId, ...range } of rows) ranges.set(groupId, [...(ranges.get(groupId) ?? []), range]);
    return ranges;
  }

  /** The groups (id, name) the given variables belong to, with those variables. */
  async groupsOfVariables(
    variableIds: number[],
  ): Promise<{ variableId: number; groupId: number; groupName: string }[]> {
    if (variableIds.length === 0) return [];
    return this.db
      .selectFrom('variables.variable as v')
      .innerJoin('variables.category_group as g', 'g.id', 'v.category_id')
      .select(['v.id as variableId', 'g.id as groupId', 'g.name as groupName'])
      .where('v.id', 'in', variableIds)
      .execute();
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('variables.category_group')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  create(group: CategoryGroupCreate, owner: string): Promise<CategoryWriteOutcome> {
    return this.write(group, (trx) => this.insertGroup(trx, group.name, owner));
  }

  replace(id: number, group: CategoryGroupCreate): Promise<CategoryWriteOutcome> {
    return this.write(group, (trx) => this.renameGroup(trx, id, group.name));
  }

  /**
   * Writes a group in one transaction: its row (`saveRow`), ranges, and the variables whose category_id
   * is the group (set for `variables`, cleared for the ones left out). Refused, with nothing written,
   * when the name is another group's, a variable does not exist or belongs to another group.
   */
  private async write(
    group: CategoryGroupCreate,
    saveRow: (trx: Transaction<VariablesDatabase>) => Promise<number>,
  ): Promise<CategoryWriteOutcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const savedId = await saveRow(trx);
        await this.assignVariables(trx, savedId, group.variables);
        await trx.deleteFrom('variables.category_range').where('group_id', '=', savedId).execute();
        await trx
          .insertInto('variables.category_range')
          .values(group.ranges.map((range) => ({ group_id: savedId, ...range })))
          .execute();
        return { kind: 'saved', id: savedId } as const;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.outcome;
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return { kind: 'nameTaken' };
      throw error;
    }
  }

  /** Deletes the group; its variables' category_id is cleared by the foreign key. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('variables.category_group')
      .where('id', '=', id)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  private async insertGroup(
    trx: Transaction<VariablesDatabase>,
    name: string,
    owner: string,
  ): Promise<number> {
    await this.refuseTakenName(trx, name, null);
    const row = await trx
      .insertInto('variables.category_group')
      .values({ name, owner })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private async renameGroup(trx: Transaction<VariablesDatabase>, id: number, name: string): Promise<number> {
    const locked = await trx
      .selectFrom('variables.category_group')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new Rollback({ kind: 'notFound' });
    await this.refuseTakenName(trx, name, id);
    await trx.updateTable('variables.category_group').set({ name }).where('id', '=', id).execute();
    return id;
  }

  private async refuseTakenName(trx: Transaction<VariablesDatabase>, name: string, exceptId: number | null) {
    let sameName = trx
      .selectFrom('variables.category_group')
      .select('id')
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== null) sameName = sameName.where('id', '<>', exceptId);
    if (await sameName.executeTakeFirst()) throw new Rollback({ kind: 'nameTaken' });
  }

  private async assignVariables(trx: Transaction<VariablesDatabase>, groupId: number, variableIds: number[]) {
    // Locked so that two groups written at once cannot both take a variable.
    const rows = await trx
      .selectFrom('variables.variable as v')
      .leftJoin('variables.category_group as g', 'g.id', 'v.category_id')
      .select(['v.id', 'v.category_id as groupId', 'g.name as groupName'])
      // Ids are int4: a larger number names no variable (and must not fail the statement).
      .where('v.id', 'in', [0, ...variableIds.filter((variableId) => variableId <= PG_INTEGER_MAX)])
      .forUpdate(['v'])
      .execute();
    const found = new Set(rows.map((row) => row.id));
    const unknown = variableIds.filter((variableId) => !found.has(variableId));
    if (unknown.length > 0) throw new Rollback({ kind: 'unknownVariables', variableIds: unknown });
    const held = rows.flatMap((row) =>
      row.groupId !== null && row.groupId !== groupId && row.groupName !== null
        ? [{ variableId: row.id, groupId: row.groupId, groupName: row.groupName }]
        : [],
    );
    if (held.length > 0) throw new Rollback({ kind: 'variablesInOtherGroup', variables: held });
    await trx
      .updateTable('variables.variable')
      .set({ category_id: null })
      .where('category_id', '=', groupId)
      .where('id', 'not in', variableIds)
      .execute();
    await trx
      .updateTable('variables.variable')
      .set({ category_id: groupId })
      .where('id', 'in', variableIds)
      .execute();
  }
}
