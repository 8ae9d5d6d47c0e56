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
  buffer.writeInt32BE(0, SIGNATURE.length); // flags
  buffer.writeInt32BE(0, SIGNATURE.length + 4); // header extension length
  let offset = HEADER_BYTES;
  for (const { variableId, ts, value } of points) {
    buffer.writeInt16BE(3, offset);
    buffer.writeInt32BE(4, offset + 2);
    buffer.writeInt32BE(variableId, offset + 6);
    buffer.writeInt32BE(8, offset + 10);
    // Microseconds of any plausible date stay below 2^53, so float64 arithmetic splits them exactly.
    const micros = (ts - POSTGRES_EPOCH_MS) * 1000;
    const high = Math.floor(micros / 2 ** 32);
    buffer.writeInt32BE(high, offset + 14);
    buffer.writeUInt32BE(micros - high * 2 ** 32, offset + 18);
    buffer.writeInt32BE(8, offset + 22);
    buffer.writeDoubleBE(value, offset + 26);
    offset += ROW_BYTES;
  }
  buffer.writeInt16BE(-1, offset);
  return buffer;
}
