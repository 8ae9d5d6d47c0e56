import type { RuleIncidenceDto, VariableMinimalDto } from '@plantlens/contracts';

// Small variables and rules for the rule form specs.
export function minimalVariable(id: number, label: string, clientReference: string): VariableMinimalDto {
  return { id, label, unit: 'bar', categoryId: null, clientReference };
}

/** A stored rule against a constant, editable by its owner; `overrides` make it another. */
export function storedRule(overrides: Partial<RuleIncidenceDto> = {}): RuleIncidenceDto {
  return {
    id: 7,
    name: 'Drum overheat',
    enabled: true,
    operator: '>',
    varOneId: 2,
    varTwoId: null,
    varOneIds: [2],
    constant: 480,
    minDurationSeconds: 30,
    deadband: 2,
    formula: '',
    emails: 'ana@plant.es',
    createdAt: 1_770_000_000,
    tags: ['drum'],
    owner: 'ana',
    canEdit: true,
    canDelete: true,
    canShare: true,
    ...overrides,
  };
}
