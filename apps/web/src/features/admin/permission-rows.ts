import type {
  GroupDto,
  PermissionFlagsDto,
  PermissionOverlapDto,
  PermissionRowDto,
  TargetType,
  UserDto,
} from '@plantlens/contracts';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { httpStatus } from '../../lib/http-status';

export interface PermissionTarget {
  type: TargetType;
  id: number;
  name: string;
}

export const targetKey = ({ type, id }: Pick<PermissionTarget, 'type' | 'id'>) => `${type}-${id}`;

// The users and groups holding rights on the object (read is always among them).
export function rowsWithPermissions(
  users: readonly PermissionRowDto[],
  groups: readonly PermissionRowDto[],
): PermissionRowDto[] {
  return [...groups, ...users].filter(({ permissions }) => permissions.canRead);
}

// Who may still be added: enabled users and groups without a row, never the current user.
export function addableTargets(
  users: readonly UserDto[],
  groups: readonly GroupDto[],
  rows: readonly PermissionRowDto[],
  currentUsername: string | undefined,
): PermissionTarget[] {
  const present = new Set(rows.map(({ value }) => targetKey(value)));
  const candidates: PermissionTarget[] = [
    ...groups.map(({ id, name }) => ({ type: 'group' as const, id, name })),
    ...users
      .filter(({ enabled, name }) => enabled && name !== currentUsername)
      .map(({ id, name }) => ({ type: 'user' as const, id, name })),
  ];
  return candidates.filter((target) => !present.has(targetKey(target)));
}

// A group grant above some members' own rights answers 409 with those members (spec part 1 §4).
export function overlapMembers(
  error: FetchBaseQueryError | SerializedError | undefined,
): PermissionOverlapDto['members'] | undefined {
  if (httpStatus(error) !== 409 || !error || !('data' in error)) return undefined;
  const members = (error.data as Partial<PermissionOverlapDto> | undefined)?.members;
  return Array.isArray(members) ? members : undefined;
}

export type Right = keyof Pick<PermissionFlagsDto, 'canEdit' | 'canShare'>;
export const RIGHT_PERMISSION_TYPE = { canEdit: 'edit', canShare: 'share' } as const;
