import { z } from 'zod';
import { epochMs, idList, type SeriesDto } from './explorer';
import { requiredTagIdListSchema } from './variable';
import type { CategorySetDto } from './category';

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

// Spec part 2 §3 "Correlation data": one series per requested variable, in request order, index-aligned:
// data[i] of X, Y and Z form the i-th point of the scatter, all carrying the same timestamp.
// `categorySets`: one per categorical group among the requested variables (empty when none is categorical).
export interface CorrelationDataDto {
  variables: SeriesDto[];
  categorySets: CategorySetDto[];
}

// GET /api/web/explorer/multiple-correlation-pairs
export const multipleCorrelationPairsQuerySchema = z.object({
  tagsX: requiredTagIdListSchema,
  tagsY: requiredTagIdListSchema,
});
export type MultipleCorrelationPairsQuery = z.infer<typeof multipleCorrelationPairsQuerySchema>;

// More pair options than a picker can usefully offer: the caller is asked to choose narrower tags.
export const MAX_CORRELATION_PAIR_OPTIONS = 2000;

// Spec part 2 §3 "Correlation pair option"; `id` is "<x>-<y>", safe inside the comma-joined pairsSelected.
export interface CorrelationPairOptionDto {
  id: string;
  label: string;
  x: number;
  y: number;
}
