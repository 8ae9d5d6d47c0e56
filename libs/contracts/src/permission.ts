import { z } from 'zod';
import { booleanQuerySchema } from './schema-parts';

// Per-object rights (spec part 1 §3, §4): read (always on), edit, share, for users and groups.
export const OBJECT_TYPES = ['rule', 'variable', 'query', 'incidence'] as const;
export const objectTypeSchema = z.enum(OBJECT_TYPES, {
  message: 'must be one of rule, variable, query, incidence',
});
export type ObjectType = z.infer<typeof objectTypeSchema>;

export const TARGET_TYPES = ['user', 'group'] as const;
export const targetTypeSchema = z.enum(TARGET_TYPES, { message: 'must be user or group' });
export type TargetType = z.infer<typeof targetTypeSchema>;

// The {permissionType} path segment of PUT/DELETE /api/web/permission/{objectType}/{objectId}/{permissionType}/{userOrGroup}/{targetId}.
// PUT read = grant read only; PUT edit / share = grant that right (edit implies read; share implies read).
// DELETE read removes the whole row; DELETE edit / share clears just that right.
export const PERMISSION_TYPES = ['read', 'edit', 'share'] as const;
export const permissionTypeSchema = z.enum(PERMISSION_TYPES, { message: 'must be read, edit or share' });
export type PermissionType = z.infer<typeof permissionTypeSchema>;

export const PermissionMessages = {
  forbidden: 'You may not manage the permissions of this object',
  targetNotFound: 'User or group not found',
  targetRequired: 'A user or group must be chosen',
  overlap: 'Members of the group hold fewer rights than the group',
} as const;

// Path of the per-object routes.
export const objectRefParamsSchema = z.object({
  objectType: objectTypeSchema,
  objectId: z.coerce.number({ message: 'must be a positive integer id' }).int().positive(),
});
export type ObjectRefParams = z.infer<typeof objectRefParamsSchema>;

export const permissionChangeParamsSchema = objectRefParamsSchema.extend({
  permissionType: permissionTypeSchema,
  userOrGroup: targetTypeSchema,
  targetId: z.coerce.number({ message: 'must be a positive integer id' }).int().positive(),
});
export type PermissionChangeParams = z.infer<typeof permissionChangeParamsSchema>;

// Query of PUT .../{permissionType}/group/{targetId}: without `raiseMembers=true` a group grant that
// exceeds some members' own rights answers 409 with the affected members (PermissionOverlapDto);
// the UI warns, and on accept repeats the PUT with raiseMembers=true, which raises those members'
// rows to the group's level.
export const permissionChangeQuerySchema = z.object({
  raiseMembers: booleanQuerySchema,
});
export type PermissionChangeQuery = z.infer<typeof permissionChangeQuerySchema>;

// Body of PUT /api/web/permission/{objectType}/{objectId}/owner — a service registers the creator
// (owner) of an object it created; owners may read, edit, share and manage the object's permissions.
export const objectOwnerSchema = z.object({ ownerId: z.number().int().positive() });
export type ObjectOwnerDto = z.infer<typeof objectOwnerSchema>;

// POST /api/web/permission/{objectType}/effective — what one user may do with many objects at once,
// and who owns each (a list page of another service asks once instead of once per row). A signed-in
// caller asks for himself; a service (service token) names the user.
export const EFFECTIVE_MANY_MAX_IDS = 10_000;
export const effectiveManySchema = z.object({
  userId: z.number().int().positive().optional(),
  objectIds: z
    .array(z.number().int().positive())
    .max(EFFECTIVE_MANY_MAX_IDS, `must list at most ${EFFECTIVE_MANY_MAX_IDS} ids`),
});
export type EffectiveManyDto = z.infer<typeof effectiveManySchema>;

// ---- Answers (response schemas; the types are inferred from them). Strict objects: the OpenAPI document
// forbids other properties, and the API tests' contract check then refuses them too.

const idDtoSchema = z.number().int().positive();

export const permissionFlagsDtoSchema = z.strictObject({
  canRead: z.boolean(),
  canEdit: z.boolean(),
  canShare: z.boolean(),
});
export type PermissionFlagsDto = z.infer<typeof permissionFlagsDtoSchema>;

// One row of GET /api/web/permission/{objectType}/{objectId}/users|groups.
export const permissionRowDtoSchema = z.strictObject({
  label: z.string(),
  value: z.strictObject({
    type: z.enum(TARGET_TYPES),
    id: idDtoSchema,
    name: z.string(),
    /** for users: the ids of their groups */
    groups: z.array(idDtoSchema).optional(),
  }),
  permissions: permissionFlagsDtoSchema,
});
export type PermissionRowDto = z.infer<typeof permissionRowDtoSchema>;

// 409 of a group grant without raiseMembers=true (see permissionChangeQuerySchema).
export const permissionOverlapDtoSchema = z.strictObject({
  statusCode: z.literal(409),
  error: z.literal('Conflict'),
  message: z.literal(PermissionMessages.overlap),
  /** members of the group whose own rights on the object are below the group's new level */
  members: z.array(
    z.strictObject({ id: idDtoSchema, name: z.string(), permissions: permissionFlagsDtoSchema }),
  ),
});
export type PermissionOverlapDto = z.infer<typeof permissionOverlapDtoSchema>;

// GET /api/web/permission/{objectType}/{objectId}/effective[?userId=] — what a user may do with an
// object: owner, admins and explicit rows (user or any of his groups) combined.
export const effectivePermissionDtoSchema = permissionFlagsDtoSchema.extend({
  objectType: z.enum(OBJECT_TYPES),
  objectId: idDtoSchema,
  userId: idDtoSchema,
  owner: z.boolean(),
  /** may add, change or remove permission rows of the object */
  canManage: z.boolean(),
});
export type EffectivePermissionDto = z.infer<typeof effectivePermissionDtoSchema>;

// One object of POST /api/web/permission/{objectType}/effective.
export const objectAccessDtoSchema = effectivePermissionDtoSchema.extend({
  ownerId: idDtoSchema.nullable(),
  /** the owner's label: his e-mail with directory sign-in, else his name */
  ownerName: z.string().nullable(),
});
export type ObjectAccessDto = z.infer<typeof objectAccessDtoSchema>;

// GET /api/web/permission/assignable — the tree of /group/permission/list (deployment setting
// assignablePermissions, spec part 1 §3). A node with isPermission names a group permission flag.
export const assignablePermissionNodeDtoSchema = z.strictObject({
  name: z.string(),
  label: z.string(),
  get children(): z.ZodArray<typeof assignablePermissionNodeDtoSchema> {
    return z.array(assignablePermissionNodeDtoSchema);
  },
  isPermission: z.boolean(),
  isHeader: z.boolean(),
});
export type AssignablePermissionNodeDto = z.infer<typeof assignablePermissionNodeDtoSchema>;
