import { z } from 'zod';
import {
  commaListSchema,
  EPOCH_MS_MAX,
  integerSchema,
  nameSchema,
  pathIdSchema,
  positiveIdSchema,
  splitCommaList,
  tagNamesSchema,
  textSchema,
} from './schema-parts';

// Incidence rules (spec part 2 §3 "Rule", §5 "Rule form", §7 "Incidences and rules"): a variable compared
// with a constant or with another variable; the engine raises incidences when the comparison turns true.

export const RULE_OPERATORS = ['<', '<=', '>', '>=', '=', '<>'] as const;
export const ruleOperatorSchema = z.enum(RULE_OPERATORS, { message: 'must be one of <, <=, >, >=, =, <>' });
export type RuleOperator = z.infer<typeof ruleOperatorSchema>;

export const RULE_NAME_MAX_LENGTH = 200;
export const RULE_MAX_EMAILS = 50;
export const RULE_MAX_PER_REQUEST = 1_000;
/** The longest minimum duration a rule may ask for: one day. */
export const RULE_MAX_MIN_DURATION_SECONDS = 86_400;

export const RuleMessages = {
  mandatory: 'Mandatory field',
  emails: 'Enter valid email addresses separated by commas',
  secondOperand: 'give either a constant or a second variable (varTwoId), not both',
  sameVariable: 'the second variable must differ from the first',
  notFound: 'Rule not found',
  editForbidden: 'You may not edit this rule',
  deleteForbidden: 'Only the owner of the rule or an administrator may delete it',
  unknownVariables: 'Unknown variables',
  formula: 'formula: must be the JSON text of {operator, varOneId, varTwoId?, constant?}',
  tooMany: `A request may create at most ${RULE_MAX_PER_REQUEST} rules`,
} as const;

// Spec §5: each comma-separated item, trimmed, matches a simple pattern whose top-level domain has 2 to 4
// characters; an empty text means no e-mail.
const EMAIL_PATTERN = /^[^\s@,]+@[^\s@,]+\.[A-Za-z]{2,4}$/;

/** "a@b.com, c@d.es" → ["a@b.com", "c@d.es"]; undefined when an item is not an address. */
export function parseEmailList(text: string): string[] | undefined {
  const items = splitCommaList(text);
  return items.every((item) => EMAIL_PATTERN.test(item)) ? [...new Set(items)] : undefined;
}

export const emailListSchema = textSchema({ message: RuleMessages.emails })
  .max(5_000, RuleMessages.emails)
  .transform((text, context) => {
    const emails = parseEmailList(text);
    if (!emails || emails.length > RULE_MAX_EMAILS) {
      context.addIssue({ code: 'custom', message: RuleMessages.emails });
      return z.NEVER;
    }
    return emails;
  });

const ruleName = nameSchema({ message: RuleMessages.mandatory })
  .trim()
  .min(1, RuleMessages.mandatory)
  .max(RULE_NAME_MAX_LENGTH, `must be at most ${RULE_NAME_MAX_LENGTH} characters`);

const finiteNumber = z
  .number({ message: 'must be a number' })
  .refine(Number.isFinite, { message: 'must be a finite number' });

const ruleTags = tagNamesSchema;

// What the engine evaluates. Beyond the spec: `minDurationSeconds` (the condition must hold that long,
// by point timestamps, before an incidence opens) and `deadband` (an open incidence closes only once the
// value is past the threshold by more than this); both default to 0, the spec's behaviour.
export const ruleConditionSchema = z.object({
  operator: ruleOperatorSchema,
  constant: finiteNumber.nullish(),
  minDurationSeconds: z
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must not be negative')
    .max(RULE_MAX_MIN_DURATION_SECONDS, `must be at most ${RULE_MAX_MIN_DURATION_SECONDS} seconds`)
    .default(0),
  deadband: finiteNumber.min(0, 'must not be negative').default(0),
});

