import type { Rejection, RejectionReason } from './readings';

// One log line per reason at most this often; the points in between are counted and summed up in the next.
const LOG_INTERVAL_MS = 10_000;

export interface WarningSink {
  warn(message: string): void;
}

/** Counts rejected points by reason and logs them without letting one chatty device flood the log. */
export class RejectionLog {
  private readonly totals = new Map<RejectionReason, number>();
  private readonly lastLoggedAt = new Map<RejectionReason, number>();
  private readonly unlogged = new Map<RejectionReason, number>();

  constructor(private readonly logger: WarningSink) {}

  get counts(): Partial<Record<RejectionReason, number>> {
    return Object.fromEntries(this.totals);
  }

  /** `origin` says where the points came from, as in `topic "plant/a"` or `node "ns=2;s=PT101"`. */
  record({ reason, detail, count }: Rejection, origin: string | undefined, now = Date.now()): void {
    this.totals.set(reason, (this.totals.get(reason) ?? 0) + count);
    const last = this.lastLoggedAt.get(reason);
    if (last !== undefined && now - last < LOG_INTERVAL_MS) {
      this.unlogged.set(reason, (this.unlogged.get(reason) ?? 0) + count);
      return;
    }
    const skipped = this.unlogged.get(reason) ?? 0;
    this.lastLoggedAt.set(reason, now);
    this.unlogged.delete(reason);
    this.logger.warn(
      `Rejected ${count} point${count === 1 ? '' : 's'} (${reason})${origin === undefined ? '' : ` on ${origin}`}: ${detail}` +
        (skipped > 0 ? ` [${skipped} more ${reason} since the last report]` : ''),
    );
  }
}
