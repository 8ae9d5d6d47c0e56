import {
  RULE_MAX_EMAILS,
  batchRuleName,
  parseEmailList,
  type RuleCreateItemDto,
  type RuleDryRunDto,
  type RuleIncidenceDto,
  type RuleOperator,
  type RuleUpdateDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import type { DateRange } from '../../lib/date-ranges';

// The rule forms of spec part 2 §2 (/rule-incidence, /rule-incidence-batch): their values, and the
// requests they make (§7). The second operand is a constant (default) or another variable (§4).
export type SecondOperandType = 'constant' | 'variable';

export interface RuleFormValues {
  name: string;
  enabled: boolean;
  operator?: RuleOperator;
  secondOperandType: SecondOperandType;
  constant?: number | null;
  varTwo?: VariableMinimalDto | null;
  notifyByEmail: boolean;
  /** comma-separated, as typed */
  emails: string;
  tags: string[];
  minDurationSeconds: number;
  deadband: number;
}

export interface SingleRuleFormValues extends RuleFormValues {
  varOne?: VariableMinimalDto | null;
}

export interface BatchRuleFormValues extends RuleFormValues {
  varOnes: VariableMinimalDto[];
}

const NEW_RULE: RuleFormValues = {
  name: '',
  enabled: true,
  secondOperandType: 'constant',
  constant: null,
  varTwo: null,
  notifyByEmail: false,
  emails: '',
  tags: [],
  minDurationSeconds: 0,
  deadband: 0,
};

export const NEW_BATCH_RULE: BatchRuleFormValues = { ...NEW_RULE, varOnes: [] };

/** The single-rule form: empty for a new rule, the rule's values (and its variables, once loaded) to edit. */
export function singleRuleFormValues(
  rule: RuleIncidenceDto | undefined,
  variables: readonly VariableMinimalDto[] = [],
): SingleRuleFormValues {
  if (!rule) return { ...NEW_RULE, varOne: null };
  const variable = (id: number | null) => variables.find((candidate) => candidate.id === id) ?? null;
  return {
    name: rule.name,
    enabled: rule.enabled,
    operator: rule.operator,
    secondOperandType: rule.varTwoId === null ? 'constant' : 'variable',
    constant: rule.constant,
    varOne: variable(rule.varOneId),
    varTwo: variable(rule.varTwoId),
    notifyByEmail: rule.emails.trim().length > 0,
    emails: rule.emails,
    tags: rule.tags,
    minDurationSeconds: rule.minDurationSeconds,
    deadband: rule.deadband,
  };
}

/** The variables of a rule's condition, to show them when editing; none for a valve failure source. */
export function ruleVariableIds(rule: Pick<RuleIncidenceDto, 'varOneId' | 'varTwoId'>): number[] {
  return [rule.varOneId, rule.varTwoId].filter((id): id is number => id !== null && id > 0);
}

// Spec §5: each comma-separated item, trimmed, is an address whose top-level domain has 2 to 4 characters
// (the contracts' pattern, which the server applies too); empty means no e-mail.
export function isValidEmailList(text: string | undefined): boolean {
  const emails = parseEmailList(text ?? '');
  return emails !== undefined && emails.length <= RULE_MAX_EMAILS;
}

// The items of the e-mail list as the server stores them, comma-joined; '' when not notifying.
function emailsOf(values: RuleFormValues): string {
  return values.notifyByEmail ? (parseEmailList(values.emails) ?? []).join(',') : '';
}

// The condition of a rule as the create and dry-run requests carry it: the second operand is either a
// variable or a constant, never both.
function ruleCondition(values: RuleFormValues, varOneId: number) {
  const secondOperand =
    values.secondOperandType === 'variable'
      ? { varTwoId: values.varTwo?.id }
      : { constant: values.constant ?? undefined };
  return {
    operator: values.operator as RuleOperator,
    varOneId,
    ...secondOperand,
    minDurationSeconds: values.minDurationSeconds,
    deadband: values.deadband,
  };
}

function ruleItem(values: RuleFormValues, name: string, varOneId: number): RuleCreateItemDto {
  return {
    name,
    enabled: values.enabled,
    emails: emailsOf(values),
    tags: values.tags,
    ...ruleCondition(values, varOneId),
  };
}

/** POST /api/web/rules-incidence/dry-run (issue 14): the form's condition tried over a range (epoch ms). */
export function ruleDryRunRequest(values: SingleRuleFormValues, range: DateRange): RuleDryRunDto {
  return { ...ruleCondition(values, values.varOne?.id as number), from: range.startDate, to: range.endDate };
}

/** POST /api/web/rules-incidence for one rule. */
export function singleRuleCreateRequest(values: SingleRuleFormValues): RuleCreateItemDto[] {
  return [ruleItem(values, values.name.trim(), values.varOne?.id as number)];
}

/** The names a batch gives its rules (spec §5): `<name>_<variable name, or client reference>`. */
export function batchRuleNames(name: string, variables: readonly VariableMinimalDto[]): string[] {
  return variables.map((variable) => batchRuleName(name.trim(), variable));
}

// A batch is sent as the list of its rules, one per variable, each already named (the spec's "list of
// rule objects"), so the names the form previews are the names created.
export function batchRuleCreateRequest(values: BatchRuleFormValues): RuleCreateItemDto[] {
  const names = batchRuleNames(values.name, values.varOnes);
  return values.varOnes.map((variable, index) => ruleItem(values, names[index], variable.id));
}

/** PUT /api/web/rules-incidence: in edit mode only name, enabled, e-mails (and tags) change (spec §4). */
export function ruleUpdateRequest(id: number, values: RuleFormValues): RuleUpdateDto {
  return {
    id,
    name: values.name.trim(),
    enabled: values.enabled,
    emails: emailsOf(values),
    tags: values.tags,
  };
}
