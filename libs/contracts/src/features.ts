// Features → authorities (spec part 1 §6, part 2 §6): one table for the server guards and the web app.
// A user may use a feature when one of his authorities is in its list.

export const PRODUCT_AUTHORITY = 'ROLE_PLANTLENS';

export const Authorities = {
  superAdmin: 'ROLE_SUPERADMIN',
  admin: 'ROLE_ADMIN',
  product: PRODUCT_AUTHORITY,
  explorer: 'EXPLORER',
  query: 'QUERY',
  rule: 'RULE',
  aggregateVar: 'AGGREGATEVAR',
  incidence: 'INCIDENCE',
  incidenceOrigin: 'INCIDENCEORIGEN',
  ampoCurrentStatus: 'AMPOCURRENTSTATUS',
  explorerCorrelationBenchmark: 'EXPLORERCORRELATIONBENCHMARK',
} as const;
export type Authority = (typeof Authorities)[keyof typeof Authorities];

const A = Authorities;

export const FEATURE_AUTHORITIES = {
  Explore: [A.admin, A.explorer],
  ExplorerCorrelationBenchmark: [A.superAdmin, A.product],
  AggregateVariable: [A.admin, A.aggregateVar],
  Query: [A.admin, A.query],
  RawVariable: [A.superAdmin, A.product],
  Workspace: [A.superAdmin, A.admin, A.rule, A.aggregateVar, A.query],
  Admin: [A.admin],
  UsersGroupsAndPermissions: [A.admin],
  AmpoCurrentStatus: [A.admin, A.ampoCurrentStatus],
  Incidence: [A.admin, A.incidence],
  Rule: [A.admin, A.rule],
  // The spec does not name the Superadmin feature's authorities; the super admin is the natural holder.
  Superadmin: [A.superAdmin],
} as const satisfies Record<string, readonly Authority[]>;

export type Feature = keyof typeof FEATURE_AUTHORITIES;

export function hasFeature(authorities: readonly string[], feature: Feature): boolean {
  const allowed: readonly string[] = FEATURE_AUTHORITIES[feature];
  return authorities.some((authority) => allowed.includes(authority));
}

// Group permission flags (part 1 §3) and the authority each one grants.
export const GROUP_PERMISSION_AUTHORITIES = {
  explorer: A.explorer,
  query: A.query,
  rule: A.rule,
  aggregatevar: A.aggregateVar,
  incidence: A.incidence,
  incidenceorigen: A.incidenceOrigin,
  ampoCurrentStatus: A.ampoCurrentStatus,
  dashboard: 'DASHBOARD',
  market: 'MARKET',
  levelsAndRhythms: 'LEVELSANDRHYTHMS',
  masterLubricationPressure: 'MASTERLUBRICATIONPRESSURE',
} as const;
export type GroupPermissionFlag = keyof typeof GROUP_PERMISSION_AUTHORITIES;
