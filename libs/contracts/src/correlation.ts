import { z } from 'zod';
import { epochMs, idList, seriesDtoSchema } from './explorer';
import { requiredTagIdListSchema } from './variable';
import { categorySetDtoSchema } from './category';

export const CORRELATION_FORMATS = ['points', 'columns'] as const;

// GET /api/web/explorer/correlation-data: X, Y and optionally Z (the colour of the points).
export const correlationDataQuerySchema = z
  .object({
    variableIds: idList.refine((ids) => ids.length >= 2 && ids.length <= 3, {
      message: 'must list 2 or 3 distinct variable ids: X, Y and optionally Z',
    }),
    startDate: epochMs,
    endDate: epochMs,
    /** `points` (the default when absent): the spec's shape, CorrelationDataDto; `columns`: CorrelationColumnsDto */
    format: z.enum(CORRELATION_FORMATS, { message: 'must be "points" or "columns"' }).optional(),
  })
  .refine((query) => query.startDate < query.endDate, {
    message: 'startDate must be earlier than endDate',
    path: ['startDate'],
  });
export type CorrelationDataQuery = z.infer<typeof correlationDataQuerySchema>;

// GET /api/web/explorer/multiple-correlation-pairs
export const multipleCorrelationPairsQuerySchema = z.object({
  tagsX: requiredTagIdListSchema,
  tagsY: requiredTagIdListSchema,
});
export type MultipleCorrelationPairsQuery = z.infer<typeof multipleCorrelationPairsQuerySchema>;

// More pair options than a picker can usefully offer: the caller is asked to choose narrower tags.
export const MAX_CORRELATION_PAIR_OPTIONS = 2000;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

// Spec part 2 §3 "Correlation data": one series per requested variable, in request order, index-aligned:
// data[i] of X, Y and Z form the i-th point of the scatter, all carrying the same timestamp.
// `categorySets`: one per categorical group among the requested variables (empty when none is categorical).
export const correlationDataDtoSchema = z.strictObject({
  variables: z.array(seriesDtoSchema),
  categorySets: z.array(categorySetDtoSchema),
});
export type CorrelationDataDto = z.infer<typeof correlationDataDtoSchema>;

/**
 * GET /api/web/explorer/correlation-data?format=columns: the same answer as CorrelationDataDto by column.
 * The points of every variable share their instants, so `ts` comes once and each variable carries only its
 * values: point i is at ts[i] with values[i] of each variable. About a third of the JSON, and no object per
 * point to build or parse.
 */
export const correlationColumnsVariableDtoSchema = seriesDtoSchema.omit({ data: true }).extend({
  values: z.array(z.number()),
});
export type CorrelationColumnsVariableDto = z.infer<typeof correlationColumnsVariableDtoSchema>;

export const correlationColumnsDtoSchema = z.strictObject({
  /** epoch milliseconds, ascending */
  ts: z.array(z.number()),
  variables: z.array(correlationColumnsVariableDtoSchema),
  categorySets: z.array(categorySetDtoSchema),
});
export type CorrelationColumnsDto = z.infer<typeof correlationColumnsDtoSchema>;

/**
 * correlation-data's compact answer (`format=columns`) in the spec's shape, CorrelationDataDto (one object
 * per point and variable, epoch seconds): the same points. The server answers the default shape with it.
 */
export function correlationFromColumns({
  ts,
  variables,
  categorySets,
}: CorrelationColumnsDto): CorrelationDataDto {
  const timestamps = ts.map((ms) => ms / 1000);
  return {
    variables: variables.map(({ metadata, values, sampled }) => ({
      metadata,
      // The server always answers every column with the length of ts.
      data: timestamps.map((timestamp, index) => ({ timestamp, value: values[index] as number })),
      sampled,
    })),
    categorySets,
  };
}

// Spec part 2 §3 "Correlation pair option"; `id` is "<x>-<y>", safe inside the comma-joined pairsSelected.
export const correlationPairOptionDtoSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  x: z.number().int().positive(),
  y: z.number().int().positive(),
});
export type CorrelationPairOptionDto = z.infer<typeof correlationPairOptionDtoSchema>;
