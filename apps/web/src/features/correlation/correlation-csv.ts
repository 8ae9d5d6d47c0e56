// The correlation download (spec part 2 §9): semicolon-separated, the decimal separator of the user's
// language, columns timestamp (epoch seconds, as the data carries it), datetime (YYYY-MM-DD HH:mm:ss in the
// user's zone), then one per variable label; a UTF-8 byte-order mark so spreadsheets read accents right;
// CRLF line ends (RFC 4180). Only rows where every variable has a value: a point needs all its coordinates.
// The same format as the evolution download, written here until the two writers are folded into one.

export const CSV_FILE_NAME = 'output.csv';

export interface CsvSeries {
  label: string;
  points: readonly { timestamp: number; value: number }[];
}

export interface CsvFormat {
  /** BCP 47 tag of the user's language, whose decimal separator the values use */
  locale: string;
  /** IANA zone of the datetime column */
  timeZone: string;
}

export function correlationCsv(series: readonly CsvSeries[], { locale, timeZone }: CsvFormat): string {
  // Each variable's value by timestamp; a later point at the same instant holds.
  const byTimestamp = series.map(
    ({ points }) => new Map(points.map(({ timestamp, value }) => [timestamp, value])),
  );
  const timestamps = [...new Set(series.flatMap(({ points }) => points.map(({ timestamp }) => timestamp)))]
    .filter((timestamp) => byTimestamp.every((values) => values.has(timestamp)))
    .sort((a, b) => a - b);
  const decimal = decimalSeparator(locale);
  const number = (value: number) => String(value).replace('.', decimal);
  const dateTime = dateTimeFormat(timeZone);
  const lines = [
    ['timestamp', 'datetime', ...series.map(({ label }) => quoted(label))],
    ...timestamps.map((timestamp) => [
      number(timestamp),
      dateTime(timestamp * 1000),
      ...byTimestamp.map((values) => number(values.get(timestamp) as number)),
    ]),
  ];
  return '\uFEFF' + lines.map((cells) => `${cells.join(';')}\r\n`).join('');
}

function decimalSeparator(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(0.5).find(({ type }) => type === 'decimal')?.value ?? '.'
  );
}

function dateTimeFormat(timeZone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    ...{ year: 'numeric', month: '2-digit', day: '2-digit' },
    ...{ hour: '2-digit', minute: '2-digit', second: '2-digit' },
  } as const);
  return (epochMs) => {
    const part = Object.fromEntries(format.formatToParts(epochMs).map(({ type, value }) => [type, value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

// A label holding the separator, a quote or a line break is quoted as RFC 4180 says.
function quoted(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
