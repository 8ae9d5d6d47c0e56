import { z } from 'zod';

// The parts every request schema is built from (README: "Request schemas"): ids within PostgreSQL's integer,
// numbers in query strings as plain decimals, dates in range, texts without NUL, names without control characters.

const ID_MESSAGE = 'must be a positive integer id';

/** PostgreSQL `integer` (int4), the type of every id column: a number beyond it cannot name a row. */
export const PG_INTEGER_MIN = -2_147_483_648;
export const PG_INTEGER_MAX = 2_147_483_647;
/** 9999-12-31T23:59:59.999Z: the last instant a Date, PostgreSQL and ISO text all write with four-digit years. */
export const EPOCH_MS_MAX = 253_402_300_799_999;

const BEYOND_INTEGER = `must be at most ${PG_INTEGER_MAX}`;
export const NUL_MESSAGE = 'must not contain NUL characters';
const CONTROL_MESSAGE = 'must not contain control characters';
const EPOCH_MS_MESSAGE = 'must be a date in epoch milliseconds';
// Plain decimal digits, optionally negative: no blanks, '+', hex/octal/binary prefixes, exponents or Infinity.
// Sixteen digits at most, so the text always reads exactly as a safe integer.
const DECIMAL_INTEGER_TEXT = /^-?\d{1,16}$/;

/** Any text without NUL (U+0000), which PostgreSQL text cannot hold; chain .trim(), .max() as usual. */
export function textSchema(params?: { message: string }) {
  // A pattern rather than a refinement, so the OpenAPI document shows it.
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  return z.string(params).regex(/^[^\u0000]*$/u, NUL_MESSAGE);
}

/** A name or a label: any Unicode text except control characters (NUL, tabs, line breaks, DEL, C1). */
export function nameSchema(params?: { message: string }) {
  // Explicit ranges, not \p{Cc}: the pattern is in the OpenAPI document, and fuzzers' regex engines lack classes.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return z.string(params).regex(/^[^\u0000-\u001f\u007f-\u009f]*$/u, CONTROL_MESSAGE);
}

/** "a, b,,c " → ["a", "b", "c"]: trimmed items, empty ones dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** An optional comma-joined query parameter (tags, names) as its items; absent means none. */
export const commaListSchema = textSchema()
  .optional()
  .transform((text) => splitCommaList(text ?? ''));

/** Tag names on a rule or a query: trimmed, at most 50, each once. */
export const tagNamesSchema = z
  .array(nameSchema().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'), {
    message: 'must be a list of tag names',
  })
  .max(50, 'must list at most 50 tags')
  .transform((names) => [...new Set(names)]);

/**
 * An integer written as plain decimal text in a path or a query string, within [min, max]; `message` names
 * the expected value and is the answer to anything else (empty, 0x1A, 1e3, 1.5, Infinity…).
 */
export function queryIntegerSchema(message: string, min: number, max: number) {
  return (
    z
      .string({ message })
      // Aborting, so a refinement of the whole query (startDate < endDate) never sees the text.
      .regex(DECIMAL_INTEGER_TEXT, { message, abort: true })
      .transform(Number)
      .pipe(
        z
          .number()
          .int(message)
          .min(min, message)
          .max(max, max === PG_INTEGER_MAX ? BEYOND_INTEGER : message),
      )
  );
}

/** An integer in a JSON body that fits the int4 column it is stored in. */
export function integerSchema(message: string, min: number = PG_INTEGER_MIN, max: number = PG_INTEGER_MAX) {
  return z
    .number({ message })
    .int(message)
    .min(min, message)
    .max(max, max === PG_INTEGER_MAX ? BEYOND_INTEGER : message);
}

/** A positive integer id in a JSON body. */
export const positiveIdSchema = integerSchema(ID_MESSAGE, 1);

/** A positive integer id in a path or query string. */
export const pathIdSchema = queryIntegerSchema(ID_MESSAGE, 1, PG_INTEGER_MAX);

/** A tag id in a JSON body; negative ids are the locked system tags. */
export const tagIdSchema = integerSchema('must be a tag id');

/** An instant in epoch milliseconds in a JSON body, from 1970 to the year 9999. */
export const epochMsSchema = integerSchema(EPOCH_MS_MESSAGE, 0, EPOCH_MS_MAX);

/** An instant in epoch milliseconds in a query string, from 1970 to the year 9999. */
export const epochMsQuerySchema = queryIntegerSchema(EPOCH_MS_MESSAGE, 0, EPOCH_MS_MAX);

/**
 * Comma-joined integer ids in a query string ("3, 1,3" → [3, 1]), each within [min, PG_INTEGER_MAX];
 * empty items are skipped, each id is kept once in order. `missing` answers an absent parameter.
 */
export function queryIdListSchema(message: string, { min = 1, missing = message } = {}) {
  return z.string({ message: missing }).transform((text, context) => {
    const parts = splitCommaList(text);
    if (parts.some((part) => !DECIMAL_INTEGER_TEXT.test(part))) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const ids = parts.map(Number);
    if (ids.some((id) => id < min)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (ids.some((id) => id < PG_INTEGER_MIN || id > PG_INTEGER_MAX)) {
      context.addIssue({ code: 'custom', message: `${message}, each at most ${PG_INTEGER_MAX}` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });
}

/** A required text, trimmed: `missing` when absent or blank, a length message past `max` characters. */
export function requiredTextSchema(missing: string, max: number) {
  return nameSchema({ message: missing })
    .trim()
    .min(1, missing)
    .max(max, `must be at most ${max} characters`);
}

/** An optional true/false query parameter; absent means false. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true');

/** An IANA time zone name the runtime knows (Europe/Madrid, UTC…). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Madrid or UTC' });
