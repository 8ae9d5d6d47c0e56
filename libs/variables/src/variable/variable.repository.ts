import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import type { RawVariableDeclaration } from '@plantlens/contracts';
import type { VariablesDb } from '../database/variables-database';

export interface VariableRow {
  id: number;
  clientReference: string;
  name: string;
  unit: string | null;
  categoryId: number | null;
}

const INT4_MAX = 2 ** 31 - 1;

@Injectable()
export class VariableRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  private selectVariables() {
    return this.db
      .selectFrom('variables.variable')
      .select(['id', 'client_reference as clientReference', 'name', 'unit', 'category_id as categoryId']);
  }

  findAllOrderedByName(): Promise<VariableRow[]> {
    return this.selectVariables().orderBy('name').orderBy('id').execute();
  }

  findByIds(ids: number[]): Promise<VariableRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.selectVariables().where('id', 'in', ids).execute();
  }

  async findAllIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('variables.variable').select('id').execute();
    return rows.map((row) => row.id);
  }

  async findExistingIds(ids: number[]): Promise<number[]> {
    // Ids are int4: a larger number cannot name a variable (and must not fail the query).
    const candidates = ids.filter((id) => id <= INT4_MAX);
    if (candidates.length === 0) return [];
    const rows = await this.db
      .selectFrom('variables.variable')
      .select('id')
      .where('id', 'in', candidates)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Creates the variables that do not exist yet; existing ones keep their name and unit. */
  async declareRaw(
    declarations: RawVariableDeclaration[],
  ): Promise<{ id: number; clientReference: string }[]> {
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
}
