import { z } from 'zod';
import type { VariableMinimalDto } from './variable';

export const DEFAULT_CHART_WIDTH_PX = 2000;
export const MAX_TIMELINE_VARIABLES = 50;

const epochMs = z.coerce
  .number({ message: 'must be a date in epoch milliseconds' })
  .int('must be a date in epoch milliseconds')
  .min(0, 'must not be before 1970');

const idList = z.string({ message: 'is required (comma-separated variable ids)' }).transform((text, ctx) => {
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map(Number);
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id <= 0)) {
    ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of positive integer ids' });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

// GET /api/web/explorer/timeline-data
export const timelineDataQuerySchema = z
  .object({
    variableIds: idList.refine((ids) => ids.length <= MAX_TIMELINE_VARIABLES, {
      message: `must list at most ${MAX_TIMELINE_VARIABLES} variables`,
    }),
    startDate: epochMs,
    endDate: epochMs,
    width: z.coerce.number().int().min(10).max(10_000).default(DEFAULT_CHART_WIDTH_PX),
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
