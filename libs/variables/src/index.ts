export * from './variables.module';
export { IngestionService } from './measurement/ingestion.service';
export { REJECTION_REASONS, type RejectionReason } from './measurement/point-check';
export { RollupService } from './rollup/rollup.service';
<<<<<<< HEAD
export { timelineGrid, type TimelineGrid } from './explorer/timeline-grid';
=======
// The benchmark times timeline-data's statement alone (tools/bench/timeline-bench.mjs).
export { timelineGrid } from './explorer/timeline-grid';
export { timelineQuery } from './explorer/timeline.repository';
>>>>>>> perf-read
export { RetentionService } from './retention/retention.service';
export { encodeMeasurementCopy } from './measurement/binary-copy';
export {
  AGGREGATE_BACKFILL_OPTIONS,
  type AggregateBackfillOptions,
} from './aggregate-variable/aggregate-backfill.service';
