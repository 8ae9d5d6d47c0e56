import { Injectable, NotFoundException } from '@nestjs/common';
import { RawVariableMessages, type RawVariableDto, type RawVariableUpdate } from '@plantlens/contracts';
import { validationException } from '@plantlens/platform';
import { CategoryRepository } from '../category/category.repository';
import { TagRepository } from '../tag/tag.repository';
import { VariableRepository } from './variable.repository';

// The raw variable editor (spec part 1 §2 "/raw-variable"): name, unit, category and tags of a measured
// variable. Its client reference is read-only; the locked system tags (negative ids) stay as they are.
@Injectable()
export class RawVariableService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly categories: CategoryRepository,
    private readonly tags: TagRepository,
  ) {}

  async get(id: number): Promise<RawVariableDto> {
    const row = await this.variables.findById(id);
    // Aggregate variables have their own editor and call.
    if (!row || row.aggregate) throw new NotFoundException(RawVariableMessages.notFound);
    const tags = await this.variables.tagsOf([id]);
    return {
      id: row.id,
      name: row.name,
      unit: row.unit,
      clientReference: row.clientReference,
      tags: tags.get(id) ?? [],
      categoryId: row.categoryId,
    };
  }

  async update(changes: RawVariableUpdate): Promise<RawVariableDto> {
    const current = await this.get(changes.id);
    if (changes.clientReference !== undefined && changes.clientReference !== current.clientReference)
      throw validationException([
        { path: ['clientReference'], message: RawVariableMessages.clientReferenceLocked },
      ]);
    if (changes.categoryId !== null && !(await this.categories.exists(changes.categoryId)))
      throw validationException([{ path: ['categoryId'], message: RawVariableMessages.categoryNotFound }]);
    const tagIds = await this.checkedTags(
      changes.tags,
      current.tags.map((tag) => tag.id),
    );
    await this.variables.updateRaw(
      changes.id,
      { name: changes.name, unit: changes.unit, categoryId: changes.categoryId },
      tagIds,
    );
    return this.get(changes.id);
  }

  /** The tags to carry: the requested ones, which must exist, plus the system tags it carries already. */
  private async checkedTags(requested: number[], carried: number[]): Promise<number[]> {
    const known = new Set((await this.tags.findTree()).map((tag) => tag.id));
    const unknown = requested.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw validationException([
        { path: ['tags'], message: `${RawVariableMessages.tagsNotFound}: ${unknown.join(', ')}` },
      ]);
    if (requested.some((id) => isSystemTag(id) && !carried.includes(id)))
      throw validationException([{ path: ['tags'], message: RawVariableMessages.systemTagsLocked }]);
    return [...new Set([...requested, ...carried.filter(isSystemTag)])];
  }
}

const isSystemTag = (id: number): boolean => id < 0;