// One item of POST /api/web/rules-incidence. A single rule names varOneId; a batch names varOneIds and
// becomes one rule per variable, each called `<name>_<variable name, or client reference if unnamed>`.
// The spec's other shape, {formula, name, enabled, emails}, is accepted too: formula is the JSON text
// (or object) of {operator, varOneId, varTwoId?, constant?, minDurationSeconds?, deadband?}.
const ruleCreateItemObject = ruleConditionSchema
  .extend({
    name: ruleName,
    enabled: z.boolean({ message: 'must be true or false' }).default(true),
    emails: emailListSchema.default([]),
    varOneId: positiveIdSchema.optional(),
    varOneIds: z.array(positiveIdSchema).min(1, RuleMessages.mandatory).max(RULE_MAX_PER_REQUEST).optional(),
    varTwoId: positiveIdSchema.nullish(),
    tags: ruleTags.default([]),
    // Beyond the spec: evaluate the stored history from this instant (epoch ms) before going live; the
    // incidences found are marked historical and send no e-mail.
    historyFrom: integerSchema('must be epoch milliseconds', 0, EPOCH_MS_MAX).optional(),
    // Left here only when the formula text could not be read.
    formula: z.never({ message: RuleMessages.formula }).optional(),
  })
  .superRefine((rule, context) => {
    const firstOperands = (rule.varOneId === undefined ? 0 : 1) + (rule.varOneIds === undefined ? 0 : 1);
    if (firstOperands !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['varOneId'],
        message: `${RuleMessages.mandatory}: give varOneId (one rule) or varOneIds (a batch)`,
      });
    }
    const hasConstant = rule.constant !== undefined && rule.constant !== null;
    const hasVarTwo = rule.varTwoId !== undefined && rule.varTwoId !== null;
    if (hasConstant === hasVarTwo) {
      context.addIssue({ code: 'custom', path: ['constant'], message: RuleMessages.secondOperand });
    }
    if (rule.historyFrom !== undefined) {
      const now = Date.now();
      if (rule.historyFrom >= now) {
        context.addIssue({ code: 'custom', path: ['historyFrom'], message: 'must be in the past' });
      } else if (now - rule.historyFrom > RULE_DRY_RUN_MAX_RANGE_MS) {
        context.addIssue({ code: 'custom', path: ['historyFrom'], message: 'must be at most 5 years ago' });
      }
    }
    const firsts = rule.varOneIds ?? (rule.varOneId === undefined ? [] : [rule.varOneId]);
    if (hasVarTwo && firsts.includes(rule.varTwoId as number)) {
      context.addIssue({ code: 'custom', path: ['varTwoId'], message: RuleMessages.sameVariable });
    }
  });

function mergeFormula(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || !('formula' in item)) return item;
  const { formula, ...rest } = item as { formula: unknown };
  let parsed: unknown = formula;
  if (typeof formula === 'string') {
    try {
      parsed = JSON.parse(formula);
    } catch {
      parsed = undefined;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ...rest, formula };
  return { ...parsed, ...rest };
}

export const ruleCreateItemSchema = z.preprocess(mergeFormula, ruleCreateItemObject);
export type RuleCreateItemDto = Omit<z.input<typeof ruleCreateItemObject>, 'formula'> & { formula?: string };
export type RuleCreateItem = Omit<z.infer<typeof ruleCreateItemObject>, 'formula'>;

export const ruleCreateSchema = z
  .array(ruleCreateItemSchema, { message: 'must be a list of rules' })
  .min(1, 'must list at least one rule')
  .max(RULE_MAX_PER_REQUEST, `must list at most ${RULE_MAX_PER_REQUEST} rules`);

// PUT /api/web/rules-incidence — only name, enabled and e-mails change (spec §4: in edit mode the operands,
// operator and constant are locked). Tags may change too.
export const ruleUpdateSchema = z.object({
  id: positiveIdSchema,
  name: ruleName,
  enabled: z.boolean({ message: 'must be true or false' }),
  emails: emailListSchema.default([]),
  tags: ruleTags.optional(),
});
export type RuleUpdateDto = z.input<typeof ruleUpdateSchema>;
export type RuleUpdate = z.infer<typeof ruleUpdateSchema>;

// GET /api/web/rules-incidence?tags=a,b — rules carrying any of the tags.
export const ruleListQuerySchema = z.object({ tags: commaListSchema });
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

export const ruleIdParamsSchema = z.object({ id: pathIdSchema });
// DELETE /api/web/rules-incidence?id=
export const ruleIdQuerySchema = z.object({ id: pathIdSchema });

/**
 * Beyond the spec: a rule-like source of valve failures, one per asset and failure code, made by the rules
 * service on the first `asset-alarms` event. Its condition is "failure code = errorCode" without a variable
 * (varOneId 0, varOneIds empty); only name, enabled, e-mails and tags change, like any rule's.
 */
export const assetAlarmSourceDtoSchema = z.strictObject({
  asset: z.string(),
  errorCode: z.number().int(),
});
export type AssetAlarmSourceDto = z.infer<typeof assetAlarmSourceDtoSchema>;

// Spec §3 "Rule": one row of the list (and the answer of GET by id, POST, PUT).
export const ruleIncidenceDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  operator: ruleOperatorSchema,
  /** 0 for an asset-alarm source (it has no variable) */
  varOneId: z.number().int(),
  varTwoId: z.number().int().nullable(),
  /** the rule's variables, first operand first (what the explorer link shows) */
  varOneIds: z.array(z.number().int()),
  constant: z.number().nullable(),
  minDurationSeconds: z.number().int(),
  deadband: z.number(),
  /** the condition as JSON text of {operator, varOneId, varTwoId, constant, minDurationSeconds, deadband} */
  formula: z.string(),
  /** comma-separated, as the form edits them */
  emails: z.string(),
  /** epoch seconds */
  createdAt: z.number().int(),
  tags: z.array(z.string()),
  /** the owner's label, null if the caller may not see it or the owner no longer exists */
  owner: z.string().nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canShare: z.boolean(),
  /** set on an asset-alarm source, absent or null on a rule */
  source: assetAlarmSourceDtoSchema.nullable().optional(),
});
export type RuleIncidenceDto = z.infer<typeof ruleIncidenceDtoSchema>;

