import { Injectable } from '@nestjs/common';
import { TAG_PATH_SEPARATOR } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql, type Transaction } from 'kysely';
import type { VariablesDatabase, VariablesDb } from '../database/variables-database';
import { lookup } from '../lookup';
import type { TagNode } from './tag-filter';
import type { NewTag, TagMove, TagParentRef } from './tag-tree-plan';

/** A tag path's key: its names joined by the separator, which a name cannot contain. */
export const tagPathKey = (names: readonly string[]): string => names.join(TAG_PATH_SEPARATOR);

export interface TagRow extends TagNode {
  name: string;
}

/** The tag tree as it stands inside a tree change's transaction, with nobody else changing it. */
export interface TagTreeSnapshot {
  tags: TagRow[];
  /** variables carrying each tag directly; tags nobody carries are left out */
  usage: Map<number, number>;
  /** variables carrying at least one of the tags */
  countTagged(tagIds: readonly number[]): Promise<number>;
}

export interface TagTreeChange {
  moves: TagMove[];
  inserts: NewTag[][];
  /** tags taken off every variable that carries them */
  untag: number[];
  deletions: number[];
}

type VariablesTransaction = Transaction<VariablesDatabase>;

@Injectable()
export class TagRepository {
  private readonly db: VariablesDb;

  constructor(database: Database) {
    this.db = database.kysely as VariablesDb;
  }

  findTree(db: VariablesDb = this.db): Promise<TagRow[]> {
    return db.selectFrom('variables.tag').select(['id', 'parent_id as parentId', 'name']).execute();
  }

  /**
   * Changes the tree in one transaction: `decide` sees the tree as it stands (other changes, data sources'
   * new tags included, wait for this one) and answers the change to make, or throws to leave it as it is.
   */
  async changeTree(decide: (snapshot: TagTreeSnapshot) => Promise<TagTreeChange>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`lock table variables.tag in share row exclusive mode`.execute(trx);
      const usageRows = await trx
        .selectFrom('variables.variable_tag')
        .select(['tag_id as tagId', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('tag_id')
        .execute();
      const change = await decide({
        tags: await this.findTree(trx),
        usage: new Map(usageRows.map((row) => [row.tagId, Number(row.count)])),
        countTagged: async (tagIds) => {
          if (tagIds.length === 0) return 0;
          const row = await trx
            .selectFrom('variables.variable_tag')
            .select((eb) => eb.fn.count<string>('variable_id').distinct().as('count'))
            .where('tag_id', 'in', [...tagIds])
            .executeTakeFirstOrThrow();
          return Number(row.count);
        },
      });
      await applyChange(trx, change);
    });
  }

  /** Tags every variable with every tag; answers how many links are new. */
  async assign(variableIds: readonly number[], tagIds: readonly number[]): Promise<number> {
    const rows = await sql<{ variable_id: number }>`
      insert into variables.variable_tag (variable_id, tag_id)
      select v, t from unnest(${[...variableIds]}::int[]) as v cross join unnest(${[...tagIds]}::int[]) as t
      on conflict do nothing
      returning variable_id`.execute(this.db);
    return rows.rows.length;
  }

  /** Takes the tags off the variables; answers how many links went. */
  async unassign(variableIds: readonly number[], tagIds: readonly number[]): Promise<number> {
    const rows = await this.db
      .deleteFrom('variables.variable_tag')
      .where('variable_id', 'in', [...variableIds])
      .where('tag_id', 'in', [...tagIds])
      .returning('variable_id')
      .execute();
    return rows.length;
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

async function applyChange(trx: VariablesTransaction, change: TagTreeChange): Promise<void> {
  const moved = change.moves.map((move) => move.id);
  // Unique sibling names are checked row by row, so a swap of two names would collide halfway: moved tags
  // first take a name no tag can have ("/" is refused in names), then their final one.
  if (moved.length > 0)
    await trx
      .updateTable('variables.tag')
      .set({ name: sql<string>`'/' || id` })
      .where('id', 'in', moved)
      .execute();
  const newIds = new Map<number, number>();
  const parentId = (parent: TagParentRef) =>
    parent === null ? null : 'id' in parent ? parent.id : lookup(newIds, parent.key);
  for (const level of change.inserts) {
    if (level.length === 0) continue;
    const stored = await trx
      .insertInto('variables.tag')
      .values(level.map((tag) => ({ name: tag.name, parent_id: parentId(tag.parent) })))
      .returning(['id', 'parent_id', 'name'])
      .execute();
    const idBySiblingKey = new Map(stored.map((tag) => [siblingKey(tag), tag.id]));
    for (const tag of level)
      newIds.set(
        tag.key,
        lookup(idBySiblingKey, siblingKey({ parent_id: parentId(tag.parent), name: tag.name })),
      );
  }
  if (moved.length > 0)
    await sql`
      update variables.tag as t set name = u.name, parent_id = u.parent_id
      from unnest(
        ${moved}::int[],
        ${change.moves.map((move) => move.name)}::text[],
        ${change.moves.map((move) => parentId(move.parent))}::int[]
      ) as u(id, name, parent_id)
      where t.id = u.id`.execute(trx);
  if (change.untag.length > 0)
    await trx.deleteFrom('variables.variable_tag').where('tag_id', 'in', change.untag).execute();
  // Descendants and their links go with their tag (on delete cascade).
  if (change.deletions.length > 0)
    await trx.deleteFrom('variables.tag').where('id', 'in', change.deletions).execute();
}
