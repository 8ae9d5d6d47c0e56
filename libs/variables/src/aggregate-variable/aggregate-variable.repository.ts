import { Injectable } from '@nestjs/common';
import {
  aggregateInputIds,
  PG_INTEGER_MAX,
  type AggregateBackfillState,
  type AggregateDefinition,
  type AggregateGoal,
} from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { VariablesDb } from '../database/variables-database';
import { ReadCacheRepository } from '../read-cache/read-cache.repository';
import { replaceTags } from '../variable/variable.repository';

export interface AggregateRow {
  id: number;
  clientReference: string;
  name: string;
  unit: string | null;
  categoryId: number | null;
  createdAt: Date;
  /** as stored: the contracts' AggregateDefinition */
  definition: unknown;
  inputIds: number[];
  historic: boolean;
  backfillState: AggregateBackfillState;
  backfillFrom: Date | null;
  backfillTo: Date | null;
  backfillDoneUntil: Date | null;
  backfillError: string | null;
}

export interface NewAggregate {
  name: string;
  unit: string | null;
  categoryId: number | null;
  tagIds: number[];
  definition: AggregateDefinition;
  historic: boolean;
}

/** The aggregate was not created: some of its inputs do not exist (any more). */
export class MissingInputsError extends Error {
  constructor(readonly missing: number[]) {
    super(`unknown variable ids: ${missing.join(', ')}`);
  }
}

/** Client reference of an aggregate: generated, as nothing measures it. */
export const aggregateReference = (id: number): string => `AGG-${id}`;

@Injectable()
export class AggregateVariableRepository {
  private readonly db: VariablesDb;

  constructor(
    database: Database,
    private readonly readCache: ReadCacheRepository,
  ) {
    this.db = database.kysely as VariablesDb;
  }

  private selectAggregates() {
    return this.db
      .selectFrom('variables.aggregate_variable as a')
      .innerJoin('variables.variable as v', 'v.id', 'a.variable_id')
      .select([
        'v.id',
        'v.client_reference as clientReference',
        'v.name',
        'v.unit',
        'v.category_id as categoryId',
        'v.created_at as createdAt',
        'a.definition',
        'a.input_ids as inputIds',
        'a.historic',
        'a.backfill_state as backfillState',
        'a.backfill_from as backfillFrom',
        'a.backfill_to as backfillTo',
        'a.backfill_done_until as backfillDoneUntil',
        'a.backfill_error as backfillError',
      ]);
  }

  /** Every aggregate, or those of one goal. */
  findAll(goal?: AggregateGoal): Promise<AggregateRow[]> {
    const all = this.selectAggregates();
    return (goal ? all.where(sql<string>`a.definition->>'goal'`, '=', goal) : all).execute();
  }

  findById(id: number): Promise<AggregateRow | undefined> {
    return this.selectAggregates().where('v.id', '=', id).executeTakeFirst();
  }

  /**
   * The variable row (aggregate, reference AGG-<id>), its tags and its calculation, in one transaction. The
   * inputs are locked (`for share`) so that none is deleted meanwhile: a delete either commits first — then
   * MissingInputsError — or waits and sees the new aggregate among its dependents.
   */
  async insert(aggregate: NewAggregate): Promise<number> {
    const inputIds = aggregateInputIds(aggregate.definition);
    return this.db.transaction().execute(async (trx) => {
      const candidates = inputIds.filter((id) => id <= PG_INTEGER_MAX);
      const present =
        candidates.length === 0
          ? []
          : await trx
              .selectFrom('variables.variable')
              .select('id')
              .where('id', 'in', candidates)
              .forShare()
              .execute();
      const presentIds = new Set(present.map((row) => row.id));
      const missing = inputIds.filter((id) => !presentIds.has(id));
      if (missing.length > 0) throw new MissingInputsError(missing);
      const id = await insertVariable(trx, aggregate);
      await replaceTags(trx, id, aggregate.tagIds);
      await trx
        .insertInto('variables.aggregate_variable')
        .values({
          variable_id: id,
          definition: JSON.stringify(aggregate.definition),
          input_ids: inputIds,
          historic: aggregate.historic,
          backfill_state: aggregate.historic ? 'pending' : 'none',
        })
        .execute();
      return id;
    });
  }

  /** The aggregates reading the variable directly, by name. */
  dependents(variableId: number, db: VariablesDb = this.db): Promise<{ id: number; name: string }[]> {
    return db
      .selectFrom('variables.aggregate_variable as a')
      .innerJoin('variables.variable as v', 'v.id', 'a.variable_id')
      .select(['v.id', 'v.name'])
      .where(sql<boolean>`a.input_ids @> array[${variableId}::int4]`)
      .orderBy('v.name')
      .orderBy('v.id')
      .execute();
  }

  /**
   * Deletes the variable with all its data (points, rollups and their work list, read cache entries, tags,
   * calculation) in one transaction, unless an aggregate reads it: those are answered instead and nothing
   * is deleted. The row is locked first, so an aggregate created meanwhile on it is seen (see insert).
   */
  deleteUnlessRead(variableId: number): Promise<{ id: number; name: string }[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('variables.variable')
        .select('id')
        .where('id', '=', variableId)
        .forUpdate()
        .execute();
      const readers = await this.dependents(variableId, trx);
      if (readers.length > 0) return readers;
      await trx.deleteFrom('variables.measurement').where('variable_id', '=', variableId).execute();
      await trx.deleteFrom('variables.rollup').where('variable_id', '=', variableId).execute();
      await trx.deleteFrom('variables.rollup_pending').where('variable_id', '=', variableId).execute();
      await this.readCache.forgetVariable(trx, variableId);
      // The tags and the calculation go with it (on delete cascade).
      await trx.deleteFrom('variables.variable').where('id', '=', variableId).execute();
      return [];
    });
  }
}

// The id is drawn first so that the reference can name it. A data source may in principle have declared
// that reference already: the next id is drawn then.
async function insertVariable(trx: VariablesDb, aggregate: NewAggregate): Promise<number> {
  for (;;) {
    const drawn = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence('variables.variable', 'id'))::int4 as id`.execute(trx);
    const id = drawn.rows[0]?.id;
    if (id === undefined) throw new Error('the identity sequence answered no value');
    const inserted = await sql<{ id: number }>`
      insert into variables.variable (id, client_reference, name, unit, category_id, aggregate)
      overriding system value
      values (${id}, ${aggregateReference(id)}, ${aggregate.name}, ${aggregate.unit}, ${aggregate.categoryId}, true)
      on conflict (client_reference) do nothing
      returning id`.execute(trx);
    if (inserted.rows.length > 0) return id;
  }
}
