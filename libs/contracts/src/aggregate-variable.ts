import { z } from 'zod';
import { idList } from './explorer';
import { epochMsSchema, pathIdSchema, positiveIdSchema, requiredTextSchema } from './schema-parts';
import { tagRefDtoSchema, variableCatalogueFields, variableMinimalDtoSchema } from './variable';

// Aggregate variables (spec part 1 §2 "aggregate variable" screens, §3 "Aggregate variable", §4, §5, §7,
// §8, §9): variables calculated from others, stored and read like measured ones.

export const AGGREGATE_GOALS = ['operated', 'gradual', 'metrical'] as const;
export type AggregateGoal = (typeof AGGREGATE_GOALS)[number];

/** Operated: `A op B` or `A op constant` (part 1 §9). */
export const AGGREGATE_OPERATORS = ['+', '-', '*', '/'] as const;
export type AggregateOperator = (typeof AGGREGATE_OPERATORS)[number];

/** Gradual: the increment over one of these gaps (ISO 8601 durations; a month is a calendar month). */
export const AGGREGATE_TIME_GAPS = ['PT1M', 'PT10M', 'PT1H', 'P1D', 'P1M'] as const;
export type AggregateTimeGap = (typeof AGGREGATE_TIME_GAPS)[number];

/** Metrical: the spec's short codes for mean, maximum, minimum, median, standard deviation, Q1, Q3. */
export const AGGREGATE_METRICS = ['mean', 'max', 'min', 'med', 'std', 'lq', 'uq'] as const;
export type AggregateMetric = (typeof AGGREGATE_METRICS)[number];

export const METRICAL_MAX_INPUTS = 50;

/** State of the calculation of an aggregate's history (`historic` on), with its progress. */
export const AGGREGATE_BACKFILL_STATES = ['none', 'pending', 'running', 'done', 'failed'] as const;
export type AggregateBackfillState = (typeof AGGREGATE_BACKFILL_STATES)[number];

