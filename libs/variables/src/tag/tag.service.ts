import { Injectable } from '@nestjs/common';
import { tagPathSegments, type TagTreeNodeDto } from '@plantlens/contracts';
import { lookup } from '../lookup';
import { resolveTagFilter, type TagFilter } from './tag-filter';
import { tagPathKey, TagRepository } from './tag.repository';

// Siblings as people read them: case and accents aside, numbers by value ("Drum 2" before "Drum 10").
const NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

@Injectable()
export class TagService {
  constructor(private readonly tags: TagRepository) {}

  /** Every tag as a tree: the roots, each with its descendants, siblings sorted by name. */
  async tree(): Promise<TagTreeNodeDto[]> {
    const rows = [...(await this.tags.findTree())].sort((a, b) => NAME_ORDER.compare(a.name, b.name));
    const nodes = new Map(
      rows.map((row) => [row.id, { id: row.id, name: row.name, children: [] as TagTreeNodeDto[] }]),
    );
    const roots: TagTreeNodeDto[] = [];
    for (const row of rows) {
      const node = lookup(nodes, row.id);
      const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** The filter of variables tagged with the given tags (see resolveTagFilter); [] restricts nothing. */
  async filterOf(tagIds: readonly number[]): Promise<TagFilter> {
    if (tagIds.length === 0) return [];
    return resolveTagFilter(await this.tags.findTree(), tagIds);
  }

  /** The id of the tag at each path ("Area/Coker unit"), creating the missing tags; keyed by the given path. */
  async ensurePaths(paths: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(paths)];
    const ids = await this.tags.ensurePaths(unique.map(tagPathSegments));
    return new Map(unique.map((path) => [path, lookup(ids, tagPathKey(tagPathSegments(path)))]));
  }
}
