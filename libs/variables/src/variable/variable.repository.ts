import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '@plantlens/platform';
import {
  PG_INTEGER_MAX,
  type RawVariableDeclaration,
  type TagRefDto,
  type VariableOrderField,
  type VariableOrigin,
} from '@plantlens/contracts';
import type { VariablesDb } from '../database/variables-database';
import type { TagFilter } from '../tag/tag-filter';

export interface VariableRow {
  id: number;
  clientReference: string;
  name: string;
  unit: string | null;
  categoryId: number | null;
  aggregate: boolean;
}

/**
 * Variables whose reference, name or unit contains `text` (any case), that pass the tag filter and, when
 * given, are of that origin.
 */
export interface VariableCriteria {
  text: string;
  tags: TagFilter;
  origin?: VariableOrigin;
}

export interface VariableOrder {
  field: VariableOrderField;
  direction: 'asc' | 'desc';
}

const ORDER_COLUMNS = {
  clientReference: 'v.client_reference',
  name: 'v.name',
  unit: 'v.unit',
} as const satisfies Record<VariableOrderField, string>;

// LIKE treats % and _ as wildcards and \ as their escape; a user's text is matched literally.
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

// Two parameters per link; PostgreSQL takes at most 65 535 parameters per statement.
const LINK_CHUNK = 10_000;

