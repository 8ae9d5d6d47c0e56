import { ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  aggregateDefinitionSchema,
  AggregateVariableMessages,
  Authorities,
  type AggregateDefinition,
  type AggregateDependenciesDto,
  type AggregateGoal,
  type AggregateVariableCreate,
  type AggregateVariableDto,
  type AggregateVariableUpdate,
  type ObjectAccessDto,
  type TagRefDto,
} from '@plantlens/contracts';
import { IdentityClient, validationException, type AuthenticatedUser } from '@plantlens/platform';
import { CatalogueFieldsCheck } from '../variable/catalogue-fields';
import { VariableRepository, type VariableRow } from '../variable/variable.repository';
import { toMinimal } from '../variable/variable.service';
import { AggregateCatalog } from './aggregate-catalog.service';
import { aggregateFormula } from './aggregate-formula';
import {
  AggregateVariableRepository,
  MissingInputsError,
  type AggregateRow,
} from './aggregate-variable.repository';
import { backfillProgress } from './backfill-progress';
import { RuleReferenceClient } from './rule-reference.client';

const VARIABLE = 'variable';

// The fields of the calculation (and the generated reference): fixed once the variable exists (part 1 §4).
const LOCKED_FIELDS = [
  'clientReference',
  'goal',
  'operator',
  'varOneId',
  'varTwoId',
  'constant',
  'varId',
  'timeGap',
  'metrical',
  'variableIdList',
  'historic',
] as const;

// Aggregate variables and who may do what with them (identity, object type `variable`), as saved queries:
//   read   — listed and opened: the owner, administrators, users shared with (directly or by group);
//   edit   — name, unit, category, tags: owner, administrators, rows with edit;
//   share  — manage the permission rows: owner, administrators, rows with share;
//   delete — the owner and administrators only.
// One the caller may not read answers 404, as if it did not exist; one he reads but may not change, 403.
// Reading its points (explorer, rules) is not restricted: they are variables like measured ones.
@Injectable()
export class AggregateVariableService {
  private readonly logger = new Logger('AggregateVariables');

  constructor(
    private readonly aggregates: AggregateVariableRepository,
    private readonly variables: VariableRepository,
    private readonly catalogueFields: CatalogueFieldsCheck,
    private readonly identity: IdentityClient,
    private readonly rules: RuleReferenceClient,
    private readonly catalog: AggregateCatalog,
  ) {}

