import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { VariablesDb } from '../database/variables-database';

export interface QueryRow {
  id: number;
  name: string;
  relativePath: string;
  star: boolean;
  tags: string[];
}

export type NewQuery = Omit<QueryRow, 'id'>;

@Injectable()
export class QueryRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  private selectQueries() {
    return this.db
      .selectFrom('variables.query')
      .select(['id', 'name', 'relative_path as relativePath', 'star', 'tags']);
  }

  /** Every query, or those carrying any of the tags. */
  findAll(tags: string[]): Promise<QueryRow[]> {
    const all = this.selectQueries();
    return (tags.length === 0 ? all : all.where(sql<boolean>`tags && ${sql.val(tags)}::text[]`)).execute();
  }

  findById(id: number): Promise<QueryRow | undefined> {
    return this.selectQueries().where('id', '=', id).executeTakeFirst();
  }

  async insert(query: NewQuery): Promise<QueryRow> {
    return this.db
      .insertInto('variables.query')
      .values({ name: query.name, relative_path: query.relativePath, star: query.star, tags: query.tags })
      .returning(['id', 'name', 'relative_path as relativePath', 'star', 'tags'])
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Partial<NewQuery>): Promise<QueryRow | undefined> {
    return this.db
      .updateTable('variables.query')
      .set({
        name: changes.name,
        relative_path: changes.relativePath,
        star: changes.star,
        tags: changes.tags,
      })
      .where('id', '=', id)
      .returning(['id', 'name', 'relative_path as relativePath', 'star', 'tags'])
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('variables.query').where('id', '=', id).execute();
  }
}
