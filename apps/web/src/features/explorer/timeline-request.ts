import type { TimelineDataQuery } from '@plantlens/contracts';
import type { DateRange } from '../../lib/date-ranges';

// The server reduces each series to the chart's pixel width. Widths go up in 100 px steps so that small
// resizes reuse the cached answer instead of refetching; 10 000 px is the server's limit.
const WIDTH_STEP_PX = 100;
const MAX_WIDTH_PX = 10_000;

// The timeline-data request for the current view, or null while there is nothing to ask for.
export function timelineRequest(
  variableIds: number[],
  range: DateRange,
  chartWidthPx: number,
): TimelineDataQuery | null {
  if (variableIds.length === 0 || chartWidthPx <= 0) return null;
  const width = Math.min(MAX_WIDTH_PX, Math.ceil(chartWidthPx / WIDTH_STEP_PX) * WIDTH_STEP_PX);
  return { variableIds, startDate: range.startDate, endDate: range.endDate, width };
}
