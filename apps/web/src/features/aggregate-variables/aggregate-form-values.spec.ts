import {
  EMPTY_FORM_VALUES,
  createBody,
  definitionOf,
  formValuesOf,
  storedInputIds,
  updateBody,
} from './aggregate-form-values';
import { INPUTS, aggregate } from './fixtures';

const [feed, ret, level] = INPUTS;

describe('aggregate form values', () => {
  it('gives no calculation until the operated one is complete', () => {
    expect(definitionOf('operated', { ...EMPTY_FORM_VALUES, varOne: feed })).toBeNull();
    expect(definitionOf('operated', { ...EMPTY_FORM_VALUES, varOne: feed, operator: '/' })).toBeNull();
    expect(
      definitionOf('operated', { ...EMPTY_FORM_VALUES, varOne: feed, operator: '/', varTwo: ret }),
    ).toEqual({ goal: 'operated', operator: '/', varOneId: 1, varTwoId: 2, constant: null });
  });

  it('takes the constant only with the constant toggle, and zero is a constant', () => {
    const values = { ...EMPTY_FORM_VALUES, varOne: feed, operator: '*' as const, varTwo: ret, constant: 0 };
    expect(definitionOf('operated', { ...values, secondOperand: 'constant' })).toEqual({
      goal: 'operated',
      operator: '*',
      varOneId: 1,
      varTwoId: null,
      constant: 0,
    });
    expect(definitionOf('operated', { ...values, secondOperand: 'constant', constant: null })).toBeNull();
  });

  it('builds gradual and metrical calculations', () => {
    expect(definitionOf('gradual', { variable: level, timeGap: 'P1D' })).toEqual({
      goal: 'gradual',
      varId: 3,
      timeGap: 'P1D',
    });
    expect(definitionOf('gradual', { variable: level })).toBeNull();
    expect(definitionOf('metrical', { variables: [feed, ret], metrical: 'lq' })).toEqual({
      goal: 'metrical',
      metrical: 'lq',
      variableIdList: [1, 2],
    });
    expect(definitionOf('metrical', { variables: [], metrical: 'lq' })).toBeNull();
  });

  it('sends trimmed catalogue fields, historic only on create, no calculation on update', () => {
    const values = { ...EMPTY_FORM_VALUES, name: ' Ratio ', unit: '  ', historic: true, tags: [4] };
    const definition = { goal: 'gradual' as const, varId: 3, timeGap: 'PT1M' as const };
    expect(createBody(definition, values)).toEqual({
      name: 'Ratio',
      unit: null,
      categoryId: null,
      tags: [4],
      historic: true,
      ...definition,
    });
    expect(updateBody(9, values)).toEqual({ id: 9, name: 'Ratio', unit: null, categoryId: null, tags: [4] });
  });

  it('reads a stored variable back into the form with its inputs', () => {
    const operated = aggregate({
      varOneId: 1,
      varTwoId: null,
      constant: 2,
      operator: '*',
      tags: [{ id: 4, name: 'Flows' }],
    });
    expect(storedInputIds(operated)).toEqual([1]);
    expect(formValuesOf(operated, INPUTS)).toMatchObject({
      name: 'Net flow',
      unit: 'm3/h',
      tags: [4],
      varOne: feed,
      operator: '*',
      secondOperand: 'constant',
      constant: 2,
      varTwo: null,
    });
    const metrical = aggregate({ goal: 'metrical', metrical: 'std', variableList: [feed, level] });
    expect(storedInputIds(metrical)).toEqual([1, 3]);
    expect(formValuesOf(metrical, [])).toMatchObject({ variables: [feed, level], metrical: 'std' });
  });
});
