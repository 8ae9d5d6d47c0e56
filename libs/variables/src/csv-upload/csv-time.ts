import type { CsvTimeFormat } from '@plantlens/contracts';
import { isProblem, parseNumber, type CellProblem, type DecimalSeparator } from './csv-format';

// The time cells of an uploaded CSV: which column holds them and how they are written, detected from the
// first rows (docs/data-sources.md "CSV uploader"), and their reading as instants.

// Epoch numbers from 1e11 up are milliseconds (1e11 s would be the year 5138, 1e11 ms is March 1973);
// smaller ones are seconds, decimals allowed. Both end as whole milliseconds.
export const EPOCH_MILLISECONDS_FROM = 1e11;
// Detection only: a number column reads as epoch times from 1e8 s (March 1973) up to 1e13 ms (2286), so
// that a column of measured values (0.03, 1250) is never taken for the time column.
const EPOCH_DETECTED_FROM = 1e8;
const EPOCH_DETECTED_UNTIL = 1e13;

// 2026-01-31T08:00:00Z, 2026-01-31 08:00[:00[.000]], +01:00 offsets, date alone.
const ISO_DATE_TIME =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[T ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,](?<fraction>\d{1,9}))?)?)?\s*(?<offset>Z|[+-]\d{2}(?::?\d{2})?)?$/i;
// 31/01/2026 08:00[:00] or 01/31/2026 8:00 PM, with /, - or . between the date's parts.
const NUMERIC_DATE_TIME =
  /^(?<first>\d{1,2})[/.-](?<second>\d{1,2})[/.-](?<year>\d{4})(?:[ T,]+(?<hour>\d{1,2}):(?<minute>\d{2})(?::(?<sec>\d{2})(?:[.,](?<fraction>\d{1,9}))?)?\s*(?<meridiem>[AP]M)?)?$/i;
const EPOCH = /^\d+(?:[.,]\d+)?$/;
// Header words that name a time column, in the languages plants export in.
const TIME_WORDS = /time|date|fecha|hora|tiempo|zeit|datum|heure|horodatage|^ts$/i;

/** The wall-clock parts of a cell, before a zone makes them an instant. */
interface WallClock {
  /** the wall time read as if it were UTC */
  localMs: number;
  /** the offset written in the cell, in ms; undefined when the cell has none */
  offsetMs: number | undefined;
}

export function isTimeHeader(header: string): boolean {
  return TIME_WORDS.test(header.trim());
}

function wallClockMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  fraction: string | undefined,
): number | undefined {
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(
    year,
    month - 1,
    day,
    hour,
    minute,
    second,
    Math.round(Number(`0.${fraction ?? '0'}`) * 1000),
  );
  const check = new Date(ms);
  // Date.UTC rolls 31 February over into March; a calendar date must come back as written.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return ms;
}

function offsetMilliseconds(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
}

function readIso(cell: string): WallClock | undefined {
  const parts = ISO_DATE_TIME.exec(cell)?.groups;
  if (!parts) return undefined;
  const localMs = wallClockMs(
    Number(parts.year),
    Number(parts.month),
    Number(parts.day),
    Number(parts.hour ?? 0),
    Number(parts.minute ?? 0),
    Number(parts.second ?? 0),
    parts.fraction,
  );
  if (localMs === undefined) return undefined;
  return { localMs, offsetMs: parts.offset === undefined ? undefined : offsetMilliseconds(parts.offset) };
}

function readNumericDate(cell: string, dayFirst: boolean): WallClock | undefined {
  const parts = NUMERIC_DATE_TIME.exec(cell)?.groups;
  if (!parts) return undefined;
  let hour = Number(parts.hour ?? 0);
  if (parts.meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (parts.meridiem.toUpperCase() === 'PM' ? 12 : 0);
  }
  const [day, month] = dayFirst ? [parts.first, parts.second] : [parts.second, parts.first];
  const localMs = wallClockMs(
    Number(parts.year),
    Number(month),
    Number(day),
    hour,
    Number(parts.minute ?? 0),
    Number(parts.sec ?? 0),
    parts.fraction,
  );
  return localMs === undefined ? undefined : { localMs, offsetMs: undefined };
}

function readEpoch(cell: string, decimal: DecimalSeparator): number | CellProblem {
  const value = parseNumber(cell, decimal);
  if (isProblem(value)) return { problem: 'invalid-time' };
  return Math.round(Math.abs(value) >= EPOCH_MILLISECONDS_FROM ? value : value * 1000);
}

function isDetectableEpoch(cell: string): boolean {
  if (!EPOCH.test(cell)) return false;
  const value = Number(cell.replace(',', '.'));
  return value >= EPOCH_DETECTED_FROM && value < EPOCH_DETECTED_UNTIL;
}

function isDetectableEpochMilliseconds(cell: string): boolean {
  return isDetectableEpoch(cell) && Number(cell.replace(',', '.')) >= EPOCH_MILLISECONDS_FROM;
}

/** A column's time format and whether day and month could be read either way. */
export interface DetectedTimeFormat {
  format: CsvTimeFormat;
  ambiguousDayMonth: boolean;
}

/**
 * The format that reads the column's sampled cells (blank ones aside): every one of them when `strict`,
 * else the most of them, at least half (a column headed as a time may hold a few bad rows). Undefined when
 * none does.
 */
