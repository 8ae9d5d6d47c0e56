import { z } from 'zod';
import { idList, variableLabelDtoSchema } from './explorer';
import {
  integerSchema,
  nameSchema,
  pathIdSchema,
  PG_INTEGER_MAX,
  PG_INTEGER_MIN,
  positiveIdSchema,
  queryIdListSchema,
  queryIntegerSchema,
  requiredTextSchema,
  tagIdSchema,
  textSchema,
} from './schema-parts';

// A plant's own name of a measured variable, kept as written: historians and SCADA exports name columns
// like "Volume Flow RateRMS" or "TI-101 [°C]". Any printable character; no control characters, and no
// blank at either end (sources trim what they read).
export const CLIENT_REFERENCE_MAX_LENGTH = 200;
export const clientReferenceSchema = z
  .string()
  .min(1, 'client reference must not be empty')
  .max(
    CLIENT_REFERENCE_MAX_LENGTH,
    `client reference must be at most ${CLIENT_REFERENCE_MAX_LENGTH} characters`,
  )
  // Control characters (Cc, as ranges the OpenAPI document's readers understand) and line separators; the
  // format characters (Cf: soft hyphens, zero-width and direction marks) by a refinement.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/u, 'client reference must not hold control characters')
  .refine((reference) => !/\p{Cf}/u.test(reference), {
    message: 'client reference must not hold control characters',
  })
  .refine((reference) => reference.trim() === reference, {
    message: 'client reference must not begin or end with a blank',
  });

export const TAG_PATH_SEPARATOR = '/';
export const TAG_NAME_MAX_LENGTH = 100;
export const TAG_PATH_MAX_DEPTH = 10;

/** The tag names of a tag path, root first: "Area / Coker unit" → ["Area", "Coker unit"]. */
export function tagPathSegments(path: string): string[] {
  return path.split(TAG_PATH_SEPARATOR).map((segment) => segment.trim());
}

// A tag named by its path from the root of the tag tree, e.g. "Area/Delayed coker unit/Coke drum A".
// Commas are refused because tag lists are typed comma-separated (part 1 §5).
export const tagPathSchema = nameSchema()
  .refine((path) => tagPathSegments(path).every((name) => name.length > 0), {
    message: `must be tag names separated by "${TAG_PATH_SEPARATOR}", none of them empty`,
  })
  .refine((path) => tagPathSegments(path).every((name) => name.length <= TAG_NAME_MAX_LENGTH), {
    message: `tag names must be at most ${TAG_NAME_MAX_LENGTH} characters`,
  })
  .refine((path) => !path.includes(','), { message: 'tag names must not contain ","' })
  .refine((path) => tagPathSegments(path).length <= TAG_PATH_MAX_DEPTH, {
    message: `must be at most ${TAG_PATH_MAX_DEPTH} levels deep`,
  });

// A measured variable declared by a data source (simulator, uploader, connector) by its client reference.
// `tags` are tag paths; missing tags are created, and declaring again adds tags but never removes any.
export const rawVariableDeclarationSchema = z.object({
  clientReference: clientReferenceSchema,
  name: nameSchema().min(1).max(200),
  unit: nameSchema().max(50).nullable(),
  tags: z.array(tagPathSchema).max(50).optional(),
});
export type RawVariableDeclaration = z.infer<typeof rawVariableDeclarationSchema>;

export const rawVariableDeclareDtoSchema = z.object({
  variables: z.array(rawVariableDeclarationSchema).min(1).max(10_000),
  // false: only look the references up; the answer leaves out those that do not exist.
  createMissing: z.boolean().default(true),
});
export type RawVariableDeclareDto = z.infer<typeof rawVariableDeclareDtoSchema>;

// Part 1 §9: the variable picker shows at most 30 variables ("and X more" beyond); tables show 10 rows.
export const VARIABLE_SEARCH_LIMIT = 30;
export const VARIABLE_PAGE_SIZE = 10;
export const MAX_MINIMAL_VARIABLE_IDS = 1000;

