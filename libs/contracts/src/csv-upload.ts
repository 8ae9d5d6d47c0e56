import { z } from 'zod';
import { booleanQuerySchema, timeZoneSchema } from './schema-parts';

// POST /api/web/csv-upload: the body is the CSV file itself (text/csv or application/octet-stream), or a
// multipart/form-data form whose first file part is it (curl -F, HTML forms); streamed either way. The
// choices travel in the query string.
export const CSV_UPLOAD_PATH = 'web/csv-upload';
export const CSV_UPLOAD_CONTENT_TYPES = ['text/csv', 'application/octet-stream'] as const;
export const CSV_UPLOAD_MULTIPART_TYPE = 'multipart/form-data';
// Files well beyond the spec's "hundreds of MB" still fit; nothing is held in memory whole.
export const CSV_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;
// The error report lists the first errors only; errorCount counts them all.
export const CSV_UPLOAD_MAX_LISTED_ERRORS = 1_000;

/** create: declare the variables the file names and the plant lacks; report: list them, skip their columns */
export const CSV_UNKNOWN_VARIABLE_MODES = ['create', 'report'] as const;
/** auto: detected from the data (the cells of the first rows); '.' or ',' force it */
export const CSV_DECIMAL_SEPARATORS = ['auto', '.', ','] as const;

export const csvUploadQuerySchema = z.object({
  unknownVariables: z
    .enum(CSV_UNKNOWN_VARIABLE_MODES, { message: 'must be "create" or "report"' })
    .default('report'),
  decimalSeparator: z.enum(CSV_DECIMAL_SEPARATORS, { message: 'must be "auto", "." or ","' }).default('auto'),
  /** the zone of times written without one (plant exports are in local time); default: the plant's zone */
  timeZone: timeZoneSchema.optional(),
  /** true: read the whole file and answer what would be stored, storing and declaring nothing */
  dryRun: booleanQuerySchema,
});
export type CsvUploadQuery = z.infer<typeof csvUploadQuerySchema>;
/** The query as the web sends it (dryRun as text). */
export type CsvUploadQueryDto = z.input<typeof csvUploadQuerySchema>;

/** The cell separators recognised, from the header line. */
export const CSV_FIELD_SEPARATORS = [',', ';', '\t'] as const;
export type CsvFieldSeparator = (typeof CSV_FIELD_SEPARATORS)[number];

/** How the time column's cells are written, detected from the first rows whatever the column's header. */
export const CSV_TIME_FORMATS = [
  /** epoch seconds, decimals allowed */
  'epoch-seconds',
  /** epoch milliseconds (from 1e11 up) */
  'epoch-milliseconds',
  /** 2026-01-31T08:00:00, 2026-01-31 08:00[:00[.000]], with or without a zone (Z, +01:00) */
  'iso',
  /** 31/01/2026 08:00[:00] (also with - or . between the date's parts): Europe, Excel */
  'day-first',
  /** 01/31/2026 08:00[:00] [AM|PM]: United States exports */
  'month-first',
] as const;
export type CsvTimeFormat = (typeof CSV_TIME_FORMATS)[number];

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
  /** a time not in the format detected for the column */
  'invalid-time',
  /** a local time that does not exist in the zone (skipped by a daylight-saving change) */
  'time-in-dst-gap',
  'time-before-1970',
  /** older than the raw data the plant keeps (RAW_RETENTION_DAYS when not 0): the writer would refuse it */
  'time-before-retention',
  'time-in-future',
  'invalid-number',
  /** NaN, Infinity or a number beyond the float range */
  'not-finite',
] as const;
export type CsvRowErrorReason = (typeof CSV_ROW_ERROR_REASONS)[number];

/** Warnings about the file as a whole; the web translates them by code. */
export const CSV_UPLOAD_WARNING_CODES = [
  /** every variable column is unknown and unknownVariables=report: nothing can be stored */
  'only-unknown-columns',
  /** no good point at all */
  'no-points',
  /** rows older than the raw retention were skipped: RAW_RETENTION_DAYS=0 keeps history forever */
  'rows-before-retention',
  /** the same time appears in more than one row: the later row's values were kept */
  'repeated-times',
  /** repeats are tracked over the first rows only (memory bound); later rows were not checked */
  'repeats-not-tracked',
  /** day-first and month-first both fit every date read: day-first was assumed */
  'ambiguous-day-month',
] as const;
export type CsvUploadWarningCode = (typeof CSV_UPLOAD_WARNING_CODES)[number];

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