export function detectTimeFormat(cells: readonly string[], strict: boolean): DetectedTimeFormat | undefined {
  const filled = cells.map((cell) => cell.trim()).filter((cell) => cell.length > 0);
  if (filled.length === 0) return undefined;
  const count = (reads: (cell: string) => boolean) => filled.filter(reads).length;
  const dayFirstCount = count((cell) => readNumericDate(cell, true) !== undefined);
  const monthFirstCount = count((cell) => readNumericDate(cell, false) !== undefined);
  const candidates: [CsvTimeFormat, number][] = [
    ['iso', count((cell) => readIso(cell) !== undefined)],
    [
      // Each cell is read as seconds or milliseconds by its size; the label says what most are.
      count(isDetectableEpochMilliseconds) * 2 > count(isDetectableEpoch)
        ? 'epoch-milliseconds'
        : 'epoch-seconds',
      count(isDetectableEpoch),
    ],
    ['day-first', dayFirstCount],
    ['month-first', monthFirstCount],
  ];
  const needed = strict ? filled.length : Math.ceil(filled.length / 2);
  // The first of the formats that read the most cells: day-first before month-first when both do.
  const best = candidates.reduce((chosen, candidate) => (candidate[1] > chosen[1] ? candidate : chosen));
  if (best[1] < needed) return undefined;
  return {
    format: best[0],
    ambiguousDayMonth: best[0] === 'day-first' && monthFirstCount === dayFirstCount,
  };
}

/** The index of the time column among the headers, and its format. */
export interface TimeColumnChoice extends DetectedTimeFormat {
  index: number;
}

/**
 * The time column: the first column headed by a time word (timestamp, datetime, fecha, Zeit…) whose
 * cells read as times, else the first column whose sampled cells all read as times.
 */
export function detectTimeColumn(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[],
): TimeColumnChoice | undefined {
  const column = (index: number) => sampleRows.map((cells) => cells[index] ?? '');
  for (const strictness of [false, true]) {
    for (let index = 0; index < headers.length; index += 1) {
      const headed = isTimeHeader(headers[index] ?? '');
      if (strictness === false && !headed) continue;
      const detected = detectTimeFormat(column(index), strictness);
      if (detected) return { index, ...detected };
    }
  }
  return undefined;
}

/**
 * Instants of wall-clock times in one IANA zone, daylight-saving aware. A time in the spring gap does
 * not exist; a time of the autumn's repeated hour is the earlier instant unless the file's rows already
 * went past it (an hourly export in local time writes 02:00–02:59 twice: the second pass is the later
 * instants).
 */
export class ZoneClock {
  private readonly parts: Intl.DateTimeFormat | undefined;
  // The instants of the last 15-minute wall-clock slot asked for (no zone changes offset within one).
  private cachedSlot = Number.NaN;
  private cachedOffsets: readonly number[] = [];
  /** some time was read in the zone */
  used = false;

  constructor(readonly zone: string) {
    this.parts =
      zone === 'UTC'
        ? undefined
        : new Intl.DateTimeFormat('en-US', {
            timeZone: zone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
  }

  /** The instant of a wall-clock time (read as UTC), given the instant of the previous row. */
  toInstant(localMs: number, previousTs: number): number | CellProblem {
    this.used = true;
    if (!this.parts) return localMs;
    const offsets = this.offsetsAt(localMs);
    if (offsets.length === 0) return { problem: 'time-in-dst-gap' };
    const earlier = localMs - Math.max(...offsets);
    const later = localMs - Math.min(...offsets);
    return previousTs >= earlier ? later : earlier;
  }

  // The zone's offsets that map this wall-clock time to an instant: none in a gap, two in a fold.
  private offsetsAt(localMs: number): readonly number[] {
    const slot = Math.floor(localMs / 900_000);
    if (slot !== this.cachedSlot) {
      const slotStart = slot * 900_000;
      const around = [this.offsetOf(slotStart - 86_400_000), this.offsetOf(slotStart + 86_400_000)];
      this.cachedOffsets = [...new Set(around)].filter(
        (offset) => this.offsetOf(slotStart - offset) === offset,
      );
      this.cachedSlot = slot;
    }
    return this.cachedOffsets;
  }

  private offsetOf(instant: number): number {
    const wholeSecond = Math.floor(instant / 1000) * 1000;
    const part = Object.fromEntries(
      (this.parts as Intl.DateTimeFormat).formatToParts(wholeSecond).map(({ type, value }) => [type, value]),
    );
    const local = Date.UTC(
      Number(part.year),
      Number(part.month) - 1,
      Number(part.day),
      Number(part.hour),
      Number(part.minute),
      Number(part.second),
    );
    return local - wholeSecond;
  }
}

/** The instant (epoch ms) of a time cell, before any check of the range the store accepts. */
export function readTime(
  text: string,
  format: CsvTimeFormat,
  decimal: DecimalSeparator,
  clock: ZoneClock,
  previousTs: number,
): number | CellProblem {
  const cell = text.trim();
  if (format === 'epoch-seconds' || format === 'epoch-milliseconds') return readEpoch(cell, decimal);
  const wall = format === 'iso' ? readIso(cell) : readNumericDate(cell, format === 'day-first');
  if (!wall) return { problem: 'invalid-time' };
  if (wall.offsetMs !== undefined) return wall.localMs - wall.offsetMs;
  return clock.toInstant(wall.localMs, previousTs);
}
