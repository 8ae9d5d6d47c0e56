import type { AggregateVariableDto, VariableMinimalDto } from '@plantlens/contracts';

// Small aggregate variables and inputs for the page specs.
export const INPUTS: VariableMinimalDto[] = [
  { id: 1, label: 'Feed flow', unit: 'm3/h', categoryId: null, clientReference: 'FI-101' },
  { id: 2, label: 'Return flow', unit: 'm3/h', categoryId: null, clientReference: 'FI-102' },
  { id: 3, label: 'Drum level', unit: '%', categoryId: null, clientReference: 'LI-201' },
];

export function aggregate(overrides: Partial<AggregateVariableDto>): AggregateVariableDto {
  return {
    id: 10,
    clientReference: 'AGG-10',
    name: 'Net flow',
    unit: 'm3/h',
    categoryId: null,
    categorized: false,
    tags: [],
    goal: 'operated',
    owner: 'ana',
    canEdit: true,
    canDelete: true,
    canShare: true,
    createdAt: Date.UTC(2026, 2, 7, 12) / 1000,
    formula: '[FI-101] - [FI-102]',
    historic: false,
    backfill: { state: 'none', percent: 0, fromMs: null, toMs: null, error: null },
    operator: '-',
    varOneId: 1,
    varTwoId: 2,
    constant: null,
    ...overrides,
  };
}
