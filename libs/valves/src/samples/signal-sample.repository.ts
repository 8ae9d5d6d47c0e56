import { Injectable } from '@nestjs/common';
import type { ValveSignalName } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import type { ValvesDb } from '../database/valves-database';

export interface SampleRow {
  signal: ValveSignalName;
  ts: number;
  value: number;
}

export interface SpanSampleRow extends SampleRow {
  /** begin of the span the sample lies in */
  spanBeginMs: number;
}

export interface Span {
  beginMs: number;
  endMs: number;
}

// The valve signals as the monitor stored them (valves.signal_sample), for the screens. At most one sample
// per signal and second (the first): that bounds every answer by its range whatever a source's rate.
@Injectable()
export class SignalSampleRepository {
  private readonly db: ValvesDb;

  constructor(database: Database) {
    this.db = database.kysely as ValvesDb;
  }

  /** Samples of the signals in [fromMs, toMs], by signal, in time order. */
  async between(
    asset: string,
    signals: ValveSignalName[],
    fromMs: number,
    toMs: number,
  ): Promise<SampleRow[]> {
    const result = await sql<SampleRow>`
      select distinct on (signal, ts / 1000) signal, ts::float8 as ts, value
        from valves.signal_sample
       where asset = ${asset} and signal = any(${signals}::text[]) and ts between ${fromMs} and ${toMs}
       order by signal, ts / 1000, ts`.execute(this.db);
    return result.rows;
  }

  /** Samples of the signals within each span (spans of one valve do not overlap), in time order. */
  async within(asset: string, signals: ValveSignalName[], spans: Span[]): Promise<SpanSampleRow[]> {
    if (spans.length === 0) return [];
    const result = await sql<SpanSampleRow>`
      select distinct on (span.begin_ms, s.signal, s.ts / 1000)
             span.begin_ms::float8 as "spanBeginMs", s.signal, s.ts::float8 as ts, s.value
        from unnest(${spans.map((span) => span.beginMs)}::bigint[],
                    ${spans.map((span) => span.endMs)}::bigint[]) as span(begin_ms, end_ms)
        join valves.signal_sample s
          on s.asset = ${asset} and s.signal = any(${signals}::text[])
         and s.ts between span.begin_ms and span.end_ms
       order by span.begin_ms, s.signal, s.ts / 1000, s.ts`.execute(this.db);
    return result.rows;
  }
}
