import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CategoryMessages,
  type CategoryGroupCreate,
  type CategoryGroupDto,
  type CategoryGroupUpdate,
  type CategorySetDto,
} from '@plantlens/contracts';
import type { AuthenticatedUser } from '@plantlens/platform';
import { CategoryRepository, type CategoryWriteOutcome } from './category.repository';

// Categorical variable groups (docs in libs/variables/README.md "Categories"). A variable belongs to at
// most one group: writing a group that names a variable of another group is refused (409, naming them),
// never a silent move, so that no other group loses a variable unseen.
@Injectable()
export class CategoryService {
  constructor(private readonly categories: CategoryRepository) {}

  list(): Promise<CategoryGroupDto[]> {
    return this.categories.find();
  }

  async get(id: number): Promise<CategoryGroupDto> {
    const [group] = await this.categories.find(id);
    if (!group) throw new NotFoundException(CategoryMessages.notFound);
    return group;
  }

  async create(user: AuthenticatedUser, group: CategoryGroupCreate): Promise<CategoryGroupDto> {
    return this.get(savedId(await this.categories.create(group, user.username)));
  }

  async update(group: CategoryGroupUpdate): Promise<CategoryGroupDto> {
    return this.get(savedId(await this.categories.replace(group.id, group)));
  }

  async delete(id: number): Promise<void> {
    if (!(await this.categories.delete(id))) throw new NotFoundException(CategoryMessages.notFound);
  }

  /** The category sets of the categorical variables among `variableIds`: one per group, in request order. */
  async categorySetsOf(variableIds: number[]): Promise<CategorySetDto[]> {
    const memberships = await this.categories.groupsOfVariables(variableIds);
    if (memberships.length === 0) return [];
    const groupOf = new Map(memberships.map((membership) => [membership.variableId, membership]));
    const sets = new Map<number, CategorySetDto>();
    for (const variableId of variableIds) {
      const membership = groupOf.get(variableId);
      if (!membership) continue;
      const set = sets.get(membership.groupId) ?? {
        id: membership.groupId,
        name: membership.groupName,
        variables: [],
        ranges: [],
      };
      set.variables.push(variableId);
      sets.set(membership.groupId, set);
    }
    const ranges = await this.categories.rangesOf([...sets.keys()]);
    return [...sets.values()].map((set) => ({ ...set, ranges: ranges.get(set.id) ?? [] }));
  }
}

function savedId(outcome: CategoryWriteOutcome): number {
  switch (outcome.kind) {
    case 'saved':
      return outcome.id;
    case 'notFound':
      throw new NotFoundException(CategoryMessages.notFound);
    case 'nameTaken':
      throw new ConflictException(CategoryMessages.nameTaken);
    case 'unknownVariables':
      throw new NotFoundException(`${CategoryMessages.variablesNotFound}: ${outcome.variableIds.join(', ')}`);
    case 'variablesInOtherGroup':
      throw new ConflictException(
        `${CategoryMessages.variablesInOtherGroup}: ${outcome.variables
          .map((held) => `variable ${held.variableId} is in "${held.groupName}"`)
          .join(', ')}`,
      );
  }
}
