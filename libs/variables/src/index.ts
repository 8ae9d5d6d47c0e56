export * from './variables.module';
export { IngestionService } from './measurement/ingestion.service';
export { REJECTION_REASONS, type RejectionReason } from './measurement/point-check';
// Tests and benchmarks read the ingest counters' totals (points rejected, written).
export { MeasurementMetrics, type MeasurementTotals } from './measurement/measurement-metrics';
export { RollupService } from './rollup/rollup.service';
// The benchmarks use the product's column grid and time timeline-data's statements alone (tools/bench).
export { timelineGrid, type TimelineGrid } from './explorer/timeline-grid';
export { TimelineRepository } from './explorer/timeline.repository';
export { ReadCacheService } from './read-cache/read-cache.service';
export { RetentionService } from './retention/retention.service';
export { encodeMeasurementCopy } from './measurement/binary-copy';
export {
  AGGREGATE_BACKFILL_OPTIONS,
  type AggregateBackfillOptions,
} from './aggregate-variable/aggregate-backfill.service';