// Comma-joined tag ids (query parameter `tags`); negative ids are the locked system tags (part 2 §3).
export const tagIdListSchema = queryIdListSchema('must be a comma-separated list of integer tag ids', {
  min: PG_INTEGER_MIN,
}).default([]);
export const requiredTagIdListSchema = tagIdListSchema.refine((ids) => ids.length > 0, {
  message: 'must list at least one tag id',
});

const textFilterSchema = textSchema().trim().max(200, 'must be at most 200 characters').default('');

// GET /api/web/variable/minimal
export const variableMinimalQuerySchema = z.object({
  ids: idList.refine((ids) => ids.length <= MAX_MINIMAL_VARIABLE_IDS, {
    message: `must list at most ${MAX_MINIMAL_VARIABLE_IDS} variables`,
  }),
});
export type VariableMinimalQuery = z.infer<typeof variableMinimalQuerySchema>;

// GET /api/web/variable/minimal/search: `text` is matched anywhere in the reference, name or unit.
export const variableSearchQuerySchema = z.object({
  text: textFilterSchema,
  tags: tagIdListSchema,
});
export type VariableSearchQuery = z.infer<typeof variableSearchQuerySchema>;

// GET /api/web/variable/minimal/tagged
export const variableTaggedQuerySchema = z.object({
  tags: requiredTagIdListSchema,
  filter: textFilterSchema,
});
export type VariableTaggedQuery = z.infer<typeof variableTaggedQuerySchema>;

// GET /api/web/variable/minimal/tagged/exists
export const variableTaggedExistsQuerySchema = z.object({ tags: requiredTagIdListSchema });
export type VariableTaggedExistsQuery = z.infer<typeof variableTaggedExistsQuerySchema>;

export const VARIABLE_ORDER_FIELDS = ['clientReference', 'name', 'unit'] as const;
export type VariableOrderField = (typeof VARIABLE_ORDER_FIELDS)[number];

// Which variables a table lists: measured (raw), calculated (aggregate) or both.
export const VARIABLE_ORIGINS = ['all', 'raw', 'aggregate'] as const;
export type VariableOrigin = (typeof VARIABLE_ORIGINS)[number];

// GET /api/web/variable/page: pages count from 1; `filter` is matched in reference, name and unit;
// `origin` keeps raw or aggregate variables only (the raw variable list asks for raw).
export const variablePageQuerySchema = z.object({
  page: queryIntegerSchema('must be a page number (1, 2, …)', 1, PG_INTEGER_MAX).default(1),
  filter: textFilterSchema,
  orderField: z
    .enum(VARIABLE_ORDER_FIELDS, { message: `must be one of ${VARIABLE_ORDER_FIELDS.join(', ')}` })
    .default('clientReference'),
  order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('asc'),
  tags: tagIdListSchema,
  origin: z
    .enum(VARIABLE_ORIGINS, { message: `must be one of ${VARIABLE_ORIGINS.join(', ')}` })
    .default('all'),
});
export type VariablePageQuery = z.infer<typeof variablePageQuerySchema>;

export const RawVariableMessages = {
  nameRequired: 'The variable needs a name',
  notFound: 'Raw variable not found',
  // The three below are issues of the named field (clientReference, categoryId, tags) in a 400.
  clientReferenceLocked: 'cannot be changed: data sources key their points on it',
  categoryNotFound: 'names no categorical group',
  tagsNotFound: 'unknown tag ids',
  systemTagsLocked: 'system tags (negative ids) are set by the platform and cannot be added',
} as const;

// GET /api/web/raw-variables/?id=
export const rawVariableQuerySchema = z.object({ id: pathIdSchema });

/**
 * What an editor may change on any variable, raw or aggregate, besides its name: the unit, the categorical
 * group and the tags (as read, {id, name}, or as bare ids; each once).
 */
