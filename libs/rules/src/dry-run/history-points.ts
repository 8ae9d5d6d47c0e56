import { RAW_POINTS_PAGE_MAX, type RawPointsPageDto } from '@plantlens/contracts';

/** One page of a variable's stored points over the range, strictly after `after` when given. */
export type PointPageReader = (
  variableId: number,
  after: number | undefined,
  limit: number,
) => Promise<RawPointsPageDto>;

export interface PointSink {
  feed(variableId: number, ts: number, value: number): void;
}

// A variable's points, page after page, up to `maxPoints`; `cutAt` is set when more were stored.
class PointCursor {
  private page: RawPointsPageDto | null = null;
  private index = 0;
  private read = 0;
  private after: number | undefined = undefined;
  private exhausted = false;
  cutAt: number | null = null;

  constructor(
    readonly variableId: number,
    private readonly readPage: PointPageReader,
    private readonly maxPoints: number,
  ) {}

  get ts(): number | undefined {
    return this.page?.ts[this.index];
  }

  get value(): number {
    return this.page?.values[this.index] as number;
  }

  /** Moves to the next point of the page; false when the page is used up (then `load` the next). */
  advance(): boolean {
    this.index += 1;
    return this.page !== null && this.index < this.page.ts.length;
  }

  async load(): Promise<void> {
    this.page = null;
    this.index = 0;
    if (this.exhausted) return;
    const limit = Math.min(RAW_POINTS_PAGE_MAX, this.maxPoints - this.read);
    const page = await this.readPage(this.variableId, this.after, limit);
    this.page = page;
    this.read += page.ts.length;
    this.after = page.nextAfter ?? undefined;
    if (page.nextAfter === null) this.exhausted = true;
    else if (this.read >= this.maxPoints) {
      this.exhausted = true;
      this.cutAt = page.nextAfter;
    }
  }
}

/**
 * Feeds the points of the variables to `sink` merged in time order; at the same instant, in the order of
 * `variableIds` (a rule's first variable before its second). A variable with more than `maxPoints` points
 * cuts the whole evaluation at its last point read, so that no variable runs on without the other: the
 * answer is that instant, or null when every point was fed.
 */
export async function feedInTimeOrder(
  variableIds: number[],
  readPage: PointPageReader,
  maxPoints: number,
  sink: PointSink,
): Promise<number | null> {
  const cursors = variableIds.map((variableId) => new PointCursor(variableId, readPage, maxPoints));
  await Promise.all(cursors.map((cursor) => cursor.load()));
  const cutAt = () => {
    const cuts = cursors.flatMap((cursor) => (cursor.cutAt === null ? [] : [cursor.cutAt]));
    return cuts.length === 0 ? null : Math.min(...cuts);
  };
  let end = cutAt();
  for (;;) {
    let next: PointCursor | undefined;
    for (const cursor of cursors) {
      const ts = cursor.ts;
      if (ts !== undefined && (next === undefined || ts < (next.ts as number))) next = cursor;
    }
    const ts = next?.ts;
    if (next === undefined || ts === undefined || (end !== null && ts > end)) return end;
    sink.feed(next.variableId, ts, next.value);
    if (!next.advance()) {
      await next.load();
      end = cutAt();
    }
  }
}
