import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  TagMessages,
  tagPathSegments,
  type TagAssignment,
  type TagAssignmentResultDto,
  type TagConfirmationDto,
  type TagTreeBody,
  type TagTreeChangedDto,
  type TagTreeNodeDto,
  type TagTreeNodeInput,
  type TagUsageDto,
} from '@plantlens/contracts';
import { validationException } from '@plantlens/platform';
import { lookup } from '../lookup';
import { VariableRepository } from '../variable/variable.repository';
import { resolveTagFilter, type TagFilter } from './tag-filter';
import { planTagTree, subtrees } from './tag-tree-plan';
import { tagPathKey, TagRepository, type TagRow } from './tag.repository';

// Siblings as people read them: case and accents aside, numbers by value ("Drum 2" before "Drum 10").
const NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

@Injectable()
export class TagService {
  constructor(
    private readonly tags: TagRepository,
    private readonly variables: VariableRepository,
  ) {}

  /** Every tag as a tree: the roots, each with its descendants, siblings sorted by name. */
  async tree(): Promise<TagTreeNodeDto[]> {
    return toTree(await this.tags.findTree());
  }

  /**
   * Replaces the tree with `tree` (see planTagTree). Tags in use that get children become categories and are
   * taken off their variables (part 1 §4): without `confirm` that answers 409 with those tags instead.
   */
  async replaceTree(tree: TagTreeBody, confirm: boolean): Promise<TagTreeNodeDto[]> {
    await this.tags.changeTree(async ({ tags, usage }) => {
      const outcome = planTagTree(tags, tree);
      if (outcome.kind === 'invalid') throw validationException(outcome.issues);
      if (outcome.kind === 'changed') {
        const body: TagTreeChangedDto = {
          statusCode: 409,
          error: 'Conflict',
          message: TagMessages.treeChanged,
          reason: 'tree-changed',
          missing: outcome.missing,
          unknownIds: outcome.unknownIds,
        };
        throw new ConflictException(body);
      }
      const names = new Map(tags.map((tag) => [tag.id, tag.name]));
      const becomingCategories: TagUsageDto[] = outcome.gainingChildren
        .filter((id) => usage.has(id))
        .map((id) => ({ id, name: lookup(names, id), variableCount: lookup(usage, id) }));
      if (becomingCategories.length > 0 && !confirm)
        throw confirmation('tags-become-categories', TagMessages.tagsBecomeCategories, becomingCategories);
      return {
        moves: outcome.moves,
        inserts: outcome.inserts,
        untag: becomingCategories.map((tag) => tag.id),
        deletions: [],
      };
    });
    return this.tree();
  }

  /**
   * Deletes the tags of `nodes` (any depth) with their descendants. If variables carry any of them, that
   * answers 409 with the tags and their variable counts unless `confirm`. Ids of tags already gone are ignored.
   */
  async deleteTags(nodes: TagTreeBody, confirm: boolean): Promise<TagTreeNodeDto[]> {
    const ids = nodesOf(nodes).map((node) => {
      if (node.id === undefined) throw validationException([{ message: TagMessages.idRequired }]);
      return node.id;
    });
    await this.tags.changeTree(async ({ tags, countTagged }) => {
      const present = new Map(tags.map((tag) => [tag.id, tag]));
      const doomed = [...new Set(ids)].filter((id) => present.has(id));
      const locked = doomed.filter(isSystemTag);
      if (locked.length > 0)
        throw new BadRequestException(`${TagMessages.systemTagDelete}: ${locked.join(', ')}`);
      const inUse: TagUsageDto[] = [];
      for (const [id, subtree] of subtrees(tags, doomed)) {
        const variableCount = await countTagged(subtree);
        if (variableCount > 0) inUse.push({ id, name: lookup(present, id).name, variableCount });
      }
      if (inUse.length > 0 && !confirm) throw confirmation('tags-in-use', TagMessages.tagsInUse, inUse);
      return { moves: [], inserts: [], untag: [], deletions: doomed };
    });
    return this.tree();
  }

  /** Adds every tag to every variable; links that exist stay. */
  async assign(body: TagAssignment): Promise<TagAssignmentResultDto> {
    await this.checkAssignment(body);
    return { changed: await this.tags.assign(body.variableIds, body.tagIds) };
  }

  /** Takes every tag off every variable; missing links are no error. */
  async unassign(body: TagAssignment): Promise<TagAssignmentResultDto> {
    await this.checkAssignment(body);
    return { changed: await this.tags.unassign(body.variableIds, body.tagIds) };
  }

  // System tags are the system's to give (their lock, part 1 §2); unknown ids are a 404 naming them.
  private async checkAssignment({ variableIds, tagIds }: TagAssignment): Promise<void> {
    const locked = tagIds.filter(isSystemTag);
    if (locked.length > 0)
      throw validationException([
        { path: ['tagIds'], message: `${TagMessages.systemTagAssign}: ${locked.join(', ')}` },
      ]);
    const existingTags = new Set((await this.tags.findTree()).map((tag) => tag.id));
    const unknownTags = tagIds.filter((id) => !existingTags.has(id));
    if (unknownTags.length > 0)
      throw new NotFoundException(`tagIds: ${TagMessages.unknownTags} ${unknownTags.join(', ')}`);
    const existingVariables = new Set(await this.variables.findExistingIds(variableIds));
    const unknownVariables = variableIds.filter((id) => !existingVariables.has(id));
    if (unknownVariables.length > 0)
      throw new NotFoundException(
        `variableIds: ${TagMessages.unknownVariables} ${unknownVariables.join(', ')}`,
      );
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

const isSystemTag = (id: number) => id < 0;

/** The roots, each with its descendants, siblings sorted by name. */
function toTree(rows: readonly TagRow[]): TagTreeNodeDto[] {
  const sorted = [...rows].sort((a, b) => NAME_ORDER.compare(a.name, b.name));
  const nodes = new Map(
    sorted.map((row) => [row.id, { id: row.id, name: row.name, children: [] as TagTreeNodeDto[] }]),
  );
  const roots: TagTreeNodeDto[] = [];
  for (const row of sorted) {
    const node = lookup(nodes, row.id);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every node of the forest, parents before children. */
function nodesOf(forest: readonly TagTreeNodeInput[]): TagTreeNodeInput[] {
  const nodes: TagTreeNodeInput[] = [];
  const pending = [...forest];
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    nodes.push(next);
    pending.push(...next.children);
  }
  return nodes;
}

function confirmation(
  reason: TagConfirmationDto['reason'],
  message: string,
  tags: TagUsageDto[],
): ConflictException {
  const body: TagConfirmationDto = { statusCode: 409, error: 'Conflict', message, reason, tags };
  return new ConflictException(body);
}