/** A rule's condition as the engine, the formula text and the rule rows hold it. */
export interface RuleCondition {
  operator: RuleOperator;
  varOneId: number;
  varTwoId: number | null;
  constant: number | null;
  minDurationSeconds: number;
  deadband: number;
}

/** The formula text of a rule: its condition as JSON. */
export function ruleFormula(rule: RuleCondition): string {
  const { operator, varOneId, varTwoId, constant, minDurationSeconds, deadband } = rule;
  return JSON.stringify({ operator, varOneId, varTwoId, constant, minDurationSeconds, deadband });
}

/** Name of one rule of a batch (spec §5): `<name>_<variable name, or client reference if it has none>`. */
export function batchRuleName(name: string, variable: { label: string | null; clientReference: string }) {
  const label = variable.label?.trim();
  return `${name}_${label ? label : variable.clientReference}`;
}

// POST /api/web/rules-incidence/dry-run: a rule's condition tried on the stored history of its variables
// between `from` and `to` (epoch ms), by the engine's own evaluation code; nothing is stored and no e-mail
// is sent. The answer lists the incidences the rule would have opened.
export const RULE_DRY_RUN_MAX_RANGE_MS = 5 * 366 * 86_400_000;
/** Points read per variable at most: beyond, the answer is cut at the last instant read (`truncatedAt`). */
export const RULE_DRY_RUN_MAX_POINTS = 5_000_000;
/** Incidences listed at most; the counts cover them all. */
export const RULE_DRY_RUN_MAX_INCIDENCES = 1_000;

export const ruleDryRunSchema = ruleConditionSchema
  .extend({
    varOneId: positiveIdSchema,
    varTwoId: positiveIdSchema.nullish(),
    from: integerSchema('must be epoch milliseconds', 0, EPOCH_MS_MAX),
    to: integerSchema('must be epoch milliseconds', 0, EPOCH_MS_MAX),
  })
  .superRefine((rule, context) => {
    const hasConstant = rule.constant !== undefined && rule.constant !== null;
    const hasVarTwo = rule.varTwoId !== undefined && rule.varTwoId !== null;
    if (hasConstant === hasVarTwo) {
      context.addIssue({ code: 'custom', path: ['constant'], message: RuleMessages.secondOperand });
    }
    if (hasVarTwo && rule.varTwoId === rule.varOneId) {
      context.addIssue({ code: 'custom', path: ['varTwoId'], message: RuleMessages.sameVariable });
    }
    if (rule.to <= rule.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    } else if (rule.to - rule.from > RULE_DRY_RUN_MAX_RANGE_MS) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'the range must be at most 5 years' });
    }
  });
export type RuleDryRunDto = z.input<typeof ruleDryRunSchema>;
export type RuleDryRun = z.infer<typeof ruleDryRunSchema>;

/** One incidence the rule would have opened. */
export const ruleDryRunIncidenceDtoSchema = z.strictObject({
  /** epoch ms: when the condition began to hold (the incidence's begin, as live) */
  openedAt: z.number().int(),
  /** epoch ms of its close; null when still open at the end of the range */
  closedAt: z.number().int().nullable(),
  /** evaluations and true evaluations from its opening to its close */
  evaluations: z.number().int(),
  activations: z.number().int(),
  /** the value and threshold of the point that opened it */
  value: z.number(),
  threshold: z.number(),
});
export type RuleDryRunIncidenceDto = z.infer<typeof ruleDryRunIncidenceDtoSchema>;

export const ruleDryRunResultDtoSchema = z.strictObject({
  from: z.number().int(),
  to: z.number().int(),
  /** points of the rule's variables read */
  points: z.number().int(),
  evaluations: z.number().int(),
  activations: z.number().int(),
  /** every incidence opened in the range (the list holds the first RULE_DRY_RUN_MAX_INCIDENCES) */
  incidenceCount: z.number().int(),
  incidences: z.array(ruleDryRunIncidenceDtoSchema),
  /** set when a variable had more than RULE_DRY_RUN_MAX_POINTS points: evaluated up to this instant */
  truncatedAt: z.number().int().nullable(),
});
export type RuleDryRunResultDto = z.infer<typeof ruleDryRunResultDtoSchema>;

// `catalog` topic, keyed by rule id: a rule was created, changed or deleted; the engine instances reload it.
export const ruleCatalogEventSchema = z.object({
  entity: z.literal('incidence-rule'),
  id: z.number().int().positive(),
  change: z.enum(['created', 'updated', 'deleted']),
});
export type RuleCatalogEvent = z.infer<typeof ruleCatalogEventSchema>;
