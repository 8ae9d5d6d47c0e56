import { Injectable } from '@nestjs/common';
import {
  VARIABLE_PAGE_SIZE,
  VARIABLE_SEARCH_LIMIT,
  type RawVariableDeclaration,
  type VariableListRowDto,
  type VariableMinimalDto,
  type VariablePageDto,
  type VariablePageQuery,
  type VariableSearchQuery,
  type VariableTaggedQuery,
} from '@plantlens/contracts';
import { lookup } from '../lookup';
import { TagService } from '../tag/tag.service';
import { VariableRepository, type VariableOrder, type VariableRow } from './variable.repository';

const BY_NAME: VariableOrder = { field: 'name', direction: 'asc' };

@Injectable()
export class VariableService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly tags: TagService,
  ) {}

  // Each step is idempotent, so a source that retries a failed declaration ends with the full result;
  // no transaction is needed. Tags are only ever added: a user's own tagging survives re-declarations.
  // With createMissing false it only looks the references up and changes nothing, tags included.
  async declareRaw(
    declarations: RawVariableDeclaration[],
    createMissing = true,
  ): Promise<{ id: number; clientReference: string }[]> {
    const declared = await this.variables.declareRaw(declarations, createMissing);
    if (!createMissing) return declared;
    const tagIds = await this.tags.ensurePaths(declarations.flatMap((declaration) => declaration.tags ?? []));
    const variableIds = new Map(declared.map((variable) => [variable.clientReference, variable.id]));
    await this.variables.addTags(
      declarations.flatMap((declaration) =>
        (declaration.tags ?? []).map((path) => ({
          variableId: lookup(variableIds, declaration.clientReference),
          tagId: lookup(tagIds, path),
        })),
      ),
    );
    return declared;
  }

  /** In the order of `ids`; unknown ids are left out. */
  async minimal(ids: number[]): Promise<VariableMinimalDto[]> {
    const byId = new Map((await this.variables.findByIds(ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toMinimal(row)] : [];
    });
  }

  // The picker shows the first VARIABLE_SEARCH_LIMIT by name and "and X more" from totalRows.
  async search(query: VariableSearchQuery): Promise<VariableMinimalDto[]> {
    const criteria = { text: query.text, tags: await this.tags.filterOf(query.tags) };
    const [rows, totalRows] = await Promise.all([
      this.variables.findMatching(criteria, BY_NAME, { limit: VARIABLE_SEARCH_LIMIT, offset: 0 }),
      this.variables.countMatching(criteria),
    ]);
    return rows.map((row) => ({ ...toMinimal(row), totalRows }));
  }

  async tagged(query: VariableTaggedQuery): Promise<VariableMinimalDto[]> {
    const criteria = { text: query.filter, tags: await this.tags.filterOf(query.tags) };
    return (await this.variables.findMatching(criteria, BY_NAME)).map(toMinimal);
  }

  async taggedExists(tagIds: number[]): Promise<boolean> {
    return this.variables.existsMatching({ text: '', tags: await this.tags.filterOf(tagIds) });
  }

  async page(query: VariablePageQuery): Promise<VariablePageDto> {
    const criteria = {
      text: query.filter,
      tags: await this.tags.filterOf(query.tags),
      origin: query.origin,
    };
    const [rows, count] = await Promise.all([
      this.variables.findMatching(
        criteria,
        { field: query.orderField, direction: query.order },
        { limit: VARIABLE_PAGE_SIZE, offset: (query.page - 1) * VARIABLE_PAGE_SIZE },
      ),
      this.variables.countMatching(criteria),
    ]);
    const tags = await this.variables.tagsOf(rows.map((row) => row.id));
    return {
      variables: rows.map((row) => toListRow(row, tags.get(row.id) ?? [])),
      totalPages: Math.ceil(count / VARIABLE_PAGE_SIZE),
      currentPage: query.page,
      count,
    };
  }
}

export function toMinimal(row: VariableRow): VariableMinimalDto {
  return {
    id: row.id,
    label: row.name,
    unit: row.unit,
    categoryId: row.categoryId,
    clientReference: row.clientReference,
  };
}

function toListRow(row: VariableRow, tags: VariableListRowDto['tags']): VariableListRowDto {
  return {
    id: row.id,
    clientReference: row.clientReference,
    name: row.name,
    unit: row.unit,
    tags,
    aggregate: row.aggregate,
    categorized: row.categoryId !== null,
    categoryId: row.categoryId,
  };
}
