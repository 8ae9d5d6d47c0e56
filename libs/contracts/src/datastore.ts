import { z } from 'zod';

// The cache back office (spec part 1 §2 "Cache management", §3 "Cache element", §7 "Cache"): the entries of
// the variables service's read cache (docs/read-cache.md), listed and deleted by the super admin.

/** Characters of an entry's value the list shows; the whole value can be megabytes of points. */
export const DATASTORE_VALUE_PREVIEW_CHARS = 300;
/** Most entries one list answer holds, newest first (READ_CACHE_MAX_ENTRIES keeps the cache below it by default). */
export const DATASTORE_MAX_LISTED = 1_000;
/** Most ids one delete names. */
export const DATASTORE_MAX_DELETED = 1_000;

const IDS_MESSAGE = 'must be a comma-separated list of positive integer ids';

// DELETE /api/web/datastore?ids=1,2,3 — ids no longer in the cache (evicted or invalidated meanwhile) are
// ignored: what the caller wanted, their absence, holds.
export const datastoreDeleteQuerySchema = z.object({
  ids: z.string({ message: `is required (${IDS_MESSAGE})` }).transform((text, context) => {
    const parts = text.split(',').map((part) => part.trim());
    const ids = parts.map(Number);
    if (parts.some((part) => !/^\d+$/.test(part)) || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      context.addIssue({ code: 'custom', message: IDS_MESSAGE });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length > DATASTORE_MAX_DELETED) {
      context.addIssue({ code: 'custom', message: `must list at most ${DATASTORE_MAX_DELETED} ids` });
      return z.NEVER;
    }
    return unique;
  }),
});
export type DatastoreDeleteQuery = z.infer<typeof datastoreDeleteQuerySchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

/** Spec part 1 §3 "Cache element" (id, key, value, date), with what the back office also shows. */
export const datastoreEntryDtoSchema = z.strictObject({
  id: z.number().int().positive(),
  /** the call and its parameters, e.g. `timeline-data?variableIds=3,1&startDate=…&endDate=…&width=2000` */
  key: z.string(),
  /** the beginning of the stored JSON value (DATASTORE_VALUE_PREVIEW_CHARS characters at most) */
  value: z.string(),
  /** true when `value` is only the beginning of the stored value */
  abridged: z.boolean(),
  /** when the entry was computed and stored, ISO 8601 in UTC */
  date: z.iso.datetime(),
  /** bytes of the stored value */
  sizeBytes: z.number().int().nonnegative(),
  /** answers served from the entry since it was stored */
  hits: z.number().int().nonnegative(),
});
export type DatastoreEntryDto = z.infer<typeof datastoreEntryDtoSchema>;

// DELETE /api/web/datastore?ids=
export const datastoreDeleteResponseDtoSchema = z.strictObject({
  /** entries deleted: the named ids still in the cache */
  deleted: z.number().int().nonnegative(),
});
export type DatastoreDeleteResponseDto = z.infer<typeof datastoreDeleteResponseDtoSchema>;
