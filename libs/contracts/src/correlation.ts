import { z } from 'zod';
import { epochMs, idList, seriesDtoSchema } from './explorer';
import { requiredTagIdListSchema } from './variable';
import { categorySetDtoSchema } from './category';

// GET /api/web/explorer/correlation-data: X, Y and optionally Z (the colour of the points).
export const correlationDataQuerySchema = z
  .object({
    variableIds: idList.refine((ids) => ids.length >= 2 && ids.length <= 3, {
      message: 'must list 2 or 3 distinct variable ids: X, Y and optionally Z',
    }),
    startDate: epochMs,
    endDate: epochMs,
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

// Spec part 2 §3 "Correlation pair option"; `id` is "<x>-<y>", safe inside the comma-joined pairsSelected.
export const correlationPairOptionDtoSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  x: z.number().int().positive(),
  y: z.number().int().positive(),
});
export type CorrelationPairOptionDto = z.infer<typeof correlationPairOptionDtoSchema>;
