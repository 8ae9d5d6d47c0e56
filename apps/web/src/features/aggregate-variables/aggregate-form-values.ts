import {
  aggregateInputIds,
  type AggregateDefinition,
  type AggregateGoal,
  type AggregateMetric,
  type AggregateOperator,
  type AggregateTimeGap,
  type AggregateVariableCreateDto,
  type AggregateVariableDto,
  type AggregateVariableUpdateDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';

export type SecondOperand = 'variable' | 'constant';

// What the editor's form holds: the catalogue fields every goal shares, and the calculation of its goal
// with the chosen variables whole (their labels show in the pickers).
export interface AggregateFormValues {
  name: string;
  unit: string;
  categoryId: number | null;
  tags: number[];
  historic: boolean;
  // operated
  varOne: VariableMinimalDto | null;
  operator: AggregateOperator | null;
  secondOperand: SecondOperand;
  varTwo: VariableMinimalDto | null;
  constant: number | null;
  // gradual
  variable: VariableMinimalDto | null;
  timeGap: AggregateTimeGap | null;
  // metrical
  variables: VariableMinimalDto[];
  metrical: AggregateMetric | null;
}

export const EMPTY_FORM_VALUES: AggregateFormValues = {
  name: '',
  unit: '',
  categoryId: null,
  tags: [],
  historic: false,
  varOne: null,
  operator: null,
  secondOperand: 'variable',
  varTwo: null,
  constant: null,
  variable: null,
  timeGap: null,
  variables: [],
  metrical: null,
};

/** The calculation the values describe, or null while it is incomplete (nothing to preview yet). */
export function definitionOf(
  goal: AggregateGoal,
  values: Partial<AggregateFormValues>,
): AggregateDefinition | null {
  switch (goal) {
    case 'operated': {
      const { varOne, operator, secondOperand, varTwo, constant } = values;
      if (!varOne || !operator) return null;
      if (secondOperand === 'constant')
        return typeof constant === 'number' && Number.isFinite(constant)
          ? { goal, operator, varOneId: varOne.id, varTwoId: null, constant }
          : null;
      return varTwo ? { goal, operator, varOneId: varOne.id, varTwoId: varTwo.id, constant: null } : null;
    }
    case 'gradual':
      return values.variable && values.timeGap
        ? { goal, varId: values.variable.id, timeGap: values.timeGap }
        : null;
    case 'metrical':
      return values.variables?.length && values.metrical
        ? { goal, metrical: values.metrical, variableIdList: values.variables.map(({ id }) => id) }
        : null;
  }
}

const catalogueOf = ({ name, unit, categoryId, tags }: AggregateFormValues) => ({
  name: name.trim(),
  unit: unit.trim() || null,
  categoryId,
  tags,
});

/** POST body of a new variable; the form's rules made the calculation complete. */
export function createBody(
  definition: AggregateDefinition,
  values: AggregateFormValues,
): AggregateVariableCreateDto {
  return { ...catalogueOf(values), historic: values.historic, ...definition };
}

/** PUT body: only the catalogue fields, the calculation is locked once the variable exists (spec §4). */
export function updateBody(id: number, values: AggregateFormValues): AggregateVariableUpdateDto {
  return { id, ...catalogueOf(values) };
}

/** The ids of the variables a stored aggregate reads, to look their labels up. */
export function storedInputIds(variable: AggregateVariableDto): number[] {
  const definition = storedDefinition(variable);
  return definition ? aggregateInputIds(definition) : [];
}

function storedDefinition(variable: AggregateVariableDto): AggregateDefinition | null {
  switch (variable.goal) {
    case 'operated':
      return variable.operator && variable.varOneId
        ? {
            goal: 'operated',
            operator: variable.operator,
            varOneId: variable.varOneId,
            varTwoId: variable.varTwoId ?? null,
            constant: variable.constant ?? null,
          }
        : null;
    case 'gradual':
      return variable.varId && variable.timeGap
        ? { goal: 'gradual', varId: variable.varId, timeGap: variable.timeGap }
        : null;
    case 'metrical':
      return variable.metrical
        ? {
            goal: 'metrical',
            metrical: variable.metrical,
            variableIdList: (variable.variableList ?? []).map(({ id }) => id),
          }
        : null;
  }
}

/** The form of a stored variable, its inputs found among `inputs` (a missing one stays empty). */
export function formValuesOf(
  variable: AggregateVariableDto,
  inputs: readonly VariableMinimalDto[],
): AggregateFormValues {
  const input = (id: number | null | undefined) => inputs.find((candidate) => candidate.id === id) ?? null;
  return {
    ...EMPTY_FORM_VALUES,
    name: variable.name,
    unit: variable.unit ?? '',
    categoryId: variable.categoryId,
    tags: variable.tags.map(({ id }) => id),
    historic: variable.historic,
    varOne: input(variable.varOneId),
    operator: variable.operator ?? null,
    secondOperand: variable.varTwoId == null && variable.constant != null ? 'constant' : 'variable',
    varTwo: input(variable.varTwoId),
    constant: variable.constant ?? null,
    variable: input(variable.varId),
    timeGap: variable.timeGap ?? null,
    variables: variable.variableList ?? [],
    metrical: variable.metrical ?? null,
  };
}
