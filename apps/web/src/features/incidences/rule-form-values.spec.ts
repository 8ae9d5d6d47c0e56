import { ruleDryRunSchema, type RuleIncidenceDto } from '@plantlens/contracts';
import {
  NEW_BATCH_RULE,
  batchRuleCreateRequest,
  batchRuleNames,
  isValidEmailList,
  ruleDryRunRequest,
  ruleUpdateRequest,
  ruleVariableIds,
  singleRuleCreateRequest,
  singleRuleFormValues,
  type RuleFormValues,
} from './rule-form-values';
import { minimalVariable } from './fixtures';

const pressure = minimalVariable(1, 'Pressure', 'gate01_pressure');
const unnamed = minimalVariable(2, '', 'gate02_temperature');
const flow = minimalVariable(3, 'Flow', 'lift01_flow');

const condition: RuleFormValues = {
  ...NEW_BATCH_RULE,
  name: '  High pressure ',
  operator: '>=',
  constant: 12,
  notifyByEmail: true,
  emails: ' ana@plant.es,  luis@plant.com ',
  tags: ['boiler'],
};

describe('rule form values', () => {
  it('accepts comma-separated addresses with a 2 to 4 letter domain, or none', () => {
    expect(isValidEmailList('')).toBe(true);
    expect(isValidEmailList(undefined)).toBe(true);
    expect(isValidEmailList(' a@b.es , c.d@e.info')).toBe(true);
    expect(isValidEmailList('a@b.museum')).toBe(false);
    expect(isValidEmailList('a@b.c')).toBe(false);
    expect(isValidEmailList('a@b.es; c@d.es')).toBe(false);
    expect(isValidEmailList('not an address')).toBe(false);
  });

  it('creates a single rule against a constant, with the trimmed name and e-mails', () => {
    expect(singleRuleCreateRequest({ ...condition, varOne: pressure })).toEqual([
      {
        name: 'High pressure',
        enabled: true,
        emails: 'ana@plant.es,luis@plant.com',
        tags: ['boiler'],
        operator: '>=',
        varOneId: 1,
        constant: 12,
        minDurationSeconds: 0,
        deadband: 0,
      },
    ]);
  });

  it('compares with a second variable instead, and drops the e-mails when not notifying', () => {
    const [rule] = singleRuleCreateRequest({
      ...condition,
      varOne: pressure,
      secondOperandType: 'variable',
      varTwo: flow,
      notifyByEmail: false,
    });
    expect(rule).toMatchObject({ varOneId: 1, varTwoId: 3, emails: '' });
    expect(rule).not.toHaveProperty('constant');
  });

  it('tries the condition alone over a range, and the schema the server applies accepts it', () => {
    const range = { startDate: 1_700_000_000_000, endDate: 1_700_086_400_000 };
    const overConstant = ruleDryRunRequest({ ...condition, varOne: pressure, deadband: 0.5 }, range);
    expect(overConstant).toEqual({
      operator: '>=',
      varOneId: 1,
      constant: 12,
      minDurationSeconds: 0,
      deadband: 0.5,
      from: range.startDate,
      to: range.endDate,
    });
    expect(ruleDryRunSchema.safeParse(overConstant).success).toBe(true);
    const overVariable = ruleDryRunRequest(
      { ...condition, varOne: pressure, secondOperandType: 'variable', varTwo: flow },
      range,
    );
    expect(overVariable).toMatchObject({ varOneId: 1, varTwoId: 3 });
    expect(overVariable).not.toHaveProperty('constant');
    expect(ruleDryRunSchema.safeParse(overVariable).success).toBe(true);
  });

  it('names a batch <name>_<variable name>, or the client reference when the variable has no name', () => {
    expect(batchRuleNames(' Hot ', [pressure, unnamed])).toEqual(['Hot_Pressure', 'Hot_gate02_temperature']);
    const rules = batchRuleCreateRequest({ ...condition, name: 'Hot', varOnes: [pressure, unnamed] });
    expect(
      rules.map(({ name, varOneId, operator, constant }) => ({ name, varOneId, operator, constant })),
    ).toEqual([
      { name: 'Hot_Pressure', varOneId: 1, operator: '>=', constant: 12 },
      { name: 'Hot_gate02_temperature', varOneId: 2, operator: '>=', constant: 12 },
    ]);
  });

  it('updates only name, enabled, e-mails and tags', () => {
    expect(ruleUpdateRequest(7, { ...condition, enabled: false })).toEqual({
      id: 7,
      name: 'High pressure',
      enabled: false,
      emails: 'ana@plant.es,luis@plant.com',
      tags: ['boiler'],
    });
  });

  it('starts a new rule enabled, against a constant, without e-mails', () => {
    expect(singleRuleFormValues(undefined)).toMatchObject({
      enabled: true,
      secondOperandType: 'constant',
      notifyByEmail: false,
      emails: '',
      varOne: null,
    });
  });

  it('edits a rule with its values and variables, notifying when it has e-mails', () => {
    const rule = {
      id: 7,
      name: 'Flow vs pressure',
      enabled: false,
      operator: '<>',
      varOneId: 1,
      varTwoId: 3,
      varOneIds: [1, 3],
      constant: null,
      minDurationSeconds: 60,
      deadband: 0.5,
      formula: '',
      emails: 'ana@plant.es',
      createdAt: 1_700_000_000,
      tags: ['line 2'],
      owner: 'ana',
      canEdit: true,
      canDelete: true,
      canShare: true,
    } satisfies RuleIncidenceDto;
    expect(singleRuleFormValues(rule, [flow, pressure])).toEqual({
      name: 'Flow vs pressure',
      enabled: false,
      operator: '<>',
      secondOperandType: 'variable',
      constant: null,
      varOne: pressure,
      varTwo: flow,
      notifyByEmail: true,
      emails: 'ana@plant.es',
      tags: ['line 2'],
      minDurationSeconds: 60,
      deadband: 0.5,
    });
  });

  it("names the variables of a rule's condition to load when editing, and none of a valve failure source", () => {
    expect(ruleVariableIds({ varOneId: 1, varTwoId: 3 })).toEqual([1, 3]);
    expect(ruleVariableIds({ varOneId: 1, varTwoId: null })).toEqual([1]);
    expect(ruleVariableIds({ varOneId: 0, varTwoId: null })).toEqual([]);
  });
});
