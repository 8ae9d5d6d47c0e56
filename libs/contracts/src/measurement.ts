import { z } from 'zod';

// Earliest and latest instants a plant measurement may carry; anything else is a clock or parsing fault.
export const MEASUREMENT_MIN_TS = Date.UTC(1970, 0, 1);
export const MEASUREMENT_MAX_FUTURE_MS = 24 * 3600 * 1000;

export const measurementPointSchema = z.object({
  variableId: z.number().int().positive(),
  /** epoch milliseconds */
  ts: z.number().int().min(MEASUREMENT_MIN_TS),
  value: z.number().refine(Number.isFinite, { message: 'value must be a finite number' }),
});
export type MeasurementPoint = z.infer<typeof measurementPointSchema>;

// One message on the `measurements` topic. Points of one variable always travel under the same key
// (the variable id, or a source partition key) so their order is kept.
export const measurementBatchSchema = z.object({
  source: z.string().min(1).max(100),
  points: z.array(measurementPointSchema).min(1).max(100_000),
});
export type MeasurementBatch = z.infer<typeof measurementBatchSchema>;

/**
 * The `source` of the batches Plantlens's own producers publish. Any text is a valid source; these are the
 * values counted under their own name in plantlens_points_ingested_total (others count as `other`, so the
 * label stays bounded).
 */
export const MeasurementSources = {
  simulator: 'simulator',
  csvUpload: 'csv-upload',
  aggregate: 'aggregate',
  mqtt: 'mqtt',
  opcua: 'opcua',
} as const;
