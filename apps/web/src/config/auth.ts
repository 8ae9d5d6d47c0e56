// Deployment settings of sign-in and administration (spec part 1 §1, §3).
export const AUTH_SETTINGS = {
  /** corporate directory single sign-on instead of the username/password form */
  directorySignIn: false,
  /** administrators may edit users from the web app */
  usersCanBeEdited: true,
  /** a user manual PDF is served at /api/web/user-manual (shows Help) */
  userManual: false,
  /** where the login page's help link points */
  helpUrl: 'mailto:support@plantlens.example',
};
