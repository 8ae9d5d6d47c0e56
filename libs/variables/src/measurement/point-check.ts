import { MEASUREMENT_MIN_TS, type MeasurementPoint } from '@plantlens/contracts';

/** Why the ingest path left points out (IngestionService; plantlens_points_rejected_total {reason}). */
export const REJECTION_REASONS = [
  'malformed-batch',
  'invalid-point',
  'non-finite-value',
  'timestamp-before-1970',
  'future-timestamp',
  'expired-timestamp',
  'unknown-variable',
  // an aggregate variable's point on `measurements`: only its calculation publishes its points
  'aggregate-variable',
  // a raw variable's point on `measurements.derived`, the topic of calculated points
  'not-aggregate',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export type PointFault = Extract<
  RejectionReason,
  'invalid-point' | 'non-finite-value' | 'timestamp-before-1970'
>;

/**
 * The rules of the contract's `measurementPointSchema`, checked by hand: the writer checks every point of
 * the stream (hundreds of thousands a second), and a schema parse per point costs more than storing it.
 * measurement-point-check.spec.ts holds the two to the same verdicts. Returns the point (extra fields
 * dropped) or what is wrong with it.
 */
export function checkPoint(candidate: unknown): MeasurementPoint | PointFault {
  if (typeof candidate !== 'object' || candidate === null) return 'invalid-point';
  const { variableId, ts, value } = candidate as Record<string, unknown>;
  if (typeof variableId !== 'number' || !Number.isSafeInteger(variableId) || variableId <= 0) {
    return 'invalid-point';
  }
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || typeof value !== 'number')
    return 'invalid-point';
  if (!Number.isFinite(value)) return 'non-finite-value';
  if (ts < MEASUREMENT_MIN_TS) return 'timestamp-before-1970';
  return { variableId, ts, value };
}
