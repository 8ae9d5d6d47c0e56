import type { VariableMinimalDto } from '@plantlens/contracts';
import { filterVariables } from './variable-search';

const variable = (id: number, label: string, clientReference: string): VariableMinimalDto => ({
  id,
  label,
  clientReference,
  unit: null,
  categoryId: null,
});

const variables = [
  variable(1, 'Caudal de vapor', 'FT-101'),
  variable(2, 'Presión caldera', 'PT-201'),
  variable(3, 'Temperatura salida', 'TT-301'),
];

describe('filterVariables', () => {
  it('returns every variable for an empty or blank search', () => {
    expect(filterVariables(variables, '')).toBe(variables);
    expect(filterVariables(variables, '   ')).toBe(variables);
  });

  it('matches the label ignoring case and accents', () => {
    expect(filterVariables(variables, 'PRESION').map(({ id }) => id)).toEqual([2]);
    expect(filterVariables(variables, 'presión').map(({ id }) => id)).toEqual([2]);
  });

  it('matches the client reference', () => {
    expect(filterVariables(variables, 'tt-3').map(({ id }) => id)).toEqual([3]);
  });

  it('keeps the original (label) order', () => {
    expect(filterVariables(variables, 'a').map(({ id }) => id)).toEqual([1, 2, 3]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterVariables(variables, 'flujo')).toEqual([]);
  });
});