export const AggregateVariableMessages = {
  nameRequired: 'The variable needs a name',
  notFound: 'Aggregate variable not found',
  editForbidden: 'You may not edit this variable',
  deleteForbidden: 'You may not delete this variable',
  unknownVariables: 'unknown variable ids',
  cycle: 'the variable would depend on itself',
  operandsLocked: 'cannot be changed once the variable exists: create a new variable instead',
  secondOperand: 'give either a constant or a second variable (varTwoId), not both',
  constantNotFinite: 'must be a finite number',
  tooManyInputs: `must list at most ${METRICAL_MAX_INPUTS} variables`,
  noInputs: 'choose at least one variable',
  dependencies: 'The variable could not be deleted because it has the following dependencies:',
} as const;

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of ${values.join(', ')}` });

const finiteNumberSchema = z
  .number({ message: AggregateVariableMessages.constantNotFinite })
  .refine(Number.isFinite, AggregateVariableMessages.constantNotFinite);

// What every goal shares: the catalogue fields an editor may change later.
const catalogueFields = {
  name: requiredTextSchema(AggregateVariableMessages.nameRequired, 200),
  ...variableCatalogueFields,
};

/** The calculation of each goal: what the form sends and the preview computes. */
export const operatedDefinitionSchema = z
  .object({
    goal: z.literal('operated'),
    operator: enumOf(AGGREGATE_OPERATORS),
    varOneId: positiveIdSchema,
    varTwoId: positiveIdSchema.nullable().default(null),
    constant: finiteNumberSchema.nullable().default(null),
  })
  .refine((definition) => (definition.varTwoId === null) !== (definition.constant === null), {
    message: AggregateVariableMessages.secondOperand,
    path: ['varTwoId'],
  });

export const gradualDefinitionSchema = z.object({
  goal: z.literal('gradual'),
  varId: positiveIdSchema,
  timeGap: enumOf(AGGREGATE_TIME_GAPS),
});

export const metricalDefinitionSchema = z.object({
  goal: z.literal('metrical'),
  metrical: enumOf(AGGREGATE_METRICS),
  variableIdList: z
    .array(positiveIdSchema, { message: 'must be a list of variable ids' })
    .min(1, AggregateVariableMessages.noInputs)
    .max(METRICAL_MAX_INPUTS, AggregateVariableMessages.tooManyInputs)
    .transform((ids) => [...new Set(ids)]),
});

export const aggregateDefinitionSchema = z.discriminatedUnion(
  'goal',
  [operatedDefinitionSchema, gradualDefinitionSchema, metricalDefinitionSchema],
  { message: `must be one of ${AGGREGATE_GOALS.join(', ')}` },
);
export type AggregateDefinition = z.infer<typeof aggregateDefinitionSchema>;
export type OperatedDefinition = z.infer<typeof operatedDefinitionSchema>;
export type GradualDefinition = z.infer<typeof gradualDefinitionSchema>;
export type MetricalDefinition = z.infer<typeof metricalDefinitionSchema>;

/** The input variable ids of a calculation, first operand first. */
export function aggregateInputIds(definition: AggregateDefinition): number[] {
  switch (definition.goal) {
    case 'operated':
      return definition.varTwoId === null
        ? [definition.varOneId]
        : [definition.varOneId, definition.varTwoId];
    case 'gradual':
      return [definition.varId];
    case 'metrical':
      return definition.variableIdList;
  }
}

// POST /api/web/aggregate-variables/ — the catalogue fields, the calculation, and `historic`.
export const aggregateVariableCreateSchema = z
  .object({ ...catalogueFields, historic: z.boolean({ message: 'must be true or false' }).default(false) })
  .and(aggregateDefinitionSchema);
export type AggregateVariableCreateDto = z.input<typeof aggregateVariableCreateSchema>;
export type AggregateVariableCreate = z.infer<typeof aggregateVariableCreateSchema>;

// PUT /api/web/aggregate-variables/ — the variable as read. Name, unit, category and tags change; the
// calculation is locked (part 1 §4): fields of it sent back must be unchanged, or the answer is 400.
export const aggregateVariableUpdateSchema = z
  .object({ id: positiveIdSchema, ...catalogueFields })
  .passthrough();
export type AggregateVariableUpdateDto = z.input<typeof aggregateVariableUpdateSchema>;
export type AggregateVariableUpdate = z.infer<typeof aggregateVariableUpdateSchema>;

// GET /api/web/aggregate-variables/?goal= lists the readable ones (all goals when absent);
// GET /api/web/aggregate-variables/:id reads one; DELETE /api/web/aggregate-variables/?id=.
export const aggregateVariableListQuerySchema = z.object({ goal: enumOf(AGGREGATE_GOALS).optional() });
export type AggregateVariableListQuery = z.infer<typeof aggregateVariableListQuerySchema>;
export const aggregateVariableIdQuerySchema = z.object({ id: pathIdSchema });

// POST /api/web/aggregate-variables/preview — the calculation over a recent window, computed on the fly
// and stored nowhere (the form draws it before saving). Defaults to the last 24 hours.
export const PREVIEW_DEFAULT_HOURS = 24;
export const PREVIEW_MAX_HOURS = 24 * 7;
export const PREVIEW_MAX_POINTS = 2000;
export const aggregatePreviewSchema = z
  .object({
    fromMs: epochMsSchema.optional(),
    toMs: epochMsSchema.optional(),
  })
  .and(aggregateDefinitionSchema);
export type AggregatePreviewRequest = z.infer<typeof aggregatePreviewSchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

const variableIdDtoSchema = z.number().int().positive();

export const aggregateBackfillDtoSchema = z.strictObject({
  state: z.enum(AGGREGATE_BACKFILL_STATES),
  /** 0–100 in tenths, of the time range to calculate (100 only once done) */
  percent: z.number().min(0).max(100),
  /** epoch ms of the range being back-filled (null until planned, or when there is nothing to fill) */
  fromMs: z.number().nullable(),
  toMs: z.number().nullable(),
  /** why it failed, for `failed` */
  error: z.string().nullable(),
});
export type AggregateBackfillDto = z.infer<typeof aggregateBackfillDtoSchema>;

// One aggregate variable as the lists and forms read it (part 1 §3). Only the fields of its goal are set.
export const aggregateVariableDtoSchema = z.strictObject({
  id: variableIdDtoSchema,
  clientReference: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  categoryId: z.number().int().positive().nullable(),
  categorized: z.boolean(),
  tags: z.array(tagRefDtoSchema),
  goal: z.enum(AGGREGATE_GOALS),
  /** the owner's name; empty when the owner no longer exists */
  owner: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canShare: z.boolean(),
  /** seconds since the epoch */
  createdAt: z.number().int(),
  /** readable text of the calculation, naming its inputs by client reference, e.g. `[TI-101] - [TI-102]` */
  formula: z.string(),
  historic: z.boolean(),
  backfill: aggregateBackfillDtoSchema,
  // operated
  operator: z.enum(AGGREGATE_OPERATORS).optional(),
  varOneId: variableIdDtoSchema.optional(),
  /** null when the second operand is the constant */
  varTwoId: variableIdDtoSchema.nullable().optional(),
  /** null when the second operand is a variable */
  constant: z.number().nullable().optional(),
  // gradual
  varId: variableIdDtoSchema.optional(),
  timeGap: z.enum(AGGREGATE_TIME_GAPS).optional(),
  // metrical
  metrical: z.enum(AGGREGATE_METRICS).optional(),
  /** the inputs, read back (sent as variableIdList) */
  variableList: z.array(variableMinimalDtoSchema).optional(),
});
export type AggregateVariableDto = z.infer<typeof aggregateVariableDtoSchema>;

const namedObjectDtoSchema = z.strictObject({ id: z.number().int().positive(), name: z.string() });

// 409 of DELETE when other aggregates or rules read the variable (part 1 §4, §8).
export const aggregateDependenciesDtoSchema = z.strictObject({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  message: z.string(),
  variables: z.array(namedObjectDtoSchema),
  rules: z.array(namedObjectDtoSchema),
});
export type AggregateDependenciesDto = z.infer<typeof aggregateDependenciesDtoSchema>;

// POST /api/web/aggregate-variables/preview
export const aggregatePreviewDtoSchema = z.strictObject({
  fromMs: z.number(),
  toMs: z.number(),
  /** [epoch ms, value], reduced to at most PREVIEW_MAX_POINTS keeping each bucket's extremes */
  points: z.array(z.tuple([z.number(), z.number()])),
  /** points the full calculation gives over the window */
  count: z.number().int().nonnegative(),
});
export type AggregatePreviewDto = z.infer<typeof aggregatePreviewDtoSchema>;

// Rules service: the rules that read any of the given variables (for the dependency check of a delete).
// GET /api/web/rule/by-variables?ids=1,2 (service token).
export const RULE_BY_VARIABLES_MAX_IDS = 1000;
export const ruleByVariablesQuerySchema = z.object({
  ids: idList.refine((ids) => ids.length <= RULE_BY_VARIABLES_MAX_IDS, {
    message: `must list at most ${RULE_BY_VARIABLES_MAX_IDS} variables`,
  }),
});
export type RuleByVariablesQuery = z.infer<typeof ruleByVariablesQuerySchema>;
export const ruleReferenceDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  variableIds: z.array(z.number().int()),
});
export type RuleReferenceDto = z.infer<typeof ruleReferenceDtoSchema>;
