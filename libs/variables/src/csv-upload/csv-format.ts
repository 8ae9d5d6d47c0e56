import { MEASUREMENT_MIN_TS, type CsvFieldSeparator, type CsvRowErrorReason } from '@plantlens/contracts';

// The CSV dialect of the uploader, as pure functions (docs/data-sources.md "CSV uploader" documents the
// rules).

export type DecimalSeparator = '.' | ',';

/** A cell that could not be read: the reason of the error report. */
export interface CellProblem {
  problem: CsvRowErrorReason;
}

export function isProblem(value: number | CellProblem): value is CellProblem {
  return typeof value === 'object';
}

const SEPARATOR_PREFERENCE: readonly CsvFieldSeparator[] = ['\t', ';', ','];

// The separators the header holds, in the order tab, ';', ',' (a header may hold a ',' inside a name of
// a ';' file): the first that splits every sampled row into the header's cell count; the first present
// when none does; ',' for a header of one column.
export function detectFieldSeparator(header: string, sampleLines: readonly string[]): CsvFieldSeparator {
  const present = SEPARATOR_PREFERENCE.filter((separator) => header.includes(separator));
  const fits = present.find((separator) => {
    const width = splitFields(header, separator)?.length;
    return sampleLines.every((line) => splitFields(line, separator)?.length === width);
  });
  return fits ?? present[0] ?? ',';
}

const COMMA_DECIMAL = /^[+-]?\d*,\d+(?:[eE][+-]?\d+)?$/;
const POINT_DECIMAL = /^[+-]?\d*\.\d+(?:[eE][+-]?\d+)?$/;

// The separator most of the sampled value cells with decimals use; without any decimals, ',' in ';'
// and tab files (the Excel custom of Spain, Germany, Italy), '.' otherwise.
export function detectDecimalSeparator(
  valueCells: readonly string[],
  fieldSeparator: CsvFieldSeparator,
): DecimalSeparator {
  let commas = 0;
  let points = 0;
  for (const cell of valueCells) {
    const text = cell.trim();
    if (COMMA_DECIMAL.test(text)) commas += 1;
    else if (POINT_DECIMAL.test(text)) points += 1;
  }
  if (commas !== points) return commas > points ? ',' : '.';
  return fieldSeparator === ',' ? '.' : ',';
}

/**
 * The cells of one line. Cells may be quoted ("a;b", with "" for a quote inside); a quoted cell cannot
 * span lines. Undefined when a quote is left open.
 */
export function splitFields(line: string, separator: CsvFieldSeparator): string[] | undefined {
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

/** The instants the measurement store accepts at the time of the upload (epoch milliseconds). */
export interface TimeWindow {
  /** the raw retention horizon: older points would be refused by the writer */
  earliestKept: number;
  latestAllowed: number;
}

/** The problem of an instant outside the window the measurement store accepts, if any. */
export function checkTimeWindow(ts: number, window: TimeWindow): number | CellProblem {
  if (ts < MEASUREMENT_MIN_TS) return { problem: 'time-before-1970' };
  if (ts < window.earliestKept) return { problem: 'time-before-retention' };
  if (ts > window.latestAllowed) return { problem: 'time-in-future' };
  return ts;
}
