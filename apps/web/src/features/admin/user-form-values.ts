import type {
  DirectoryUserCreateDto,
  DirectoryUserUpdateDto,
  UserCreateDto,
  UserDto,
  UserUpdateDto,
} from '@plantlens/contracts';

// Shown in both password fields when editing: left as is, the password is unchanged and not sent.
export const PASSWORD_PLACEHOLDER = '••••••••';

export interface UserFormValues {
  name: string;
  email?: string;
  password: string;
  repeat: string;
  admin: boolean;
  enabled: boolean;
  groupIds: number[];
  /** directory sign-in only: the user's identifier in the corporate directory */
  directoryId?: string;
}

// With directory sign-in users are known by their e-mail (spec part 1 §2), otherwise by their name.
export function userLabel(user: { name: string; email?: string | null }, directory: boolean): string {
  return directory && user.email?.trim() ? user.email.trim() : user.name.trim().toLowerCase();
}

export function userFormValues(user: UserDto | undefined, directoryId?: string): UserFormValues {
  if (!user) return { name: '', password: '', repeat: '', admin: false, enabled: true, groupIds: [] };
  return {
    name: user.name,
    email: user.email ?? undefined,
    password: PASSWORD_PLACEHOLDER,
    repeat: PASSWORD_PLACEHOLDER,
    admin: user.admin,
    enabled: user.enabled,
    groupIds: user.groupIds,
    directoryId,
  };
}

function commonFields(values: UserFormValues) {
  return {
    name: values.name.trim().toLowerCase(),
    email: values.email?.trim() ? values.email.trim() : null,
    admin: values.admin,
    enabled: values.enabled,
    groupIds: values.groupIds,
  };
}

export function userCreateRequest(values: UserFormValues): UserCreateDto {
  return { ...commonFields(values), password: values.password, repeat: values.repeat };
}

export function userUpdateRequest(id: number, values: UserFormValues): UserUpdateDto {
  const unchanged = values.password === PASSWORD_PLACEHOLDER && values.repeat === PASSWORD_PLACEHOLDER;
  return unchanged
    ? { id, ...commonFields(values) }
    : { id, ...commonFields(values), password: values.password, repeat: values.repeat };
}

export function directoryUserCreateRequest(values: UserFormValues): DirectoryUserCreateDto {
  return { ...commonFields(values), directoryId: values.directoryId?.trim() ?? '' };
}

export function directoryUserUpdateRequest(id: number, values: UserFormValues): DirectoryUserUpdateDto {
  return { id, ...directoryUserCreateRequest(values) };
}
