import type { ROUTE_TABLE, RouteName } from './routes';

// Routes reachable by plain path (no `:param`), so that a link can add `?id=` to them.
type StaticRouteName = {
  [Name in RouteName]: (typeof ROUTE_TABLE)[Name]['path'] extends `${string}:${string}` ? never : Name;
}[RouteName];

export type UserPermissionIcon = 'key' | 'lock' | 'safety' | 'audit' | 'solution';

// A deployment's own per-user permission screen (spec part 1 §2 /user/list): each row links to the route
// with `?id=<user id>`, drawn with the icon (the key of /group/list's permissions when not chosen).
export interface CustomUserPermission {
  route: StaticRouteName;
  icon?: UserPermissionIcon;
}

// Deployment settings of sign-in and administration (spec part 1 §1, §3).
export interface AuthSettings {
  /** corporate directory single sign-on instead of the username/password form */
  directorySignIn: boolean;
  /** administrators may edit users from the web app */
  usersCanBeEdited: boolean;
  /** where the login page's help link points */
  helpUrl: string;
  customUserPermission: CustomUserPermission | null;
}

export const AUTH_SETTINGS: AuthSettings = {
  directorySignIn: false,
  usersCanBeEdited: true,
  helpUrl: 'mailto:support@plantlens.example',
  customUserPermission: null,
};
