import { Injectable } from '@nestjs/common';
import { tagPathSegments } from '@plantlens/contracts';
import { lookup } from '../lookup';
import { resolveTagFilter, type TagFilter } from './tag-filter';
import { tagPathKey, TagRepository } from './tag.repository';

@Injectable()
export class TagService {
  constructor(private readonly tags: TagRepository) {}

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
