import type { SampleRow } from './valve-monitor.repository';

// PostgreSQL's binary COPY format for valves.signal_sample rows (text asset, text signal, int8 ts,
// float8 value): nothing to format or parse as text on either side.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const FIXED_ROW_BYTES = 2 + 4 + 4 + (4 + 8) + (4 + 8);

export function encodeSampleCopy(samples: readonly SampleRow[]): Buffer {
  // Asset and signal names are few: encode each once.
  const encoded = new Map<string, Buffer>();
  const bytesOf = (text: string) => {
    let bytes = encoded.get(text);
    if (!bytes) {
      bytes = Buffer.from(text, 'utf8');
      encoded.set(text, bytes);
    }
    return bytes;
  };
  let size = HEADER_BYTES + 2;
  for (const sample of samples) {
    size += FIXED_ROW_BYTES + bytesOf(sample.asset).length + bytesOf(sample.signal).length;
  }
  const buffer = Buffer.allocUnsafe(size);
  SIGNATURE.copy(buffer, 0);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  view.setInt32(SIGNATURE.length, 0); // flags
  view.setInt32(SIGNATURE.length + 4, 0); // header extension length
  let offset = HEADER_BYTES;
  const text = (bytes: Buffer) => {
    view.setInt32(offset, bytes.length);
    bytes.copy(buffer, offset + 4);
    offset += 4 + bytes.length;
  };
  for (const { asset, signal, ts, value } of samples) {
    view.setInt16(offset, 4);
    offset += 2;
    text(bytesOf(asset));
    text(bytesOf(signal));
    view.setInt32(offset, 8);
    view.setBigInt64(offset + 4, BigInt(ts));
    view.setInt32(offset + 12, 8);
    view.setFloat64(offset + 16, value);
    offset += 24;
  }
  view.setInt16(offset, -1);
  return buffer;
}
