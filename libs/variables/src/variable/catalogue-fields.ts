import { Injectable } from '@nestjs/common';
import { RawVariableMessages } from '@plantlens/contracts';
import { validationException } from '@plantlens/platform';
import { CategoryRepository } from '../category/category.repository';
import { TagRepository } from '../tag/tag.repository';

// The checks of the catalogue fields every variable editor saves (raw and aggregate): the category and the
// tags must exist, and the locked system tags (negative ids) are the platform's to set.
@Injectable()
export class CatalogueFieldsCheck {
  constructor(
    private readonly categories: CategoryRepository,
    private readonly tags: TagRepository,
  ) {}

  /** 400 naming `categoryId` unless it is null or an existing group. */
  async checkCategory(categoryId: number | null): Promise<void> {
    if (categoryId !== null && !(await this.categories.exists(categoryId)))
      throw validationException([{ path: ['categoryId'], message: RawVariableMessages.categoryNotFound }]);
  }

  /** The tags to carry: the requested ones, which must exist, plus the system tags it carries already. */
  async checkedTags(requested: number[], carried: number[]): Promise<number[]> {
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
