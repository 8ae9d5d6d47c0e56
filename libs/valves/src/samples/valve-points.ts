import type { ValvePointDto } from '@plantlens/contracts';
import type { SampleRow } from './signal-sample.repository';

/** Stored samples (epoch ms) as the screens' points (epoch seconds). */
export function toPoints(rows: Pick<SampleRow, 'ts' | 'value'>[]): ValvePointDto[] {
  return rows.map((row) => ({ dateTime: row.ts / 1000, value: row.value }));
}
