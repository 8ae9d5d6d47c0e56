import { z } from 'zod';
import { positiveIdSchema, booleanQuerySchema } from './schema-parts';
import { TAG_NAME_MAX_LENGTH, TAG_PATH_MAX_DEPTH, TAG_PATH_SEPARATOR, tagRefDtoSchema } from './variable';

// Editing the tag tree and tagging variables (part 1 §2 "/tags-tree" and "/tags", §4, §5, §7).

export const MAX_TAG_TREE_NODES = 10_000;
export const MAX_TAGGED_VARIABLES = 10_000;
export const MAX_ASSIGNED_TAGS = 100;

export const TagMessages = {
  nameNotEmpty: 'must not be empty',
  nameTooLong: `must be at most ${TAG_NAME_MAX_LENGTH} characters`,
  nameCharacters: `must not contain "," or "${TAG_PATH_SEPARATOR}"`,
  tooDeep: `the tree must be at most ${TAG_PATH_MAX_DEPTH} levels deep`,
  tooManyNodes: `the tree must hold at most ${MAX_TAG_TREE_NODES} tags`,
  repeatedId: 'a tag may appear only once in the tree',
  repeatedSibling: 'two tags under one parent must not have the same name',
  systemTagLocked: 'system tags are locked: their name and place cannot change',
  systemTagParent: 'a system tag cannot have children',
  systemTagDelete: 'system tags cannot be deleted',
  systemTagAssign: 'system tags cannot be added to or removed from variables',
  idRequired: 'every tag to delete must come with its id',
  treeChanged: 'The tag tree has changed since it was loaded: reload it',
  tagsBecomeCategories:
    'Tags in use would get children: they become categories and are removed from their variables',
  tagsInUse: 'Variables are tagged with these tags or with tags under them',
  unknownVariables: 'unknown variables',
  unknownTags: 'unknown tags',
} as const;

// A tag's name: trimmed, not empty, without the separators of tag lists (",", part 1 §5) and tag paths ("/").
export const tagNameSchema = z
  .string({ message: 'must be a tag name' })
  .trim()
  .min(1, TagMessages.nameNotEmpty)
  .max(TAG_NAME_MAX_LENGTH, TagMessages.nameTooLong)
  .refine((name) => !name.includes(',') && !name.includes(TAG_PATH_SEPARATOR), TagMessages.nameCharacters);

/** A node of PUT /api/web/tag/: `id` names an existing tag, a node without one is a new tag. */
export interface TagTreeNodeInput {
  id?: number;
  name: string;
  children: TagTreeNodeInput[];
}

const tagTreeNodeSchema: z.ZodType<TagTreeNodeInput, unknown> = z.object({
  id: z.number({ message: 'must be a tag id' }).int('must be a tag id').optional(),
  name: tagNameSchema,
  get children() {
    return z.array(tagTreeNodeSchema, { message: 'must be a list of tags' }).default([]);
  },
});

// Nesting and size are checked on the raw JSON first, without recursion, so a deep body is a 400 and not
// a stack overflow of the recursive schema.
function treeShape(nodes: unknown[]): { depth: number; count: number } {
  let depth = 0;
  let count = 0;
  const pending: [unknown, number][] = nodes.map((node) => [node, 1]);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, level] = next;
    count += 1;
    depth = Math.max(depth, level);
    if (depth > TAG_PATH_MAX_DEPTH || count > MAX_TAG_TREE_NODES) break;
    const children = (node as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) for (const child of children) pending.push([child, level + 1]);
  }
  return { depth, count };
}

// Body of PUT /api/web/tag/ (the whole tree) and DELETE /api/web/tag/ (the nodes to delete).
export const tagTreeBodySchema = z
  .array(z.unknown(), { message: 'must be a list of tag nodes {id, name, children}' })
  .superRefine((nodes, ctx) => {
    const { depth, count } = treeShape(nodes);
    if (depth > TAG_PATH_MAX_DEPTH) ctx.addIssue({ code: 'custom', message: TagMessages.tooDeep });
    if (count > MAX_TAG_TREE_NODES) ctx.addIssue({ code: 'custom', message: TagMessages.tooManyNodes });
  })
  .pipe(z.array(tagTreeNodeSchema));
export type TagTreeBody = TagTreeNodeInput[];

// Query of PUT and DELETE /api/web/tag/: without `confirm=true` a change that removes tags from variables
// answers 409 with the affected tags (TagConfirmationDto); the web asks the user and repeats the call
// with confirm=true.
export const tagChangeQuerySchema = z.object({
  confirm: booleanQuerySchema,
});
export type TagChangeQuery = z.infer<typeof tagChangeQuerySchema>;

const uniqueIds = <T extends z.ZodType<number>>(id: T, max: number, what: string) =>
  z
    .array(id, { message: `must be a list of ${what} ids` })
    .min(1, `must list at least one ${what}`)
    .max(max, `must list at most ${max} ${what}s`)
    .transform((ids) => [...new Set(ids)]);

// Body of PUT /api/web/tag/add/ and /api/web/tag/remove/: every tag to every variable.
export const tagAssignmentSchema = z.object({
  variableIds: uniqueIds(positiveIdSchema, MAX_TAGGED_VARIABLES, 'variable'),
  tagIds: uniqueIds(
    z.number({ message: 'must be a tag id' }).int('must be a tag id'),
    MAX_ASSIGNED_TAGS,
    'tag',
  ),
});
export type TagAssignment = z.infer<typeof tagAssignmentSchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

export const tagUsageDtoSchema = tagRefDtoSchema.extend({
  /** variables tagged with this tag (for a deletion: with it or a tag under it) */
  variableCount: z.number().int().nonnegative(),
});
export type TagUsageDto = z.infer<typeof tagUsageDtoSchema>;

// 409 of PUT and DELETE /api/web/tag/ without confirm=true (see tagChangeQuerySchema).
export const tagConfirmationDtoSchema = z.strictObject({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  message: z.string(),
  reason: z.enum(['tags-become-categories', 'tags-in-use']),
  tags: z.array(tagUsageDtoSchema),
});
export type TagConfirmationDto = z.infer<typeof tagConfirmationDtoSchema>;

// 409 of a PUT built on a tree that has changed since (a tag added or deleted elsewhere).
export const tagTreeChangedDtoSchema = z.strictObject({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  message: z.literal(TagMessages.treeChanged),
  reason: z.literal('tree-changed'),
  /** tags that exist but are missing from the tree sent */
  missing: z.array(tagRefDtoSchema),
  /** ids in the tree sent that name no tag */
  unknownIds: z.array(z.number().int()),
});
export type TagTreeChangedDto = z.infer<typeof tagTreeChangedDtoSchema>;

// PUT /api/web/tag/add/ and /api/web/tag/remove/
export const tagAssignmentResultDtoSchema = z.strictObject({
  /** links between a variable and a tag created (add) or removed (remove); 0 when nothing changed */
  changed: z.number().int().nonnegative(),
});
export type TagAssignmentResultDto = z.infer<typeof tagAssignmentResultDtoSchema>;