  /** The readable ones (of one goal when given), newest first. */
  async list(user: AuthenticatedUser, goal?: AggregateGoal): Promise<AggregateVariableDto[]> {
    const readable = await this.identity.readableOf(VARIABLE, await this.aggregates.findAll(goal), user.id);
    readable.sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.row.id - a.row.id);
    return this.toDtos(readable, user);
  }

  async get(user: AuthenticatedUser, id: number): Promise<AggregateVariableDto> {
    const [dto] = await this.toDtos([await this.readable(user, id)], user);
    return dto;
  }

  async create(user: AuthenticatedUser, request: AggregateVariableCreate): Promise<AggregateVariableDto> {
    const { name, unit, categoryId, tags, historic, ...calculation } = request;
    const definition = aggregateDefinitionSchema.parse(calculation);
    await this.catalogueFields.checkCategory(categoryId);
    const tagIds = await this.catalogueFields.checkedTags(tags, []);
    let id: number;
    try {
      id = await this.aggregates.insert({ name, unit, categoryId, tagIds, definition, historic });
    } catch (error) {
      // 400 naming the operand field.
      if (error instanceof MissingInputsError) throw unknownInputs(definition, error.missing);
      throw error;
    }
    try {
      await this.identity.registerOwner(VARIABLE, id, user.id);
    } catch (error) {
      // A variable nobody owns could be seen by administrators only: undo it and report the failure.
      await this.aggregates.deleteUnlessRead(id);
      throw error;
    }
    await this.catalogChanged();
    return this.get(user, id);
  }

  /** Name, unit, category and tags; the calculation and its data are kept. */
  async update(user: AuthenticatedUser, changes: AggregateVariableUpdate): Promise<AggregateVariableDto> {
    const { row, rights } = await this.readable(user, changes.id);
    if (!rights.canEdit) throw new ForbiddenException(AggregateVariableMessages.editForbidden);
    const locked: Record<string, unknown> = {
      clientReference: row.clientReference,
      historic: row.historic,
      ...aggregateDefinitionSchema.parse(row.definition),
    };
    const sent = changes as Record<string, unknown>;
    const changed = LOCKED_FIELDS.filter((field) => field in sent && !sameValue(sent[field], locked[field]));
    if (changed.length > 0)
      throw validationException(
        changed.map((field) => ({ path: [field], message: AggregateVariableMessages.operandsLocked })),
      );
    await this.catalogueFields.checkCategory(changes.categoryId);
    const carried = (await this.variables.tagsOf([row.id])).get(row.id) ?? [];
    const tagIds = await this.catalogueFields.checkedTags(
      changes.tags,
      carried.map((tag) => tag.id),
    );
    await this.variables.updateCatalogueFields(
      row.id,
      { name: changes.name, unit: changes.unit, categoryId: changes.categoryId },
      tagIds,
    );
    await this.catalogChanged();
    return this.get(user, row.id);
  }

  /**
   * Removes the variable and its points, unless other aggregates or rules read it: then 409 naming them
   * (AggregateDependenciesDto) and nothing changes.
   */
  async delete(user: AuthenticatedUser, id: number): Promise<void> {
    const { row, rights } = await this.readable(user, id);
    if (!canDelete(rights, user)) throw new ForbiddenException(AggregateVariableMessages.deleteForbidden);
    const [rules, aggregates] = await Promise.all([
      this.rules.readersOf([row.id]),
      this.aggregates.dependents(row.id),
    ]);
    if (rules.length > 0 || aggregates.length > 0) throw dependenciesConflict(aggregates, rules);
    // Checked again under the row's lock: an aggregate created on it meanwhile keeps it.
    const readers = await this.aggregates.deleteUnlessRead(row.id);
    if (readers.length > 0) throw dependenciesConflict(readers, []);
    await this.catalogChanged();
    try {
      await this.identity.deleteObject(VARIABLE, row.id);
    } catch (error) {
      // The variable is gone; rows left behind name an id never handed out again, so they grant nothing.
      this.logger.warn(
        `Permissions of deleted variable ${row.id} not removed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  private async readable(
    user: AuthenticatedUser,
    id: number,
  ): Promise<{ row: AggregateRow; rights: ObjectAccessDto }> {
    const row = await this.aggregates.findById(id);
    const [rights] = row ? await this.identity.access(VARIABLE, [row.id], user.id) : [];
    if (!row || !rights?.canRead) throw new NotFoundException(AggregateVariableMessages.notFound);
    return { row, rights };
  }

  // The live calculator of this process sees the change at once; other replicas on their next reload.
  private async catalogChanged(): Promise<void> {
    try {
      await this.catalog.reload();
    } catch (error) {
      this.logger.warn(
        `Aggregate catalog not reloaded after a change: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  private async toDtos(
    entries: { row: AggregateRow; rights: ObjectAccessDto }[],
    user: AuthenticatedUser,
  ): Promise<AggregateVariableDto[]> {
    const ids = entries.map(({ row }) => row.id);
    const [tags, inputs] = await Promise.all([
      this.variables.tagsOf(ids),
      this.variables.findByIds([...new Set(entries.flatMap(({ row }) => row.inputIds))]),
    ]);
    const inputsById = new Map(inputs.map((input) => [input.id, input]));
    return entries.map(({ row, rights }) => toDto(row, rights, user, tags.get(row.id) ?? [], inputsById));
  }
}

function canDelete(rights: ObjectAccessDto, user: AuthenticatedUser): boolean {
  return rights.owner || user.authorities.includes(Authorities.admin);
}

// A field of the calculation a goal does not have reads as absent, which null also says.
function sameValue(sent: unknown, current: unknown): boolean {
  return JSON.stringify(sent ?? null) === JSON.stringify(current ?? null);
}

function unknownInputs(definition: AggregateDefinition, missing: number[]) {
  const message = `${AggregateVariableMessages.unknownVariables}: ${missing.join(', ')}`;
  const fields: [string, number | null][] =
    definition.goal === 'operated'
      ? [
          ['varOneId', definition.varOneId],
          ['varTwoId', definition.varTwoId],
        ]
      : definition.goal === 'gradual'
        ? [['varId', definition.varId]]
        : [];
  const named = fields.filter(([, id]) => id !== null && missing.includes(id));
  return validationException(
    named.length > 0
      ? named.map(([field, id]) => ({
          path: [field],
          message: `${AggregateVariableMessages.unknownVariables}: ${id}`,
        }))
      : [{ path: ['variableIdList'], message }],
  );
}

function dependenciesConflict(
  variables: { id: number; name: string }[],
  rules: { id: number; name: string }[],
): ConflictException {
  const body: Omit<AggregateDependenciesDto, 'statusCode' | 'error'> = {
    message: AggregateVariableMessages.dependencies,
    variables,
    rules: rules.map(({ id, name }) => ({ id, name })),
  };
  return new ConflictException(body);
}

function toDto(
  row: AggregateRow,
  rights: ObjectAccessDto,
  user: AuthenticatedUser,
  tags: TagRefDto[],
  inputsById: Map<number, VariableRow>,
): AggregateVariableDto {
  const definition = aggregateDefinitionSchema.parse(row.definition);
  return {
    id: row.id,
    clientReference: row.clientReference,
    name: row.name,
    unit: row.unit,
    categoryId: row.categoryId,
    categorized: row.categoryId !== null,
    tags,
    goal: definition.goal,
    // Empty when the owner no longer exists.
    owner: rights.ownerName ?? '',
    canEdit: rights.canEdit,
    canDelete: canDelete(rights, user),
    canShare: rights.canShare,
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    formula: aggregateFormula(definition, (id) => inputsById.get(id)?.clientReference),
    historic: row.historic,
    backfill: backfillProgress(row),
    ...calculationFields(definition, inputsById),
  };
}

function calculationFields(
  definition: AggregateDefinition,
  inputsById: Map<number, VariableRow>,
): Partial<AggregateVariableDto> {
  switch (definition.goal) {
    case 'operated':
      return {
        operator: definition.operator,
        varOneId: definition.varOneId,
        varTwoId: definition.varTwoId,
        constant: definition.constant,
      };
    case 'gradual':
      return { varId: definition.varId, timeGap: definition.timeGap };
    case 'metrical':
      return {
        metrical: definition.metrical,
        variableList: definition.variableIdList.flatMap((id) => {
          const input = inputsById.get(id);
          return input ? [toMinimal(input)] : [];
        }),
      };
  }
}
