import { z } from 'zod';
import { commaListSchema, pathIdSchema, positiveIdSchema, tagNamesSchema } from './schema-parts';
import { permissionTypeSchema, targetTypeSchema } from './permission';

// Saved queries (spec part 1 §2 "Query screens", §3 "Query", §7): explorer views stored by name and
// shared through per-object permissions of type `query`.

// The explorer charts a query can store, as the `filter` values of /query/list (spec part 2 §2).
export const QUERY_EXPLORER_FILTERS = [
  'explorer-evolution',
  'explorer-correlation',
  'explorer-multiple-correlation',
] as const;
export type QueryExplorerFilter = (typeof QUERY_EXPLORER_FILTERS)[number];

// Parameters the query list appends when it opens a query: they say how the view was reached, not what
// it shows, so a saved path never keeps them (opening a query twice must not stack them).
export const QUERY_NAVIGATION_PARAMS = ['origin', 'queryName', 'filter'] as const;

export const QUERY_NAME_MAX_LENGTH = 200;
export const QUERY_PATH_MAX_LENGTH = 4096;

export const QueryMessages = {
  nameRequired: 'You should enter a query name',
  nameTooLong: `must be at most ${QUERY_NAME_MAX_LENGTH} characters`,
  pathInvalid:
    'must be the address of an explorer chart (/explorer-evolution, /explorer-correlation or /explorer-multiple-correlation) with its query string',
  notFound: 'Query not found',
  editForbidden: 'You may not edit this query',
  deleteForbidden: 'Only the owner of the query or an administrator may delete it',
  starOwnerOnly: 'Only the owner of the query may change its star',
} as const;

// Printable ASCII without space and '#': what a browser puts in an address bar's query string.
const QUERY_STRING_PATTERN = /^[\x21-\x22\x24-\x7e]*$/;

/**
 * The stored form of an explorer address: `/explorer-…?<query>` with the navigation parameters
 * removed and the rest kept byte for byte (so reopening gives the very same address); undefined
 * for anything else (other pages, absolute or protocol-relative URLs, fragments, an empty query).
 */
export function normalizeQueryPath(path: string): string | undefined {
  if (path.length > QUERY_PATH_MAX_LENGTH) return undefined;
  const separator = path.indexOf('?');
  if (separator < 0) return undefined;
  const pathname = path.slice(0, separator);
  if (!QUERY_EXPLORER_FILTERS.some((filter) => pathname === `/${filter}`)) return undefined;
  if (!QUERY_STRING_PATTERN.test(path.slice(separator + 1))) return undefined;
  const kept = withoutSearchParams(path, QUERY_NAVIGATION_PARAMS);
  return kept.includes('?') ? kept : undefined;
}

/** The address without the named query parameters, everything else untouched (no re-encoding). */
export function withoutSearchParams(path: string, names: readonly string[]): string {
  const separator = path.indexOf('?');
  if (separator < 0) return path;
  const kept = path
    .slice(separator + 1)
    .split('&')
    .filter((pair) => pair !== '' && !names.includes(decodeKey(pair.split('=', 1)[0])));
  return kept.length > 0 ? `${path.slice(0, separator)}?${kept.join('&')}` : path.slice(0, separator);
}

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}

/** The explorer chart a stored path opens (the `filter` value it matches). */
export function queryPathFilter(relativePath: string): QueryExplorerFilter | undefined {
  const pathname = relativePath.split('?', 1)[0];
  return QUERY_EXPLORER_FILTERS.find((filter) => pathname === `/${filter}`);
}

const queryName = z
  .string({ message: QueryMessages.nameRequired })
  .trim()
  .min(1, QueryMessages.nameRequired)
  .max(QUERY_NAME_MAX_LENGTH, QueryMessages.nameTooLong);

const relativePath = z.string({ message: QueryMessages.pathInvalid }).transform((path, context) => {
  const normalized = normalizeQueryPath(path);
  if (normalized === undefined) {
    context.addIssue({ code: 'custom', message: QueryMessages.pathInvalid });
    return z.NEVER;
  }
  return normalized;
});

const tags = tagNamesSchema;

// POST /api/web/query/ — the explorer sends name, relativePath and star (false on creation).
export const queryCreateSchema = z.object({
  name: queryName,
  relativePath,
  star: z.boolean({ message: 'must be true or false' }).default(false),
  tags: tags.default([]),
});
export type QueryCreateDto = z.input<typeof queryCreateSchema>;
export type QueryCreate = z.infer<typeof queryCreateSchema>;

// PUT /api/web/query/ — the query as listed; fields left out (relativePath, tags) keep their value and
// the row flags (owner, mine, canEdit…) are ignored.
export const queryUpdateSchema = z.object({
  id: positiveIdSchema,
  name: queryName,
  star: z.boolean({ message: 'must be true or false' }),
  relativePath: relativePath.optional(),
  tags: tags.optional(),
});
export type QueryUpdateDto = z.input<typeof queryUpdateSchema>;
export type QueryUpdate = z.infer<typeof queryUpdateSchema>;

// GET /api/web/query/?tags=a,b — queries carrying any of the tags.
export const queryListQuerySchema = z.object({ tags: commaListSchema });
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;

// DELETE /api/web/query/?id=
export const queryIdQuerySchema = z.object({ id: pathIdSchema });

// /api/web/query/{id}/permissions/users|groups
export const queryIdParamsSchema = z.object({ id: pathIdSchema });

// PUT/DELETE /api/web/query/{id}/permission/{permissionType}/{userOrGroup}/{targetId}
export const queryPermissionChangeParamsSchema = z.object({
  id: pathIdSchema,
  permissionType: permissionTypeSchema,
  userOrGroup: targetTypeSchema,
  targetId: pathIdSchema,
});
export type QueryPermissionChangeParams = z.infer<typeof queryPermissionChangeParamsSchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

// Spec part 1 §3 "Query": one row of the list, with what the caller may do with it.
export const queryDtoSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  /** the owner's user label (e-mail with directory sign-in), null if the owner no longer exists */
  owner: z.string().nullable(),
  /** a favourite: listed first; only the owner changes it */
  star: z.boolean(),
  /** the caller owns the query */
  mine: z.boolean(),
  /** position in the list: favourites first, then by name */
  order: z.number().int().nonnegative(),
  /** /explorer-…?… without navigation parameters */
  relativePath: z.string(),
  tags: z.array(z.string()),
  canShare: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type QueryDto = z.infer<typeof queryDtoSchema>;
