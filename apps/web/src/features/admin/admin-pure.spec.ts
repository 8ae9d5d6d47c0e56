import type {
  AssignablePermissionNodeDto,
  GroupPermissionsDto,
  PermissionRowDto,
  UserDto,
} from '@plantlens/contracts';
import { GROUP_PERMISSION_FLAGS } from '@plantlens/contracts';
import { isGroupConflict, userFormError } from './admin-errors';
import { flagsUpdate, grantedFlags, permissionTree } from './assignable-tree';
import { addableTargets, overlapMembers, rowsWithPermissions } from './permission-rows';
import {
  PASSWORD_PLACEHOLDER,
  directoryUserCreateRequest,
  directoryUserUpdateRequest,
  userCreateRequest,
  userFormValues,
  userLabel,
  userUpdateRequest,
} from './user-form-values';

const user = (id: number, name: string, overrides: Partial<UserDto> = {}): UserDto => ({
  id,
  name,
  email: null,
  admin: false,
  enabled: true,
  superAdmin: false,
  groupIds: [],
  ...overrides,
});

const row = (type: 'user' | 'group', id: number, name: string, canRead = true): PermissionRowDto => ({
  label: name,
  value: { type, id, name },
  permissions: { canRead, canEdit: false, canShare: false },
});

describe('userFormError', () => {
  it.each([
    [409, { field: 'name', key: 'userExists' }],
    [412, { field: 'name', key: 'nameFormat' }],
    [428, { field: 'password', key: 'passwordRule' }],
  ])('maps status %i to a field message', (status, expected) => {
    expect(userFormError({ status, data: {} })).toEqual(expected);
  });

  it('puts a 409 for a directory id in use on the directory id field', () => {
    const data = { statusCode: 409, error: 'Conflict', message: 'Active Directory ID is already in use' };
    expect(userFormError({ status: 409, data })).toEqual({ field: 'directoryId', key: 'directoryIdInUse' });
  });

  it('leaves other failures to the general error alert', () => {
    expect(userFormError({ status: 500, data: {} })).toBeUndefined();
    expect(userFormError({ status: 'FETCH_ERROR', error: 'offline' })).toBeUndefined();
  });

  it('recognises an existing group on 409 only', () => {
    expect(isGroupConflict({ status: 409, data: {} })).toBe(true);
    expect(isGroupConflict({ status: 400, data: {} })).toBe(false);
  });
});

describe('user form values', () => {
  it('sends a new user lower-cased and trimmed, without an empty e-mail', () => {
    const values = {
      ...userFormValues(undefined),
      name: ' Ana.Ruiz ',
      email: ' ',
      password: 'abc123',
      repeat: 'abc123',
    };
    expect(userCreateRequest(values)).toEqual({
      name: 'ana.ruiz',
      email: null,
      admin: false,
      enabled: true,
      groupIds: [],
      password: 'abc123',
      repeat: 'abc123',
    });
  });

  it('shows the placeholder in the password fields of an existing user and then does not send them', () => {
    const values = userFormValues(user(7, 'ana', { groupIds: [2], email: 'ana@plant.example' }));
    expect(values.password).toBe(PASSWORD_PLACEHOLDER);
    expect(userUpdateRequest(7, values)).toEqual({
      id: 7,
      name: 'ana',
      email: 'ana@plant.example',
      admin: false,
      enabled: true,
      groupIds: [2],
    });
  });

  it('sends a changed password of an existing user', () => {
    const values = { ...userFormValues(user(7, 'ana')), password: 'new123', repeat: 'new123' };
    expect(userUpdateRequest(7, values)).toMatchObject({ password: 'new123', repeat: 'new123' });
  });
});

describe('directory user form values', () => {
  it('sends the trimmed directory id and no password', () => {
    const values = {
      ...userFormValues(undefined),
      name: 'Luis',
      email: 'luis@plant.example',
      directoryId: ' oid-1 ',
    };
    expect(directoryUserCreateRequest(values)).toEqual({
      name: 'luis',
      email: 'luis@plant.example',
      admin: false,
      enabled: true,
      groupIds: [],
      directoryId: 'oid-1',
    });
    expect(directoryUserUpdateRequest(7, values)).toEqual({ id: 7, ...directoryUserCreateRequest(values) });
  });

  it('starts an edit with the directory id read from the server', () => {
    expect(userFormValues(user(7, 'ana'), 'oid-7').directoryId).toBe('oid-7');
  });

  it('labels users by e-mail with directory sign-in, by name otherwise', () => {
    const ana = user(7, 'ana', { email: 'ana@plant.example' });
    expect(userLabel(ana, true)).toBe('ana@plant.example');
    expect(userLabel(ana, false)).toBe('ana');
    expect(userLabel(user(8, 'luis'), true)).toBe('luis');
  });
});

describe('permission rows', () => {
  it('lists groups then users holding read', () => {
    const rows = rowsWithPermissions(
      [row('user', 1, 'ana'), row('user', 2, 'luis', false)],
      [row('group', 5, 'ops')],
    );
    expect(rows.map(({ value }) => value.name)).toEqual(['ops', 'ana']);
  });

  it('offers groups and enabled users without a row, never the current user', () => {
    const users = [user(1, 'ana'), user(2, 'luis'), user(3, 'old', { enabled: false }), user(4, 'me')];
    const groups = [
      { id: 5, name: 'ops', parentId: 1 },
      { id: 6, name: 'lab', parentId: 1 },
    ];
    const targets = addableTargets(users, groups, [row('user', 1, 'ana'), row('group', 5, 'ops')], 'me');
    expect(targets).toEqual([
      { type: 'group', id: 6, name: 'lab' },
      { type: 'user', id: 2, name: 'luis' },
    ]);
  });

  it('reads the members of an overlap answer, and nothing from other errors', () => {
    const members = [
      { id: 2, name: 'luis', permissions: { canRead: true, canEdit: false, canShare: false } },
    ];
    expect(overlapMembers({ status: 409, data: { statusCode: 409, message: 'overlap', members } })).toEqual(
      members,
    );
    expect(overlapMembers({ status: 409, data: { message: 'Group already exists' } })).toBeUndefined();
    expect(overlapMembers({ status: 403, data: { members } })).toBeUndefined();
    expect(overlapMembers(undefined)).toBeUndefined();
  });
});

describe('assignable permission tree', () => {
  const node = (name: string, children: AssignablePermissionNodeDto[] = [], isHeader = false) => ({
    name,
    label: name.toUpperCase(),
    children,
    isPermission: !isHeader,
    isHeader,
  });
  const assignable = [node('analysis', [node('explorer', [node('query')]), node('aggregatevar')], true)];
  const granted = (flags: string[]) =>
    Object.fromEntries(
      GROUP_PERMISSION_FLAGS.map((flag) => [flag, flags.includes(flag)]),
    ) as GroupPermissionsDto;

  it('gives checkboxes to permission nodes only', () => {
    const [header] = permissionTree(assignable);
    expect(header.checkable).toBe(false);
    expect(header.children.map(({ key, checkable }) => [key, checkable])).toEqual([
      ['explorer', true],
      ['aggregatevar', true],
    ]);
  });

  it('reads the granted flags and writes every flag of the tree', () => {
    expect(grantedFlags(granted(['explorer', 'rule']))).toEqual(['explorer', 'rule']);
    expect(flagsUpdate(permissionTree(assignable), new Set(['query']))).toEqual({
      explorer: false,
      query: true,
      aggregatevar: false,
    });
  });
});
