import {
  CATEGORY_COLOURS,
  DEFAULT_CATEGORY_COLOUR,
  type CategoryColourName,
  type CategoryGroupCreateDto,
  type CategoryGroupDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';

// The rules of the categorical group form (spec part 1 §5): a group name, at least one variable, and
// options of numeric value, non-empty name and a preset colour (black by default); a new option may be
// added only while none is empty, and the last option cannot be removed.

export interface CategoryOptionValues {
  value: number | null;
  name: string;
  color: string;
}

export interface CategoryGroupValues {
  name: string;
  variables: VariableMinimalDto[];
  ranges: CategoryOptionValues[];
}

export const emptyOption = (): CategoryOptionValues => ({
  value: null,
  name: '',
  color: DEFAULT_CATEGORY_COLOUR,
});

export function isOptionEmpty(option: CategoryOptionValues | undefined): boolean {
  return !option || option.value === null || !Number.isFinite(option.value) || option.name.trim() === '';
}

export function canAddOption(options: readonly (CategoryOptionValues | undefined)[]): boolean {
  return options.every((option) => !isOptionEmpty(option));
}

export function canRemoveOption(options: readonly unknown[]): boolean {
  return options.length > 1;
}

/** The values that appear in more than one option. */
export function repeatedValues(options: readonly (CategoryOptionValues | undefined)[]): Set<number> {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const option of options) {
    if (option?.value === null || option?.value === undefined) continue;
    if (seen.has(option.value)) repeated.add(option.value);
    seen.add(option.value);
  }
  return repeated;
}

export function initialValues(
  group: CategoryGroupDto | undefined,
  variables: VariableMinimalDto[],
): CategoryGroupValues {
  return group
    ? { name: group.name, variables, ranges: group.ranges.map((range) => ({ ...range })) }
    : { name: '', variables: [], ranges: [emptyOption()] };
}

export function toGroupDto({ name, variables, ranges }: CategoryGroupValues): CategoryGroupCreateDto {
  return {
    name: name.trim(),
    variables: variables.map((variable) => variable.id),
    ranges: ranges.map((range) => ({
      value: range.value ?? Number.NaN,
      name: range.name.trim(),
      color: range.color,
    })),
  };
}

/** The colour choices in the spec's order (part 1 §9), then the default black. */
export const COLOUR_CHOICES: { key: CategoryColourName | 'black'; color: string }[] = [
  ...(Object.entries(CATEGORY_COLOURS) as [CategoryColourName, string][]).map(([key, color]) => ({
    key,
    color,
  })),
  { key: 'black', color: DEFAULT_CATEGORY_COLOUR },
];

/** "Pump A (Pump states)" for each chosen variable that another group holds (a variable is in one group). */
export function variablesOfOtherGroups(
  variables: readonly VariableMinimalDto[],
  groupId: number | undefined,
  groups: readonly Pick<CategoryGroupDto, 'id' | 'name'>[],
): string[] {
  const names = new Map(groups.map((group) => [group.id, group.name]));
  return variables.flatMap((variable) =>
    variable.categoryId !== null && variable.categoryId !== groupId
      ? [`${variable.label} (${names.get(variable.categoryId) ?? `#${variable.categoryId}`})`]
      : [],
  );
}
