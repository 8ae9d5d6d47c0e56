import { z } from 'zod';
import { nameSchema, pathIdSchema, positiveIdSchema, textSchema } from './schema-parts';

// Spec part 1 §5 and §8.
export const UserMessages = {
  nameFormat: 'Incorrect name format',
  passwordRule: 'The password must have at least 6 characters with a letter and a digit',
  passwordDifferent: 'The password is different',
  userExists: 'User already exists',
  directoryIdInUse: 'Active Directory ID is already in use',
  oldPasswordWrong: 'Old password is wrong',
  superAdminProtected: 'The super admin cannot be changed',
  userNotFound: 'User not found',
} as const;

export const USER_NAME_PATTERN = /^[a-z0-9._-]+$/;
export const PASSWORD_MIN_LENGTH = 6;

/** lower-cases, then requires letters, digits, dot, hyphen, underscore (412 on the server). */
export const userNameSchema = z
  .string({ message: UserMessages.nameFormat })
  .trim()
  .toLowerCase()
  .min(1, UserMessages.nameFormat)
  .max(100, UserMessages.nameFormat)
  .regex(USER_NAME_PATTERN, UserMessages.nameFormat);

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);
}

/** at least 6 characters with a letter and a digit (428 on the server). */
export const passwordSchema = textSchema({ message: UserMessages.passwordRule })
  .max(200, UserMessages.passwordRule)
  .refine(isValidPassword, UserMessages.passwordRule);

// Spec part 1 §3 "User". superAdmin is read-only.
export const userDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  admin: z.boolean(),
  enabled: z.boolean(),
  superAdmin: z.boolean(),
  groupIds: z.array(z.number().int()),
  directoryId: z.string().nullable().optional(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

// GET /api/web/user/ for a caller without the UsersGroupsAndPermissions feature: the enabled users as a
// picker needs them (whom to share with), without e-mail, directory id, groups or flags.
export const userSummaryDtoSchema = userDtoSchema.pick({ id: true, name: true });
export type UserSummaryDto = z.infer<typeof userSummaryDtoSchema>;
// GET /api/web/user/ answers full rows to administrators and summaries to anyone else.
export const userListDtoSchema = z.union([z.array(userDtoSchema), z.array(userSummaryDtoSchema)]);

const userFields = {
  name: userNameSchema,
  email: z.email({ message: 'Invalid email' }).max(320).nullable().optional(),
  admin: z.boolean().default(false),
  enabled: z.boolean().default(true),
  groupIds: z.array(positiveIdSchema).max(1000).default([]),
  directoryId: nameSchema().trim().min(1).max(200).nullable().optional(),
};

// POST /api/web/user/ — password and repeat are required and must be equal.
export const userCreateSchema = z
  .object({ ...userFields, password: passwordSchema, repeat: textSchema() })
  .refine((user) => user.password === user.repeat, {
    message: UserMessages.passwordDifferent,
    path: ['repeat'],
  });
export type UserCreateDto = z.infer<typeof userCreateSchema>;

// PUT /api/web/user/ — password and repeat omitted means "unchanged" (the edit placeholder is not sent).
export const userUpdateSchema = z
  .object({
    id: positiveIdSchema,
    ...userFields,
    password: passwordSchema.optional(),
    repeat: textSchema().optional(),
  })
  .refine((user) => user.password === undefined || user.password === user.repeat, {
    message: UserMessages.passwordDifferent,
    path: ['repeat'],
  });
export type UserUpdateDto = z.infer<typeof userUpdateSchema>;

// PUT /api/web/user/password — the signed-in user changes his own password (username must be his).
export const passwordChangeSchema = z.object({
  oldPassword: textSchema().min(1, 'is required'),
  newPassword: passwordSchema,
  username: nameSchema().min(1),
});
export type PasswordChangeDto = z.infer<typeof passwordChangeSchema>;

// DELETE /api/web/user/?id= and PUT /api/web/user/enable?id=
export const idQuerySchema = z.object({ id: pathIdSchema });
export type IdQuery = z.infer<typeof idQuerySchema>;

// POST and PUT /api/auth/azuread/user/ — users of directory sign-in have a directory id and no password.
const directoryUserFields = {
  ...userFields,
  directoryId: nameSchema({ message: 'is required' }).trim().min(1, 'is required').max(200),
};
export const directoryUserCreateSchema = z.object(directoryUserFields);
export type DirectoryUserCreateDto = z.infer<typeof directoryUserCreateSchema>;
export const directoryUserUpdateSchema = z.object({
  id: positiveIdSchema,
  ...directoryUserFields,
});
export type DirectoryUserUpdateDto = z.infer<typeof directoryUserUpdateSchema>;

// GET /api/auth/azuread/user/?userId=
export const directoryUserQuerySchema = z.object({ userId: pathIdSchema });
