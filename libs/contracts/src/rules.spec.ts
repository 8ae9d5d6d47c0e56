import { incidenceListQuerySchema, incidenceStatusChangeSchema } from './incidences';
import { batchRuleName, parseEmailList, ruleCreateSchema, RuleMessages } from './rules';

describe('rule contracts', () => {
  it('reads the spec e-mail list: trimmed, comma-separated, top-level domain of 2 to 4 letters', () => {
    expect(parseEmailList(' a@plant.com ,b.c@x.info, ')).toEqual(['a@plant.com', 'b.c@x.info']);
    expect(parseEmailList('')).toEqual([]);
    expect(parseEmailList('a@plant.museum')).toBeUndefined();
    expect(parseEmailList('a@plant.com; b@x.es')).toBeUndefined();
  });

  it('accepts a single rule, a batch and the formula shape, and defaults to the spec behaviour', () => {
    const parsed = ruleCreateSchema.parse([
      { name: 'High', operator: '>', varOneId: 1, constant: 80 },
      { name: 'Hot', operator: '>=', varOneIds: [1, 2], varTwoId: 3, emails: 'a@b.com' },
      { name: 'F', enabled: false, formula: '{"operator":"<>","varOneId":4,"constant":0}' },
    ]);
    expect(parsed[0]).toMatchObject({ enabled: true, emails: [], minDurationSeconds: 0, deadband: 0 });
    expect(parsed[1]).toMatchObject({ varOneIds: [1, 2], varTwoId: 3, emails: ['a@b.com'] });
    expect(parsed[2]).toMatchObject({ operator: '<>', varOneId: 4, constant: 0, enabled: false });
  });

  it('refuses a rule with both or neither second operand, an unreadable formula or bad e-mails', () => {
    const messages = (body: unknown) => {
      const result = ruleCreateSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages([{ name: 'x', operator: '>', varOneId: 1 }])).toEqual([RuleMessages.secondOperand]);
    expect(messages([{ name: 'x', operator: '>', varOneId: 1, constant: 1, varTwoId: 2 }])).toEqual([
      RuleMessages.secondOperand,
    ]);
    expect(messages([{ name: 'x', formula: '{oops' }])).toContain(RuleMessages.formula);
    expect(messages([{ name: 'x', operator: '>', varOneId: 1, constant: 1, emails: 'nope' }])).toEqual([
      RuleMessages.emails,
    ]);
    expect(messages([{ name: ' ', operator: '>', varOneId: 1, varTwoId: 1 }])).toEqual([
      RuleMessages.mandatory,
      RuleMessages.sameVariable,
    ]);
  });

  it('names batch rules after the variable, or its client reference when it has no name', () => {
    expect(batchRuleName('High', { label: 'Drum A pressure', clientReference: 'dcu_p' })).toBe(
      'High_Drum A pressure',
    );
    expect(batchRuleName('High', { label: null, clientReference: 'dcu_p' })).toBe('High_dcu_p');
  });

  it('reads incidence list queries and status changes in both spellings', () => {
    expect(
      incidenceListQuerySchema.parse({ sortOrder: 'ascend', filterAssets: '1, 2', filterTags: 'a,b' }),
    ).toMatchObject({ page: 1, pageSize: 10, sortField: 'gravity', sortOrder: 'asc', filterAssets: [1, 2] });
    expect(incidenceStatusChangeSchema.parse('REVISION')).toEqual({ status: 'REVISION' });
    expect(incidenceStatusChangeSchema.safeParse({ status: 'SOLVED' }).success).toBe(false);
  });
});
