import type { AssignablePermissionNodeDto, GroupPermissionFlag } from '@plantlens/contracts';

// The tree of /group/permission/list (deployment setting assignablePermissions, spec part 1 §3, §6):
// headers group the flags; a node with isPermission is a group permission flag (its name), checked
// when the group holds it. The web app translates the labels by name.
const permission = (
  name: GroupPermissionFlag,
  label: string,
  children: AssignablePermissionNodeDto[] = [],
): AssignablePermissionNodeDto => ({ name, label, children, isPermission: true, isHeader: false });

const header = (
  name: string,
  label: string,
  children: AssignablePermissionNodeDto[],
): AssignablePermissionNodeDto => ({
  name,
  label,
  children,
  isPermission: false,
  isHeader: true,
});

export const ASSIGNABLE_PERMISSIONS: AssignablePermissionNodeDto[] = [
  header('analysis', 'Analysis', [
    permission('explorer', 'Explorer', [permission('query', 'Queries')]),
    permission('aggregatevar', 'Aggregate variables'),
  ]),
  header('alarms', 'Rules and incidences', [
    permission('rule', 'Rules'),
    permission('incidence', 'Incidences'),
    permission('incidenceorigen', 'Incidence origin'),
    permission('ampoCurrentStatus', 'Current status'),
  ]),
  header('screens', 'Screens', [
    permission('dashboard', 'Dashboards'),
    permission('market', 'Market'),
    permission('levelsAndRhythms', 'Levels and rhythms'),
    permission('masterLubricationPressure', 'Lathe guide lubrication pressure'),
  ]),
];
