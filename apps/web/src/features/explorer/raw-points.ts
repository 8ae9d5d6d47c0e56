import { RAW_POINTS_PAGE_MAX, type RawPointsPageDto, type RawPointsQuery } from '@plantlens/contracts';
import type { DateRange } from '../../lib/date-ranges';
import type { CsvPoint } from './csv';

// The most stored points a raw download reads, over all its variables: about 30 MB of CSV, which a browser
// builds in a few seconds. Past it the user is asked for a shorter range rather than left waiting.
export const RAW_DOWNLOAD_MAX_POINTS = 1_000_000;

export class TooManyRawPoints extends Error {
  constructor(readonly maxPoints: number) {
    super(`more than ${maxPoints} raw points`);
  }
}

export type RawPointsPageReader = (query: RawPointsQuery) => Promise<RawPointsPageDto>;

/**
 * Every stored point of a variable over the range (GET /api/web/explorer/raw-points, page after page), as
 * CSV points (epoch seconds). `budget` is how many points may still be read; past it, TooManyRawPoints.
 */
export async function readRawPoints(
  readPage: RawPointsPageReader,
  variableId: number,
  { startDate, endDate }: DateRange,
  budget: number,
): Promise<CsvPoint[]> {
  const points: CsvPoint[] = [];
  let after: number | undefined;
  do {
    const page = await readPage({
      variableId,
      from: startDate,
      to: endDate,
      after,
      limit: RAW_POINTS_PAGE_MAX,
    });
    if (points.length + page.ts.length > budget) throw new TooManyRawPoints(RAW_DOWNLOAD_MAX_POINTS);
    page.ts.forEach((ts, index) => points.push({ timestamp: ts / 1000, value: page.values[index] }));
    after = page.nextAfter ?? undefined;
  } while (after !== undefined);
  return points;
}
