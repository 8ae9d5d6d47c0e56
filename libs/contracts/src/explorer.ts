import { z } from 'zod';
import { epochMsQuerySchema, pathIdSchema, queryIdListSchema, queryIntegerSchema } from './schema-parts';
import type { VariableMinimalDto } from './variable';

export const DEFAULT_CHART_WIDTH_PX = 2000;
export const MAX_TIMELINE_VARIABLES = 50;

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
  })
  .refine((query) => query.startDate < query.endDate, {
    message: 'startDate must be earlier than endDate',
    path: ['startDate'],
  });
export type TimelineDataQuery = z.infer<typeof timelineDataQuerySchema>;

export interface TimelinePointDto {
  /** epoch seconds (spec part 2 §3) */
  timestamp: number;
  value: number;
}

/** One variable's points as the explorer charts receive them (timeline and correlation). */
export interface SeriesDto {
  metadata: Pick<VariableMinimalDto, 'id' | 'label' | 'unit'>;
  data: TimelinePointDto[];
  /** true when the points are a reduction (M4 per pixel, or bucket means) of the stored data */
  sampled: boolean;
}

export interface TimelineVariableDto extends SeriesDto {
  /**
   * The grid the points were reduced on (docs/time-series.md "Time series"): rollup resolution in seconds, or
   * null when reduced from raw points; start of the first column and width of a column, in epoch
   * milliseconds. A client drawing on this grid draws exactly the line of the raw data.
   */
  resolutionS: number | null;
  gridStartMs: number;
  bucketMs: number;
}

export interface TimelineDataDto {
  /** epoch milliseconds, as requested */
  startDate: number;
  endDate: number;
  variables: TimelineVariableDto[];
}

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

/** One page of raw points, as two parallel columns (half the JSON of one object per point). */
export interface RawPointsPageDto {
  variableId: number;
  /** epoch ms, ascending */
  ts: number[];
  values: number[];
  /** `after` of the next page; null when this page reaches `to` */
  nextAfter: number | null;
}
