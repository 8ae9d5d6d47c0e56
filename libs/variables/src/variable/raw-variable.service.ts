import { Injectable, NotFoundException } from '@nestjs/common';
import { RawVariableMessages, type RawVariableDto, type RawVariableUpdate } from '@plantlens/contracts';
import { validationException } from '@plantlens/platform';
import { CatalogueFieldsCheck } from './catalogue-fields';
import { VariableRepository } from './variable.repository';

// The raw variable editor (spec part 1 §2 "/raw-variable"): name, unit, category and tags of a measured
// variable. Its client reference is read-only; the locked system tags (negative ids) stay as they are.
@Injectable()
export class RawVariableService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly catalogueFields: CatalogueFieldsCheck,
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
    await this.catalogueFields.checkCategory(changes.categoryId);
    const tagIds = await this.catalogueFields.checkedTags(
      changes.tags,
      current.tags.map((tag) => tag.id),
    );
    await this.variables.updateCatalogueFields(
      changes.id,
      { name: changes.name, unit: changes.unit, categoryId: changes.categoryId },
      tagIds,
    );
    return this.get(changes.id);
  }
}
