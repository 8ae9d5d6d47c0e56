import { aggregateDefinitionSchema } from '@plantlens/contracts';
import { aggregateFormula } from './aggregate-formula';

const REFERENCES = new Map([
  [1, 'TI-101'],
  [2, 'TI-102'],
  [3, 'FI-7'],
]);
const formulaOf = (definition: unknown) =>
  aggregateFormula(aggregateDefinitionSchema.parse(definition), (id) => REFERENCES.get(id));

describe('aggregateFormula', () => {
  it('writes an operation of two variables, or of a variable and a constant', () => {
    expect(formulaOf({ goal: 'operated', operator: '-', varOneId: 1, varTwoId: 2 })).toBe(
      '[TI-101] - [TI-102]',
    );
    expect(formulaOf({ goal: 'operated', operator: '/', varOneId: 1, constant: 2.5 })).toBe('[TI-101] / 2.5');
    expect(formulaOf({ goal: 'operated', operator: '*', varOneId: 1, constant: -3 })).toBe('[TI-101] * (-3)');
    expect(formulaOf({ goal: 'operated', operator: '+', varOneId: 1, constant: 0 })).toBe('[TI-101] + 0');
  });

  it('writes the increment over the gap and the metric over its inputs in order', () => {
    expect(formulaOf({ goal: 'gradual', varId: 3, timeGap: 'PT1H' })).toBe('Δ[FI-7] over PT1H');
    expect(formulaOf({ goal: 'metrical', metrical: 'lq', variableIdList: [2, 1, 3] })).toBe(
      'lq([TI-102], [TI-101], [FI-7])',
    );
  });

  it('names an input it does not know by its id', () => {
    expect(formulaOf({ goal: 'gradual', varId: 12, timeGap: 'P1D' })).toBe('Δ[#12] over P1D');
  });
});
