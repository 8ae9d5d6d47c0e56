import type { MeasurementPoint } from '@plantlens/contracts';

// PostgreSQL's binary COPY format: no text to format or parse on either side. Timestamps are
// microseconds since 2000-01-01 UTC.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const TRAILER_BYTES = 2;
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

export type CopyColumnType = 'int4' | 'float8' | 'timestamptz';

const FIELD_BYTES: Record<CopyColumnType, number> = { int4: 4 + 4, float8: 4 + 8, timestamptz: 4 + 8 };

/**
 * Rows of a fixed column layout in binary COPY format, written field by field in column order after
 * `row()`. The buffer is sized up front for `rows` rows.
 */
export class BinaryCopyWriter {
  private readonly buffer: Buffer;
  // DataView writes compile to plain stores; Buffer's write methods check their arguments on every call.
  private readonly view: DataView;
  private readonly fields: number;
  private offset = HEADER_BYTES;

  constructor(columns: readonly CopyColumnType[], rows: number) {
    const rowBytes = 2 + columns.reduce((bytes, column) => bytes + FIELD_BYTES[column], 0);
    this.fields = columns.length;
    this.buffer = Buffer.allocUnsafe(HEADER_BYTES + rows * rowBytes + TRAILER_BYTES);
    SIGNATURE.copy(this.buffer, 0);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
    this.view.setInt32(SIGNATURE.length, 0); // flags
    this.view.setInt32(SIGNATURE.length + 4, 0); // header extension length
  }

  row(): void {
    this.view.setInt16(this.offset, this.fields);
    this.offset += 2;
  }

  int4(value: number): void {
    this.view.setInt32(this.offset, 4);
    this.view.setInt32(this.offset + 4, value);
    this.offset += 8;
  }

  float8(value: number): void {
    this.view.setInt32(this.offset, 8);
    this.view.setFloat64(this.offset + 4, value);
    this.offset += 12;
  }

  timestamptz(ms: number): void {
    // Microseconds of any plausible date stay below 2^53, so float64 arithmetic splits them exactly.
    const micros = (ms - POSTGRES_EPOCH_MS) * 1000;
    const high = Math.floor(micros / 2 ** 32);
    this.view.setInt32(this.offset, 8);
    this.view.setInt32(this.offset + 4, high);
    this.view.setUint32(this.offset + 8, micros - high * 2 ** 32);
    this.offset += 12;
  }

  /** The rows written so far, with the trailer. */
  finish(): Buffer {
    this.view.setInt16(this.offset, -1);
    return this.buffer.subarray(0, this.offset + TRAILER_BYTES);
  }
}

/** Rows (int4 variable_id, timestamptz ts, float8 value) of `variables.measurement`. */
export function encodeMeasurementCopy(points: readonly MeasurementPoint[]): Buffer {
  const copy = new BinaryCopyWriter(['int4', 'timestamptz', 'float8'], points.length);
  for (const { variableId, ts, value } of points) {
    copy.row();
    copy.int4(variableId);
    copy.timestamptz(ts);
    copy.float8(value);
  }
  return copy.finish();
}
