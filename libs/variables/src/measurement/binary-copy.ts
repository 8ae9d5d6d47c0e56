import type { MeasurementPoint } from '@plantlens/contracts';

// PostgreSQL's binary COPY format for rows (int4 variable_id, timestamptz ts, float8 value): no text to
// format or parse on either side. Timestamps are microseconds since 2000-01-01 UTC.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const ROW_BYTES = 2 + (4 + 4) + (4 + 8) + (4 + 8);
const TRAILER_BYTES = 2;
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

export function encodeMeasurementCopy(points: readonly MeasurementPoint[]): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + points.length * ROW_BYTES + TRAILER_BYTES);
  SIGNATURE.copy(buffer, 0);
  // DataView writes compile to plain stores; Buffer's write methods check their arguments on every call.
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  view.setInt32(SIGNATURE.length, 0); // flags
  view.setInt32(SIGNATURE.length + 4, 0); // header extension length
  let offset = HEADER_BYTES;
  for (const { variableId, ts, value } of points) {
    view.setInt16(offset, 3);
    view.setInt32(offset + 2, 4);
    view.setInt32(offset + 6, variableId);
    view.setInt32(offset + 10, 8);
    // Microseconds of any plausible date stay below 2^53, so float64 arithmetic splits them exactly.
    const micros = (ts - POSTGRES_EPOCH_MS) * 1000;
    const high = Math.floor(micros / 2 ** 32);
    view.setInt32(offset + 14, high);
    view.setUint32(offset + 18, micros - high * 2 ** 32);
    view.setInt32(offset + 22, 8);
    view.setFloat64(offset + 26, value);
    offset += ROW_BYTES;
  }
  view.setInt16(offset, -1);
  return buffer;
}
