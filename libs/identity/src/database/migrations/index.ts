import type { MigrationSet } from '@plantlens/platform';
import * as usersGroupsPermissions from './0001-users-groups-permissions';
import * as signInFailuresSessionVersion from './0002-sign-in-failures-session-version';
import * as signInFlows from './0003-sign-in-flows';

// Names sort in the order they apply.
export const identityMigrations: MigrationSet = {
  '0001-users-groups-permissions': usersGroupsPermissions,
  '0002-sign-in-failures-session-version': signInFailuresSessionVersion,
  '0003-sign-in-flows': signInFlows,
};
