import { decimalSeparatorOf, formatMeasurementCell } from '../../lib/measurement-format';

// The explorer's CSV download (spec part 2 §9): semicolon-separated, the decimal separator of the user's
// language, columns timestamp, datetime, then one per variable label; a UTF-8 byte-order mark so that
// spreadsheet programs read accents right. Rows end in CRLF (RFC 4180), which every spreadsheet reads.
// Values keep 6 significant digits (lib/measurement-format.ts), not the 16 of a double.

export const CSV_FILE_NAME = 'output.csv';

const BYTE_ORDER_MARK = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

export interface CsvPoint {
  /** epoch seconds, as the explorer data carries them */
  timestamp: number;
  value: number;
}

export interface CsvSeries {
  label: string;
  /** the variable's unit, which caps the decimals of its values */
  unit: string | null;
  points: readonly CsvPoint[];
}

export interface CsvFormat {
  /** BCP 47 tag of the user's language, whose decimal separator the values use */
  locale: string;
  /** IANA zone of the datetime column */
  timeZone: string;
}

// Evolution: one row per distinct timestamp over all variables; a variable without a value there leaves its
// cell empty.
export function evolutionCsv(series: readonly CsvSeries[], format: CsvFormat): string {
  return writeCsv(series, format, () => true);
}

// Correlation: only rows where every variable has a value, since a point needs all its coordinates.
export function correlationCsv(series: readonly CsvSeries[], format: CsvFormat): string {
  return writeCsv(series, format, (values) => values.every((value) => value !== undefined));
}

type RowValues = (number | undefined)[];

function writeCsv(
  series: readonly CsvSeries[],
  { locale, timeZone }: CsvFormat,
  keepRow: (values: RowValues) => boolean,
): string {
  const rows = new Map<number, RowValues>();
  series.forEach(({ points }, column) => {
    for (const { timestamp, value } of points) {
      let values = rows.get(timestamp);
      if (!values) {
        values = new Array<number | undefined>(series.length).fill(undefined);
        rows.set(timestamp, values);
      }
      // Two points at one instant: the later one in the series is the value that holds.
      values[column] = value;
    }
  });

  const decimalSeparator = decimalSeparatorOf(locale);
  const formatDateTime = dateTimeFormatter(timeZone);
  const header = ['timestamp', 'datetime', ...series.map(({ label }) => label)].map(textCell);
  const lines = [header.join(SEPARATOR)];
  for (const timestamp of [...rows.keys()].sort((a, b) => a - b)) {
    const values = rows.get(timestamp) as RowValues;
    if (!keepRow(values)) continue;
    const cells = [
      String(timestamp).replace('.', decimalSeparator),
      formatDateTime(timestamp * 1000),
      ...values.map((value, column) =>
        value === undefined ? '' : formatMeasurementCell(value, series[column].unit, decimalSeparator),
      ),
    ];
    lines.push(cells.join(SEPARATOR));
  }
  return BYTE_ORDER_MARK + lines.map((line) => line + LINE_END).join('');
}

// YYYY-MM-DD HH:mm:ss, the explorer's date format (spec part 2 §9), in the given zone.
function dateTimeFormatter(timeZone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (epochMs) => {
    const part = Object.fromEntries(format.formatToParts(epochMs).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

// Labels are free text: a separator, quote or line break inside one is quoted as RFC 4180 says.
function textCell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
