import {
  aggregateInputIds,
  aggregateVariableCreateSchema,
  aggregateVariableUpdateSchema,
} from './aggregate-variable';

describe('aggregate variable requests', () => {
  it('reads a metrical variable with its catalogue fields, inputs once each', () => {
    const parsed = aggregateVariableCreateSchema.parse({
      name: ' Mean bed temperature ',
      goal: 'metrical',
      metrical: 'mean',
      variableIdList: [3, 3, 5],
      tags: [{ id: 7, name: 'Reactor' }, 8],
    });
    expect(parsed).toEqual({
      name: 'Mean bed temperature',
      unit: null,
      categoryId: null,
      tags: [7, 8],
      historic: false,
      goal: 'metrical',
      metrical: 'mean',
      variableIdList: [3, 5],
    });
    expect(aggregateInputIds(parsed)).toEqual([3, 5]);
  });

  it('takes an operated variable with a constant or a second variable, not both', () => {
    const withConstant = aggregateVariableCreateSchema.parse({
      name: 'x',
      goal: 'operated',
      operator: '/',
      varOneId: 1,
      constant: 2.5,
      historic: true,
    });
    expect(withConstant).toMatchObject({ varTwoId: null, constant: 2.5, historic: true });
    expect(aggregateInputIds(withConstant)).toEqual([1]);
    const both = aggregateVariableCreateSchema.safeParse({
      name: 'x',
      goal: 'operated',
      operator: '+',
      varOneId: 1,
      varTwoId: 2,
      constant: 1,
    });
    expect(both.success).toBe(false);
    expect(both.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['varTwoId']);
  });

  it.each([
    [{ name: '', goal: 'gradual', varId: 1, timeGap: 'PT1H' }, 'name'],
    [{ name: 'x', goal: 'gradual', varId: 1, timeGap: '2h' }, 'timeGap'],
    [{ name: 'x', goal: 'metrical', metrical: 'mode', variableIdList: [1] }, 'metrical'],
    [{ name: 'x', goal: 'metrical', metrical: 'mean', variableIdList: [] }, 'variableIdList'],
    [
      {
        name: 'x',
        goal: 'metrical',
        metrical: 'mean',
        variableIdList: Array.from({ length: 51 }, (_, i) => i + 1),
      },
      'variableIdList',
    ],
    [{ name: 'x', goal: 'operated', operator: '%', varOneId: 1, constant: 1 }, 'operator'],
    [{ name: 'x', goal: 'operated', operator: '+', varOneId: 1, constant: '1e999' }, 'constant'],
    [{ name: 'x', goal: 'sum' }, 'goal'],
  ])('refuses %j naming %s', (body, field) => {
    const parsed = aggregateVariableCreateSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('lets an update carry the calculation back for the service to compare', () => {
    const parsed = aggregateVariableUpdateSchema.parse({ id: 4, name: 'n', goal: 'operated', varOneId: 9 });
    expect(parsed).toMatchObject({ id: 4, name: 'n', goal: 'operated', varOneId: 9, tags: [] });
  });
});
