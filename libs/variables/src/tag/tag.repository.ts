import { Injectable } from '@nestjs/common';
import { TAG_PATH_SEPARATOR } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import type { VariablesDb } from '../database/variables-database';
import { lookup } from '../lookup';
import type { TagNode } from './tag-filter';

/** A tag path's key: its names joined by the separator, which a name cannot contain. */
export const tagPathKey = (names: readonly string[]): string => names.join(TAG_PATH_SEPARATOR);

export interface TagRow extends TagNode {
  name: string;
}

@Injectable()
export class TagRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  findTree(): Promise<TagRow[]> {
    return this.db.selectFrom('variables.tag').select(['id', 'parent_id as parentId', 'name']).execute();
  }

  /**
   * Creates the tags of the given paths (lists of names, root first) that do not exist yet and returns
   * the id of every path and of every prefix of it, by tagPathKey. Safe to run concurrently.
   */
  async ensurePaths(paths: readonly (readonly string[])[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const depth = Math.max(0, ...paths.map((path) => path.length));
    for (let level = 0; level < depth; level += 1) {
      const wanted = new Map<string, { parent_id: number | null; name: string }>();
      for (const path of paths) {
        const name = path[level];
        if (name === undefined) continue;
        wanted.set(tagPathKey(path.slice(0, level + 1)), {
          parent_id: level === 0 ? null : lookup(ids, tagPathKey(path.slice(0, level))),
          name,
        });
      }
      // The no-op update makes existing tags come back from RETURNING too, in one statement.
      const stored = await this.db
        .insertInto('variables.tag')
        .values([...wanted.values()])
        .onConflict((conflict) =>
          conflict
            .constraint('tag_name_unique_among_siblings')
            .doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
        )
        .returning(['id', 'parent_id', 'name'])
        .execute();
      const idBySiblingKey = new Map(stored.map((tag) => [siblingKey(tag), tag.id]));
      for (const [key, tag] of wanted) ids.set(key, lookup(idBySiblingKey, siblingKey(tag)));
    }
    return ids;
  }
}

const siblingKey = (tag: { parent_id: number | null; name: string }) =>
  `${tag.parent_id ?? ''}${TAG_PATH_SEPARATOR}${tag.name}`;