/** What the upload read the file as: shown to the user before the real load. */
export const csvDetectedFormatDtoSchema = z.strictObject({
  fieldSeparator: z.enum(CSV_FIELD_SEPARATORS),
  decimalSeparator: z.enum(['.', ',']),
  /** 'data' when detected from the cells, 'option' when the query forced it */
  decimalSeparatorFrom: z.enum(['data', 'option']),
  /** 1-based column holding the times, and its header */
  timeColumn: z.number().int().positive(),
  timeHeader: z.string(),
  timeFormat: z.enum(CSV_TIME_FORMATS),
  /** IANA zone applied to times written without one (null when every time carries its zone or is epoch) */
  timeZone: z.string().nullable(),
});
export type CsvDetectedFormatDto = z.infer<typeof csvDetectedFormatDtoSchema>;

export const csvRowErrorDtoSchema = z.strictObject({
  /** 1-based line of the file (the header is line 1) */
  line: z.number().int().positive(),
  /** 1-based column, null when the error is about the whole row */
  column: z.number().int().positive().nullable(),
  /** header of that column */
  header: z.string().nullable(),
  reason: z.enum(CSV_ROW_ERROR_REASONS),
  /** the offending cell text (shortened), when there is one */
  value: z.string().nullable(),
});
export type CsvRowErrorDto = z.infer<typeof csvRowErrorDtoSchema>;

export const csvUploadWarningDtoSchema = z.strictObject({
  code: z.enum(CSV_UPLOAD_WARNING_CODES),
  /** the warning in English, with its figures */
  message: z.string(),
});
export type CsvUploadWarningDto = z.infer<typeof csvUploadWarningDtoSchema>;

const pointCountSchema = z.number().int().nonnegative();
/** epoch ms of a first or last good point, null without points */
const pointTimeSchema = z.number().nullable();

/** One variable column of the file. */
export const csvVariableColumnDtoSchema = z.strictObject({
  /** 1-based column */
  column: z.number().int().positive(),
  /** the header, trimmed: the client reference */
  clientReference: z.string(),
  /** null when the variable does not exist (yet) */
  variableId: z.number().int().positive().nullable(),
  /**
   * known: exists; created: declared by this upload (it had points); would-create: a dry run with
   * unknownVariables=create; unknown: skipped (unknownVariables=report)
   */
  status: z.enum(['known', 'created', 'would-create', 'unknown']),
  /** good points in the column (a dry run: that would be stored) */
  points: pointCountSchema,
  firstTs: pointTimeSchema,
  lastTs: pointTimeSchema,
});
export type CsvVariableColumnDto = z.infer<typeof csvVariableColumnDtoSchema>;

// POST /api/web/csv-upload
export const csvUploadResponseDtoSchema = z.strictObject({
  /** true: nothing was declared nor published */
  dryRun: z.boolean(),
  format: csvDetectedFormatDtoSchema,
  /** data rows read (blank lines are not rows) */
  rows: pointCountSchema,
  /** points handed to the `measurements` topic, the writer stores them right after; a dry run: 0 */
  pointsPublished: pointCountSchema,
  /** good points read: what is (or, in a dry run, would be) stored */
  points: pointCountSchema,
  /** epoch ms of the first and last good point of the file */
  firstTs: pointTimeSchema,
  lastTs: pointTimeSchema,
  columns: z.array(csvVariableColumnDtoSchema),
  /** client references declared by this upload (unknownVariables=create; only those with points) */
  variablesCreated: z.array(z.string()),
  /** client references the plant does not have, whose columns were skipped (unknownVariables=report) */
  unknownVariables: z.array(z.string()),
  /** points in rows whose time an earlier row already had; the later value is the one stored */
  repeatedPoints: pointCountSchema,
  warnings: z.array(csvUploadWarningDtoSchema),
  errors: z.array(csvRowErrorDtoSchema),
  errorCount: pointCountSchema,
  /** every error counted, by reason */
  errorsByReason: z.partialRecord(z.enum(CSV_ROW_ERROR_REASONS), pointCountSchema),
  /** true when errorCount exceeds the listed errors */
  truncated: z.boolean(),
});
export type CsvUploadResponseDto = z.infer<typeof csvUploadResponseDtoSchema>;
