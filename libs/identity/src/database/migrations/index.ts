import type { MigrationSet } from '@plantlens/platform';
import * as usersGroupsPermissions from './0001-users-groups-permissions';

// Names sort in the order they apply.
export const identityMigrations: MigrationSet = {
  '0001-users-groups-permissions': usersGroupsPermissions,
};
