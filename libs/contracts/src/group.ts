import { z } from 'zod';
import { nameSchema, pathIdSchema, positiveIdSchema } from './schema-parts';
import { GROUP_PERMISSION_AUTHORITIES, type GroupPermissionFlag } from './features';

export const GroupMessages = {
  groupExists: 'Group already exists',
  nameRequired: 'Group name is required',
  rootProtected: 'The root group cannot be deleted nor have its members changed',
  groupNotFound: 'Group not found',
  userRequired: 'A user must be chosen',
} as const;

// Spec part 1 §3 "Group"; parentId is null only for the root group.
export const groupDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type GroupDto = z.infer<typeof groupDtoSchema>;

const groupName = nameSchema({ message: GroupMessages.nameRequired })
  .trim()
  .min(1, GroupMessages.nameRequired)
  .max(100);

// POST /api/web/group/ — parentId defaults to the root group.
export const groupCreateSchema = z.object({
  name: groupName,
  parentId: positiveIdSchema.nullable().optional(),
});
export type GroupCreateDto = z.infer<typeof groupCreateSchema>;

// PUT /api/web/group/
export const groupUpdateSchema = z.object({
  id: positiveIdSchema,
  name: groupName,
  parentId: positiveIdSchema.nullable().optional(),
});
export type GroupUpdateDto = z.infer<typeof groupUpdateSchema>;

// /api/web/group/{id}/members|permission and /api/web/group/{groupId}/member/{userId}
export const groupIdParamsSchema = z.object({ id: pathIdSchema });
export type GroupIdParams = z.infer<typeof groupIdParamsSchema>;
export const groupMemberParamsSchema = z.object({ groupId: pathIdSchema, userId: pathIdSchema });
export type GroupMemberParams = z.infer<typeof groupMemberParamsSchema>;

export const GROUP_PERMISSION_FLAGS = Object.keys(GROUP_PERMISSION_AUTHORITIES) as GroupPermissionFlag[];

// GET/PUT /api/web/group/{id}/permission/ — every flag, true when granted. PUT may send a subset
// (missing flags are left unchanged).
export const groupPermissionsDtoSchema = z.strictObject(
  Object.fromEntries(GROUP_PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    GroupPermissionFlag,
    z.ZodBoolean
  >,
);
export type GroupPermissionsDto = z.infer<typeof groupPermissionsDtoSchema>;
export const groupPermissionsUpdateSchema = groupPermissionsDtoSchema.partial().strict();
export type GroupPermissionsUpdateDto = z.infer<typeof groupPermissionsUpdateSchema>;

// ---- Responses ----------------------------------------------------------------------------------------

// GET /api/web/group/{id}/user/, and the answer of adding or removing a member: the group's members.
export const groupMemberDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  enabled: z.boolean(),
});
export type GroupMemberDto = z.infer<typeof groupMemberDtoSchema>;
