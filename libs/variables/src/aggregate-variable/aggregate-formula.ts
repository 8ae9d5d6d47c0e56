import type { AggregateDefinition } from '@plantlens/contracts';

/**
 * The readable text of a calculation, naming each input by its client reference in brackets:
 *   operated  `[TI-101] - [TI-102]`, `[TI-101] / 2.5`, `[TI-101] - (-3)` (a negative constant in brackets);
 *   gradual   `Δ[FI-7] over PT1H` (the increment over the gap, ISO 8601 code as the API names it);
 *   metrical  `mean([A], [B], [C])` (the metric's short code over the inputs, in their order).
 * An input no longer known (`referenceOf` answers undefined) is named by its id: `[#12]`.
 */
export function aggregateFormula(
  definition: AggregateDefinition,
  referenceOf: (variableId: number) => string | undefined,
): string {
  const input = (id: number) => `[${referenceOf(id) ?? `#${id}`}]`;
  switch (definition.goal) {
    case 'operated': {
      const second =
        definition.varTwoId !== null
          ? input(definition.varTwoId)
          : constantText(definition.constant ?? Number.NaN);
      return `${input(definition.varOneId)} ${definition.operator} ${second}`;
    }
    case 'gradual':
      return `Δ${input(definition.varId)} over ${definition.timeGap}`;
    case 'metrical':
      return `${definition.metrical}(${definition.variableIdList.map(input).join(', ')})`;
  }
}

const constantText = (constant: number): string => (constant < 0 ? `(${constant})` : String(constant));
