import { z } from 'zod';

// Pieces the request schemas of several calls share (internal to contracts).

const ID_MESSAGE = 'must be a positive integer id';

/** "a, b,,c " → ["a", "b", "c"]: trimmed items, empty ones dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** An optional comma-joined query parameter (tags, names) as its items; absent means none. */
export const commaListSchema = z
  .string()
  .optional()
  .transform((text) => splitCommaList(text ?? ''));

/** Tag names on a rule or a query: trimmed, at most 50, each once. */
export const tagNamesSchema = z
  .array(z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'), {
    message: 'must be a list of tag names',
  })
  .max(50, 'must list at most 50 tags')
  .transform((names) => [...new Set(names)]);

/** A positive integer id in a JSON body. */
export const positiveIdSchema = z.number({ message: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE);

/** A positive integer id in a path or query string (text, coerced). */
export const pathIdSchema = z.coerce.number({ message: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE);

/** A required text, trimmed: `missing` when absent or blank, a length message past `max` characters. */
export function requiredTextSchema(missing: string, max: number) {
  return z.string({ message: missing }).trim().min(1, missing).max(max, `must be at most ${max} characters`);
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
