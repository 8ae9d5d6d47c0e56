import { Injectable } from '@nestjs/common';
import { MeasurementSources } from '@plantlens/contracts';
import { MetricsRegistry } from '@plantlens/platform';
import { Counter } from 'prom-client';
import { REJECTION_REASONS, type RejectionReason } from './point-check';

const KNOWN_SOURCES = new Set<string>(Object.values(MeasurementSources));

/** The label `source` of plantlens_points_ingested_total: one of the product's producers, or `other`. */
export type IngestedSource = (typeof MeasurementSources)[keyof typeof MeasurementSources] | 'other';

/** The counters' totals in this process, the figures its /metrics reports. */
export interface MeasurementTotals {
  /** points received in well-formed batches, by source (only sources seen so far) */
  ingested: Partial<Record<IngestedSource, number>>;
  /** points not stored, by reason (a malformed batch counts once) */
  rejected: Record<RejectionReason, number>;
  /** points committed to the store */
  written: number;
}

/**
 * The points of the ingest path (docs/operations.md "Metrics"): received per source, rejected per reason,
 * and written to the store. `rate()` of each gives points per second.
 */
@Injectable()
export class MeasurementMetrics {
  private readonly ingested: Counter<'source'>;
  private readonly rejected: Counter<'reason'>;
  private readonly written: Counter;

  constructor(registry: MetricsRegistry) {
    this.ingested = new Counter({
      name: 'plantlens_points_ingested_total',
      help: 'Points received on the measurement topics in well-formed batches, by the source of the batch',
      labelNames: ['source'],
      registers: [registry],
    });
    this.rejected = new Counter({
      name: 'plantlens_points_rejected_total',
      help: 'Points not stored, by reason (a malformed batch counts once: its points cannot be counted)',
      labelNames: ['reason'],
      registers: [registry],
    });
    this.written = new Counter({
      name: 'plantlens_points_written_total',
      help: 'Points committed to the time-series store (measured, calculated and back-filled)',
      registers: [registry],
    });
    // Every reason is listed from the start, at 0, so that rate() sees the first rejection of each.
    for (const reason of REJECTION_REASONS) this.rejected.inc({ reason }, 0);
  }

  countIngested(source: string, points: number): void {
    this.ingested.inc({ source: KNOWN_SOURCES.has(source) ? source : 'other' }, points);
  }

  countRejected(reason: RejectionReason, points: number): void {
    this.rejected.inc({ reason }, points);
  }

  countWritten(points: number): void {
    this.written.inc(points);
  }

  /** For tests and benchmarks, which wait on and compare these figures. */
  async totals(): Promise<MeasurementTotals> {
    const [ingested, rejected, written] = await Promise.all([
      this.ingested.get(),
      this.rejected.get(),
      this.written.get(),
    ]);
    return {
      ingested: Object.fromEntries(ingested.values.map(({ labels, value }) => [labels.source, value])),
      rejected: Object.fromEntries(
        rejected.values.map(({ labels, value }) => [labels.reason, value]),
      ) as Record<RejectionReason, number>,
      written: written.values[0]?.value ?? 0,
    };
  }
}
