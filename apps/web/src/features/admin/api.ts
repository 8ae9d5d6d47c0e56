import type {
  AssignablePermissionNodeDto,
  DirectoryUserCreateDto,
  DirectoryUserUpdateDto,
  GroupCreateDto,
  GroupDto,
  GroupMemberDto,
  GroupPermissionsDto,
  GroupPermissionsUpdateDto,
  GroupUpdateDto,
  ObjectType,
  PermissionRowDto,
  PermissionType,
  TargetType,
  UserCreateDto,
  UserDto,
  UserUpdateDto,
} from '@plantlens/contracts';
import { api } from '../../lib/api';

export interface ObjectRef {
  objectType: ObjectType;
  objectId: number;
}

export interface PermissionChange extends ObjectRef {
  permissionType: PermissionType;
  userOrGroup: TargetType;
  targetId: number;
  /** accept the overlap warning: members below the group's new level are raised to it */
  raiseMembers?: boolean;
}

const objectTag = ({ objectType, objectId }: ObjectRef) => ({
  type: 'Permission' as const,
  id: `${objectType}-${objectId}`,
});

const permissionPath = ({ objectType, objectId, permissionType, userOrGroup, targetId }: PermissionChange) =>
  `web/permission/${objectType}/${objectId}/${permissionType}/${userOrGroup}/${targetId}`;

// With directory sign-in users are written under /api/auth/azuread/user/ (spec part 1 §7): they carry a
// directory id and no password. Listing stays /api/web/user/ in both modes.
type UserWrite<PasswordBody, DirectoryBody> =
  { directory: false; body: PasswordBody } | { directory: true; body: DirectoryBody };

const userWritePath = (directory: boolean) => (directory ? 'auth/azuread/user/' : 'web/user/');

// Users, groups, group members and permission flags, and the per-object permissions (spec part 1 §7).
const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Full rows: every caller of this list (the admin screens) holds UsersGroupsAndPermissions; without it
    // the server answers only the enabled users' id and name (docs/security.md).
    getUsers: build.query<UserDto[], void>({
      query: () => 'web/user/',
      providesTags: (users = []) => [
        { type: 'User', id: 'LIST' },
        ...users.map(({ id }) => ({ type: 'User' as const, id })),
      ],
    }),
    createUser: build.mutation<UserDto, UserWrite<UserCreateDto, DirectoryUserCreateDto>>({
      query: ({ directory, body }) => ({ url: userWritePath(directory), method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }, 'GroupMember'],
    }),
    updateUser: build.mutation<UserDto, UserWrite<UserUpdateDto, DirectoryUserUpdateDto>>({
      query: ({ directory, body }) => ({ url: userWritePath(directory), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { body }) => [{ type: 'User', id: body.id }, 'GroupMember'],
    }),
    deleteUser: build.mutation<void, { directory: boolean; id: number }>({
      query: ({ directory, id }) => ({ url: userWritePath(directory), method: 'DELETE', params: { id } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'User', id }, 'GroupMember'],
    }),
    // The same call in both sign-in modes: enabling changes neither password nor directory id.
    enableUser: build.mutation<UserDto, number>({
      query: (id) => ({ url: 'web/user/enable', method: 'PUT', params: { id } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'User', id }, 'GroupMember'],
    }),
    // Plain text: the user's directory id (404 when he has none yet).
    getDirectoryId: build.query<string, number>({
      query: (userId) => ({ url: 'auth/azuread/user/', params: { userId }, responseHandler: 'text' }),
      providesTags: (_result, _error, userId) => [{ type: 'User', id: userId }],
    }),

    getGroups: build.query<GroupDto[], void>({
      query: () => 'web/group/',
      providesTags: (groups = []) => [
        { type: 'Group', id: 'LIST' },
        ...groups.map(({ id }) => ({ type: 'Group' as const, id })),
      ],
    }),
    createGroup: build.mutation<GroupDto, GroupCreateDto>({
      query: (body) => ({ url: 'web/group/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Group', id: 'LIST' }],
    }),
    updateGroup: build.mutation<GroupDto, GroupUpdateDto>({
      query: (body) => ({ url: 'web/group/', method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Group', id }],
    }),
    deleteGroup: build.mutation<void, number>({
      query: (id) => ({ url: 'web/group/', method: 'DELETE', params: { id } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Group', id }],
    }),

    getGroupUsers: build.query<GroupMemberDto[], number>({
      query: (groupId) => `web/group/${groupId}/user/`,
      providesTags: (_result, _error, groupId) => [{ type: 'GroupMember', id: groupId }],
    }),
    addGroupUser: build.mutation<void, { groupId: number; userId: number }>({
      query: ({ groupId, userId }) => ({ url: `web/group/${groupId}/user/${userId}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { groupId, userId }) => [
        { type: 'GroupMember', id: groupId },
        { type: 'User', id: userId },
      ],
    }),
    removeGroupUser: build.mutation<void, { groupId: number; userId: number }>({
      query: ({ groupId, userId }) => ({ url: `web/group/${groupId}/user/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { groupId, userId }) => [
        { type: 'GroupMember', id: groupId },
        { type: 'User', id: userId },
      ],
    }),

    getGroupPermissions: build.query<GroupPermissionsDto, number>({
      query: (groupId) => `web/group/${groupId}/permission/`,
      providesTags: (_result, _error, groupId) => [{ type: 'GroupPermission', id: groupId }],
    }),
    updateGroupPermissions: build.mutation<
      GroupPermissionsDto,
      { groupId: number; flags: GroupPermissionsUpdateDto }
    >({
      query: ({ groupId, flags }) => ({
        url: `web/group/${groupId}/permission/`,
        method: 'PUT',
        body: flags,
      }),
      invalidatesTags: (_result, _error, { groupId }) => [{ type: 'GroupPermission', id: groupId }],
    }),
    getAssignablePermissions: build.query<AssignablePermissionNodeDto[], void>({
      query: () => 'web/permission/assignable',
    }),

    getPermissionUsers: build.query<PermissionRowDto[], ObjectRef>({
      query: ({ objectType, objectId }) => `web/permission/${objectType}/${objectId}/users`,
      providesTags: (_result, _error, ref) => [objectTag(ref)],
    }),
    getPermissionGroups: build.query<PermissionRowDto[], ObjectRef>({
      query: ({ objectType, objectId }) => `web/permission/${objectType}/${objectId}/groups`,
      providesTags: (_result, _error, ref) => [objectTag(ref)],
    }),
    grantPermission: build.mutation<void, PermissionChange>({
      query: (change) => ({
        url: permissionPath(change),
        method: 'PUT',
        params: change.raiseMembers ? { raiseMembers: 'true' } : undefined,
      }),
      invalidatesTags: (_result, _error, change) => [objectTag(change)],
    }),
    revokePermission: build.mutation<void, PermissionChange>({
      query: (change) => ({ url: permissionPath(change), method: 'DELETE' }),
      invalidatesTags: (_result, _error, change) => [objectTag(change)],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useEnableUserMutation,
  useGetDirectoryIdQuery,
  useGetGroupsQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useDeleteGroupMutation,
  useGetGroupUsersQuery,
  useAddGroupUserMutation,
  useRemoveGroupUserMutation,
  useGetGroupPermissionsQuery,
  useUpdateGroupPermissionsMutation,
  useGetAssignablePermissionsQuery,
  useGetPermissionUsersQuery,
  useGetPermissionGroupsQuery,
  useGrantPermissionMutation,
  useRevokePermissionMutation,
} = adminApi;