export const variableCatalogueFields = {
  unit: nameSchema({ message: 'must be a text or null' })
    .trim()
    .max(50, 'must be at most 50 characters')
    .nullable()
    .default(null)
    .transform((unit) => (unit === '' ? null : unit)),
  categoryId: integerSchema('must be a categorical group id or null', 1).nullable().default(null),
  tags: z
    .array(
      z.union([tagIdSchema, z.object({ id: tagIdSchema }).transform((tag) => tag.id)], {
        message: 'must be a tag id or a tag ({id, name})',
      }),
      {
        message: 'must be a list of tags ({id, name}) or tag ids',
      },
    )
    .max(200, 'must list at most 200 tags')
    .default([])
    .transform((ids) => [...new Set(ids)]),
};

// PUT /api/web/raw-variables/ — the raw variable as read.
// `clientReference` may be sent back unchanged (or left out); any other value is refused.
export const rawVariableUpdateSchema = z.object({
  id: positiveIdSchema,
  name: requiredTextSchema(RawVariableMessages.nameRequired, 200),
  clientReference: textSchema({ message: RawVariableMessages.clientReferenceLocked }).optional(),
  ...variableCatalogueFields,
});
export type RawVariableUpdateDto = z.input<typeof rawVariableUpdateSchema>;
export type RawVariableUpdate = z.infer<typeof rawVariableUpdateSchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

const variableIdDtoSchema = z.number().int().positive();
const categoryIdDtoSchema = z.number().int().positive().nullable();

// Spec part 2 §3 "Variable (minimal)". `totalRows`: the picker search's count of all matches ("and X more").
export const variableMinimalDtoSchema = variableLabelDtoSchema.extend({
  categoryId: categoryIdDtoSchema,
  clientReference: z.string(),
  sampled: z.boolean().optional(),
  totalRows: z.number().int().nonnegative().optional(),
});
export type VariableMinimalDto = z.infer<typeof variableMinimalDtoSchema>;

// POST /api/web/variable/raw/declare
export const rawVariableDeclareResponseDtoSchema = z.strictObject({
  variables: z.array(z.strictObject({ id: variableIdDtoSchema, clientReference: z.string() })),
});
export type RawVariableDeclareResponseDto = z.infer<typeof rawVariableDeclareResponseDtoSchema>;

/** A tag as variables carry it; a negative id is a locked system tag. */
export const tagRefDtoSchema = z.strictObject({ id: z.number().int(), name: z.string() });
export type TagRefDto = z.infer<typeof tagRefDtoSchema>;

// GET /api/web/tag/tree (part 1 §3 "Tag tree node"): the roots, each with its descendants, siblings by
// name.
export const tagTreeNodeDtoSchema = tagRefDtoSchema.extend({
  get children(): z.ZodArray<typeof tagTreeNodeDtoSchema> {
    return z.array(tagTreeNodeDtoSchema);
  },
});
export type TagTreeNodeDto = z.infer<typeof tagTreeNodeDtoSchema>;

// Part 1 §3 "Variable list row".
export const variableListRowDtoSchema = z.strictObject({
  id: variableIdDtoSchema,
  clientReference: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  tags: z.array(tagRefDtoSchema),
  aggregate: z.boolean(),
  categorized: z.boolean(),
  categoryId: categoryIdDtoSchema,
});
export type VariableListRowDto = z.infer<typeof variableListRowDtoSchema>;

// GET /api/web/variable/page
export const variablePageDtoSchema = z.strictObject({
  variables: z.array(variableListRowDtoSchema),
  totalPages: z.number().int().nonnegative(),
  /** 1-based, as requested */
  currentPage: z.number().int().positive(),
  /** variables matching the filter and tags, over all pages */
  count: z.number().int().nonnegative(),
});
export type VariablePageDto = z.infer<typeof variablePageDtoSchema>;

// Raw variables (spec part 1 §2 "/raw-variable", §3 "Raw variable", §5, §7): a measured variable as its
// editor sees it. The client reference is never editable: data sources key their points on it.
export const rawVariableDtoSchema = z.strictObject({
  id: variableIdDtoSchema,
  name: z.string(),
  unit: z.string().nullable(),
  clientReference: z.string(),
  tags: z.array(tagRefDtoSchema),
  /** the categorical group the variable belongs to, or null */
  categoryId: categoryIdDtoSchema,
});
export type RawVariableDto = z.infer<typeof rawVariableDtoSchema>;
