import { z } from 'zod';
import { epochMsQuerySchema, pathIdSchema, queryIdListSchema, queryIntegerSchema } from './schema-parts';

export const DEFAULT_CHART_WIDTH_PX = 2000;
export const MAX_TIMELINE_VARIABLES = 50;
export const TIMELINE_FORMATS = ['points', 'columns'] as const;

const epochMs = epochMsQuerySchema;

const idList = queryIdListSchema('must be a comma-separated list of positive integer ids', {
  missing: 'is required (comma-separated variable ids)',
}).refine((ids) => ids.length > 0, { message: 'must be a comma-separated list of positive integer ids' });

// GET /api/web/explorer/timeline-data
export const timelineDataQuerySchema = z
  .object({
    variableIds: idList.refine((ids) => ids.length <= MAX_TIMELINE_VARIABLES, {
      message: `must list at most ${MAX_TIMELINE_VARIABLES} variables`,
    }),
    startDate: epochMs,
    endDate: epochMs,
    width: queryIntegerSchema('must be a width in pixels from 10 to 10000', 10, 10_000).default(
      DEFAULT_CHART_WIDTH_PX,
    ),
    /** `points` (the default when absent): the spec's shape, TimelineDataDto; `columns`: TimelineColumnsDto */
    format: z.enum(TIMELINE_FORMATS, { message: 'must be "points" or "columns"' }).optional(),
  })
  .refine((query) => query.startDate < query.endDate, {
    message: 'startDate must be earlier than endDate',
    path: ['startDate'],
  });
export type TimelineDataQuery = z.infer<typeof timelineDataQuerySchema>;

// Shared by the other explorer and variable query schemas.
export { epochMs, idList };

export const RawPointsMessages = { variableNotFound: 'Variable not found' } as const;

/** Points of one page of GET /api/web/explorer/raw-points at most (and by default). */
export const RAW_POINTS_PAGE_MAX = 100_000;

// GET /api/web/explorer/raw-points — the stored raw points of one variable over [from, to] (epoch ms, both
// included), oldest first, one page at a time: the next page is asked with `after` = the answer's
// `nextAfter` (points strictly after that instant). For services that evaluate history (the rule dry run).
export const rawPointsQuerySchema = z
  .object({
    variableId: pathIdSchema,
    from: epochMs,
    to: epochMs,
    after: epochMs.optional(),
    limit: queryIntegerSchema(
      `must be a number from 1 to ${RAW_POINTS_PAGE_MAX}`,
      1,
      RAW_POINTS_PAGE_MAX,
    ).default(RAW_POINTS_PAGE_MAX),
  })
  .refine((query) => query.from <= query.to, { message: 'must not be after to', path: ['from'] });
export type RawPointsQuery = z.infer<typeof rawPointsQuerySchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

/** How charts name a variable: the part of "Variable (minimal)" (variable.ts builds on it) a series carries. */
export const variableLabelDtoSchema = z.strictObject({
  id: z.number().int().positive(),
  label: z.string(),
  unit: z.string().nullable(),
});

export const timelinePointDtoSchema = z.strictObject({
  /** epoch seconds (spec part 2 §3) */
  timestamp: z.number(),
  value: z.number(),
});
export type TimelinePointDto = z.infer<typeof timelinePointDtoSchema>;

/** One variable's points as the explorer charts receive them (timeline and correlation). */
export const seriesDtoSchema = z.strictObject({
  metadata: variableLabelDtoSchema,
  data: z.array(timelinePointDtoSchema),
  /** true when the points are a reduction (M4 per pixel, or bucket means) of the stored data */
  sampled: z.boolean(),
});
export type SeriesDto = z.infer<typeof seriesDtoSchema>;

export const timelineVariableDtoSchema = seriesDtoSchema.extend({
  /**
   * The grid the points were reduced on (docs/time-series.md "Time series"): rollup resolution in seconds, or
   * null when reduced from raw points; start of the first column and width of a column, in epoch
   * milliseconds. A client drawing on this grid draws exactly the line of the raw data.
   */
  resolutionS: z.number().nullable(),
  gridStartMs: z.number(),
  bucketMs: z.number(),
});
export type TimelineVariableDto = z.infer<typeof timelineVariableDtoSchema>;

// GET /api/web/explorer/timeline-data
export const timelineDataDtoSchema = z.strictObject({
  /** epoch milliseconds, as requested */
  startDate: z.number(),
  endDate: z.number(),
  variables: z.array(timelineVariableDtoSchema),
});
export type TimelineDataDto = z.infer<typeof timelineDataDtoSchema>;

/**
 * GET /api/web/explorer/timeline-data?format=columns: the same answer as TimelineDataDto with each
 * variable's points as two parallel columns (about a third of the JSON, and no object per point to build
 * or parse).
 */
export const timelineColumnsVariableDtoSchema = timelineVariableDtoSchema.omit({ data: true }).extend({
  /** epoch milliseconds, ascending */
  ts: z.array(z.number()),
  values: z.array(z.number()),
});
export type TimelineColumnsVariableDto = z.infer<typeof timelineColumnsVariableDtoSchema>;

export const timelineColumnsDtoSchema = timelineDataDtoSchema.extend({
  variables: z.array(timelineColumnsVariableDtoSchema),
});
export type TimelineColumnsDto = z.infer<typeof timelineColumnsDtoSchema>;

/**
 * timeline-data's compact answer (`format=columns`) in the spec's shape, TimelineDataDto (one object per
 * point, epoch seconds): the same points. The server answers the default shape with it, and the web asks
 * the compact one (a third of the JSON to download and parse) and turns it into this.
 */
export function timelineFromColumns(answer: TimelineColumnsDto): TimelineDataDto {
  return {
    startDate: answer.startDate,
    endDate: answer.endDate,
    variables: answer.variables.map(({ ts, values, ...variable }) => ({
      metadata: variable.metadata,
      // The server always answers the two columns with the same length.
      data: ts.map((ms, index) => ({ timestamp: ms / 1000, value: values[index] as number })),
      sampled: variable.sampled,
      resolutionS: variable.resolutionS,
      gridStartMs: variable.gridStartMs,
      bucketMs: variable.bucketMs,
    })),
  };
}

/** One page of raw points, as two parallel columns (half the JSON of one object per point). */
export const rawPointsPageDtoSchema = z.strictObject({
  variableId: z.number().int().positive(),
  /** epoch ms, ascending */
  ts: z.array(z.number()),
  values: z.array(z.number()),
  /** `after` of the next page; null when this page reaches `to` */
  nextAfter: z.number().nullable(),
});
export type RawPointsPageDto = z.infer<typeof rawPointsPageDtoSchema>;
