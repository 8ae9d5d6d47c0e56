import type { UserCreateDto, UserDto, UserUpdateDto } from '@plantlens/contracts';

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
}

export function userFormValues(user: UserDto | undefined): UserFormValues {
  if (!user) return { name: '', password: '', repeat: '', admin: false, enabled: true, groupIds: [] };
  return {
    name: user.name,
    email: user.email ?? undefined,
    password: PASSWORD_PLACEHOLDER,
    repeat: PASSWORD_PLACEHOLDER,
    admin: user.admin,
    enabled: user.enabled,
    groupIds: user.groupIds,
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