@Injectable()
export class VariableRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  private selectVariables() {
    return this.db
      .selectFrom('variables.variable')
      .select([
        'id',
        'client_reference as clientReference',
        'name',
        'unit',
        'category_id as categoryId',
        'aggregate',
      ]);
  }

  findAllOrderedByName(): Promise<VariableRow[]> {
    return this.selectVariables().orderBy('name').orderBy('id').execute();
  }

  findByIds(ids: number[]): Promise<VariableRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.selectVariables().where('id', 'in', ids).execute();
  }

  // Ids are int4: a larger number names no variable (and must not fail a query).
  findById(id: number): Promise<VariableRow | undefined> {
    if (id > PG_INTEGER_MAX) return Promise.resolve(undefined);
    return this.selectVariables().where('id', '=', id).executeTakeFirst();
  }

  /**
   * A variable editor's save (raw or aggregate), in one transaction: name, unit and category, and the tags
   * the variable carries become exactly `tagIds`.
   */
  async updateCatalogueFields(
    id: number,
    fields: { name: string; unit: string | null; categoryId: number | null },
    tagIds: number[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('variables.variable')
        .set({ name: fields.name, unit: fields.unit, category_id: fields.categoryId })
        .where('id', '=', id)
        .execute();
      await replaceTags(trx, id, tagIds);
    });
  }

  async findAllIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('variables.variable').select('id').execute();
    return rows.map((row) => row.id);
  }

  async findExistingIds(ids: number[]): Promise<number[]> {
    // Ids are int4: a larger number cannot name a variable (and must not fail the query).
    const candidates = ids.filter((id) => id <= PG_INTEGER_MAX);
    if (candidates.length === 0) return [];
    const rows = await this.db
      .selectFrom('variables.variable')
      .select('id')
      .where('id', 'in', candidates)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Which of the ids name a variable, and whether it is an aggregate one. */
  async findKinds(ids: number[]): Promise<{ id: number; aggregate: boolean }[]> {
    const candidates = ids.filter((id) => id <= PG_INTEGER_MAX);
    if (candidates.length === 0) return [];
    return this.db
      .selectFrom('variables.variable')
      .select(['id', 'aggregate'])
      .where('id', 'in', candidates)
      .execute();
  }

  /** Creates the variables that do not exist yet (unless told not to); existing ones keep their name and unit. */
  async declareRaw(
    declarations: RawVariableDeclaration[],
    createMissing = true,
  ): Promise<{ id: number; clientReference: string }[]> {
    if (createMissing)
      await this.db
        .insertInto('variables.variable')
        .values(
          declarations.map((declaration) => ({
            client_reference: declaration.clientReference,
            name: declaration.name,
            unit: declaration.unit,
            category_id: null,
          })),
        )
        .onConflict((conflict) => conflict.column('client_reference').doNothing())
        .execute();
    return this.db
      .selectFrom('variables.variable')
      .select(['id', 'client_reference as clientReference'])
      .where(
        'client_reference',
        'in',
        declarations.map((declaration) => declaration.clientReference),
      )
      .execute();
  }

  findMatching(
    criteria: VariableCriteria,
    order: VariableOrder,
    page?: { limit: number; offset: number },
  ): Promise<VariableRow[]> {
    return this.matchingInOrder(criteria, order, page).execute();
  }

  /** The statement of findMatching, also for checking its plan over many variables. */
  matchingInOrder(
    criteria: VariableCriteria,
    order: VariableOrder,
    page?: { limit: number; offset: number },
  ) {
    let query = this.matching(criteria)
      .select([
        'v.id',
        'v.client_reference as clientReference',
        'v.name',
        'v.unit',
        'v.category_id as categoryId',
        'v.aggregate',
      ])
      .orderBy(ORDER_COLUMNS[order.field], order.direction);
    // References are unique; names and units are made so by the id, as their indexes are.
    if (order.field !== 'clientReference') query = query.orderBy('v.id', order.direction);
    return page ? query.limit(page.limit).offset(page.offset) : query;
  }

  async countMatching(criteria: VariableCriteria): Promise<number> {
    const row = await this.matching(criteria)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async existsMatching(criteria: VariableCriteria): Promise<boolean> {
    const row = await this.matching(criteria).select('v.id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The tags each variable carries directly, by name. */
  async tagsOf(variableIds: number[]): Promise<Map<number, TagRefDto[]>> {
    const tags = new Map<number, TagRefDto[]>(variableIds.map((id) => [id, []]));
    if (variableIds.length === 0) return tags;
    const rows = await this.db
      .selectFrom('variables.variable_tag as vt')
      .innerJoin('variables.tag as t', 't.id', 'vt.tag_id')
      .select(['vt.variable_id as variableId', 't.id', 't.name'])
      .where('vt.variable_id', 'in', variableIds)
      .orderBy('t.name')
      .orderBy('t.id')
      .execute();
    for (const { variableId, id, name } of rows) tags.get(variableId)?.push({ id, name });
    return tags;
  }

  /** Adds tags to variables; links that exist are kept as they are. */
  async addTags(links: { variableId: number; tagId: number }[]): Promise<void> {
    for (let start = 0; start < links.length; start += LINK_CHUNK) {
      await this.db
        .insertInto('variables.variable_tag')
        .values(
          links
            .slice(start, start + LINK_CHUNK)
            .map((link) => ({ variable_id: link.variableId, tag_id: link.tagId })),
        )
        .onConflict((conflict) => conflict.columns(['variable_id', 'tag_id']).doNothing())
        .execute();
    }
  }

  private matching({ text, tags, origin = 'all' }: VariableCriteria) {
    let query = this.db.selectFrom('variables.variable as v');
    if (origin !== 'all') query = query.where('v.aggregate', '=', origin === 'aggregate');
    if (text.length > 0) {
      const pattern = containsPattern(text);
      query = query.where((eb) =>
        eb.or([
          eb('v.client_reference', 'ilike', pattern),
          eb('v.name', 'ilike', pattern),
          eb('v.unit', 'ilike', pattern),
        ]),
      );
    }
    for (const group of tags) {
      query =
        group.length === 0
          ? query.where(sql<boolean>`false`)
          : query.where(({ exists, selectFrom }) =>
              exists(
                selectFrom('variables.variable_tag as vt')
                  .select('vt.tag_id')
                  .whereRef('vt.variable_id', '=', 'v.id')
                  .where('vt.tag_id', 'in', group),
              ),
            );
    }
    return query;
  }
}

/** The variable carries exactly `tagIds` afterwards (links kept where they already exist). */
export async function replaceTags(db: VariablesDb, variableId: number, tagIds: number[]): Promise<void> {
  let removed = db.deleteFrom('variables.variable_tag').where('variable_id', '=', variableId);
  if (tagIds.length > 0) removed = removed.where('tag_id', 'not in', tagIds);
  await removed.execute();
  if (tagIds.length > 0)
    await db
      .insertInto('variables.variable_tag')
      .values(tagIds.map((tagId) => ({ variable_id: variableId, tag_id: tagId })))
      .onConflict((conflict) => conflict.columns(['variable_id', 'tag_id']).doNothing())
      .execute();
}
