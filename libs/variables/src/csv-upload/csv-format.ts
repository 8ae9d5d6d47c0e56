import { MEASUREMENT_MIN_TS, type CsvRowErrorReason, type CsvUploadQuery } from '@plantlens/contracts';

// The CSV dialect of the uploader, as pure functions (docs/data-sources.md "CSV uploader" documents the
// rules).

export type FieldSeparator = ';' | ',';
export type DecimalSeparator = '.' | ',';
export type TimeColumn = 'timestamp' | 'datetime';

/** A cell that could not be read: the reason of the error report. */
export interface CellProblem {
  problem: CsvRowErrorReason;
}

export function isProblem(value: number | CellProblem): value is CellProblem {
  return typeof value === 'object';
}

// Client references hold neither separator, so the header tells: ';' if it holds one, else ','.
export function detectFieldSeparator(header: string): FieldSeparator {
  return header.includes(';') ? ';' : ',';
}

// Where ';' separates fields the decimal comma is the custom (Spanish, German, Italian Excel).
export function resolveDecimalSeparator(
  choice: CsvUploadQuery['decimalSeparator'],
  fieldSeparator: FieldSeparator,
): DecimalSeparator {
  if (choice !== 'auto') return choice;
  return fieldSeparator === ';' ? ',' : '.';
}

/**
 * The cells of one line. Cells may be quoted ("a;b", with "" for a quote inside); a quoted cell cannot
 * span lines. Undefined when a quote is left open.
 */
export function splitFields(line: string, separator: FieldSeparator): string[] | undefined {
  if (!line.includes('"')) return line.split(separator);
  const fields: string[] = [];
  let index = 0;
  for (;;) {
    let field = '';
    if (line[index] === '"') {
      index += 1;
      for (;;) {
        const quote = line.indexOf('"', index);
        if (quote === -1) return undefined;
        field += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          field += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      // Anything between the closing quote and the separator stays part of the cell (and then fails to parse).
      const next = line.indexOf(separator, index);
      field += line.slice(index, next === -1 ? line.length : next);
      index = next === -1 ? line.length : next;
    } else {
      const next = line.indexOf(separator, index);
      field = line.slice(index, next === -1 ? line.length : next);
      index = next === -1 ? line.length : next;
    }
    fields.push(field);
    if (index >= line.length) return fields;
    index += 1;
    if (index === line.length) {
      fields.push('');
      return fields;
    }
  }
}

const POINT_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const COMMA_NUMBER = /^[+-]?(?:\d+,?\d*|,\d+)(?:[eE][+-]?\d+)?$/;
const NOT_FINITE = /^[+-]?(?:nan|inf|infinity)$/i;

// Plain decimal numbers with an optional exponent; no thousands separators (1.234,5 is ambiguous).
export function parseNumber(text: string, decimal: DecimalSeparator): number | CellProblem {
  const cell = text.trim();
  if (decimal === '.' ? !POINT_NUMBER.test(cell) : !COMMA_NUMBER.test(cell)) {
    return { problem: NOT_FINITE.test(cell) ? 'not-finite' : 'invalid-number' };
  }
  const value = Number(decimal === '.' ? cell : cell.replace(',', '.'));
  return Number.isFinite(value) ? value : { problem: 'not-finite' };
}

// Epoch numbers from 1e11 up are milliseconds (1e11 s would be the year 5138, 1e11 ms is March 1973);
// smaller ones are seconds, decimals allowed. Both end as whole milliseconds.
export const EPOCH_MILLISECONDS_FROM = 1e11;

function parseEpoch(text: string, decimal: DecimalSeparator): number | CellProblem {
  const value = parseNumber(text, decimal);
  if (isProblem(value)) return { problem: 'invalid-time' };
  return Math.round(Math.abs(value) >= EPOCH_MILLISECONDS_FROM ? value : value * 1000);
}

// ISO 8601 (2026-01-31T08:00:00Z, +01:00 offsets, fractions) or 2026-01-31 08:00:00; without an offset
// the time is UTC (a plant's historian exports in one zone and the server must not guess the browser's).
const ISO_DATE_TIME =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[T ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,](?<fraction>\d{1,9}))?)?)?\s*(?<offset>Z|[+-]\d{2}(?::?\d{2})?)?$/i;
// Day first, as Excel writes dates in Spain and the rest of Europe: 31/01/2026 08:00[:00], UTC.
const DAY_FIRST_DATE_TIME =
  /^(?<day>\d{1,2})\/(?<month>\d{1,2})\/(?<year>\d{4})(?:\s+(?<hour>\d{1,2}):(?<minute>\d{2})(?::(?<second>\d{2}))?)?$/;

// The named groups of the two patterns above.
type DateTimeParts = Partial<
  Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'fraction' | 'offset', string>
>;

function utcMilliseconds(parts: DateTimeParts): number | CellProblem {
  const [year, month, day, hour, minute, second] = [
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  ].map((part) => Number(part ?? '0')) as [number, number, number, number, number, number];
  const milliseconds = Math.round(Number(`0.${parts.fraction ?? '0'}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
  const check = new Date(utc);
  // Date.UTC rolls 31 February over into March; a calendar date must come back as written.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return { problem: 'invalid-time' };
  }
  return utc - offsetMilliseconds(parts.offset);
}

function offsetMilliseconds(offset: string | undefined): number {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
}

function parseDateTime(text: string): number | CellProblem {
  const cell = text.trim();
  const parts = (ISO_DATE_TIME.exec(cell) ?? DAY_FIRST_DATE_TIME.exec(cell))?.groups;
  return parts ? utcMilliseconds(parts) : { problem: 'invalid-time' };
}

/** The instants the measurement store accepts at the time of the upload (epoch milliseconds). */
export interface TimeWindow {
  /** the raw retention horizon: older points would be refused by the writer */
  earliestKept: number;
  latestAllowed: number;
}

/** The instant of a row in epoch milliseconds, within the window the measurement store accepts. */
export function parseRowTime(
  text: string,
  column: TimeColumn,
  decimal: DecimalSeparator,
  window: TimeWindow,
): number | CellProblem {
  const ts = column === 'timestamp' ? parseEpoch(text, decimal) : parseDateTime(text);
  if (isProblem(ts)) return ts;
  if (ts < MEASUREMENT_MIN_TS) return { problem: 'time-before-1970' };
  if (ts < window.earliestKept) return { problem: 'time-before-retention' };
  if (ts > window.latestAllowed) return { problem: 'time-in-future' };
  return ts;
}
