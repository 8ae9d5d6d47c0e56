import { z } from 'zod';

// POST /api/web/csv-upload: the body is the CSV file itself (text/csv or application/octet-stream),
// streamed; the choices travel in the query string.
export const CSV_UPLOAD_PATH = 'web/csv-upload';
export const CSV_UPLOAD_CONTENT_TYPES = ['text/csv', 'application/octet-stream'] as const;
// Files well beyond the spec's "hundreds of MB" still fit; nothing is held in memory whole.
export const CSV_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;
// The error report lists the first errors only; errorCount counts them all.
export const CSV_UPLOAD_MAX_LISTED_ERRORS = 1_000;

/** create: declare the variables the file names and the plant lacks; report: list them, skip their columns */
export const CSV_UNKNOWN_VARIABLE_MODES = ['create', 'report'] as const;
/** auto: a decimal comma when the file's separator is ";", else a decimal point */
export const CSV_DECIMAL_SEPARATORS = ['auto', '.', ','] as const;

export const csvUploadQuerySchema = z.object({
  unknownVariables: z
    .enum(CSV_UNKNOWN_VARIABLE_MODES, { message: 'must be "create" or "report"' })
    .default('report'),
  decimalSeparator: z.enum(CSV_DECIMAL_SEPARATORS, { message: 'must be "auto", "." or ","' }).default('auto'),
});
export type CsvUploadQuery = z.infer<typeof csvUploadQuerySchema>;

export const CSV_ROW_ERROR_REASONS = [
  /** the header names no variable: empty, or characters a client reference may not hold */
  'invalid-reference',
  /** the header names the same variable twice: the later column is skipped */
  'duplicate-column',
  /** the row has more or fewer cells than the header */
  'column-count',
  /** a quoted cell whose closing quote is missing */
  'unterminated-quote',
  /** a line longer than the limit (a file that is not line-based CSV) */
  'line-too-long',
  'invalid-time',
  'time-before-1970',
  /** older than the raw data the plant keeps (RAW_RETENTION_DAYS): the writer would refuse it */
  'time-before-retention',
  'time-in-future',
  'invalid-number',
  /** NaN, Infinity or a number beyond the float range */
  'not-finite',
] as const;
export type CsvRowErrorReason = (typeof CSV_ROW_ERROR_REASONS)[number];

export interface CsvRowErrorDto {
  /** 1-based line of the file (the header is line 1) */
  line: number;
  /** 1-based column, null when the error is about the whole row */
  column: number | null;
  /** header of that column */
  header: string | null;
  reason: CsvRowErrorReason;
  /** the offending cell text (shortened), when there is one */
  value: string | null;
}

export interface CsvUploadResponseDto {
  /** data rows read (blank lines are not rows) */
  rows: number;
  /** points handed to the `measurements` topic; the writer stores them right after */
  pointsPublished: number;
  /** client references declared by this upload (unknownVariables=create) */
  variablesCreated: string[];
  /** client references the plant does not have, whose columns were skipped (unknownVariables=report) */
  unknownVariables: string[];
  errors: CsvRowErrorDto[];
  errorCount: number;
  /** true when errorCount exceeds the listed errors */
  truncated: boolean;
}
