import type { Feature } from '@plantlens/contracts';

// Every route of the app by the name the spec gives it (part 1 §2, part 2 §2): its path, the feature it
// needs, whether it needs a session, and the route above it in the breadcrumb. Lives in config so
// features can link to each other's pages without importing each other.
interface RouteDefinition {
  path: string;
  feature?: Feature;
  /** reachable without a session (Login, Signin, Legal) */
  public?: true;
  parent?: string;
}

export const ROUTE_TABLE = {
  Root: { path: '/' },
  Login: { path: '/login', public: true },
  Signin: { path: '/saml', public: true },
  Legal: { path: '/legal', public: true },
  Workspace: { path: '/workspace', feature: 'Workspace' },
  Settings: { path: '/settings' },
  UserProfile: { path: '/user-profile', parent: 'Settings' },

  Explore: { path: '/explore', feature: 'Explore' },
  ExplorerEvolutionVariables: {
    path: '/explorer-evolution-variables',
    feature: 'Explore',
    parent: 'Explore',
  },
  ExplorerEvolution: {
    path: '/explorer-evolution',
    feature: 'Explore',
    parent: 'ExplorerEvolutionVariables',
  },
  ExplorerCorrelationMenu: {
    path: '/explorer-correlation/menu',
    feature: 'ExplorerCorrelationBenchmark',
    parent: 'Explore',
  },
  ExplorerCorrelationVariables: {
    path: '/explorer-correlation-variables',
    feature: 'Explore',
    parent: 'Explore',
  },
  ExplorerCorrelation: {
    path: '/explorer-correlation',
    feature: 'Explore',
    parent: 'ExplorerCorrelationVariables',
  },
  ExplorerMultipleCorrelationVariables: {
    path: '/explorer-multiple-correlation-variables',
    feature: 'Explore',
    parent: 'Explore',
  },
  ExplorerMultipleCorrelation: {
    path: '/explorer-multiple-correlation',
    feature: 'Explore',
    parent: 'ExplorerMultipleCorrelationVariables',
  },

  AggregateVariableMenu: {
    path: '/aggregate-variable/menu',
    feature: 'AggregateVariable',
    parent: 'Workspace',
  },
  AggregateOperatedVariableList: {
    path: '/aggregate-variable/operated/list',
    feature: 'AggregateVariable',
    parent: 'AggregateVariableMenu',
  },
  AggregateOperatedVariable: {
    path: '/aggregate-variable/operated',
    feature: 'AggregateVariable',
    parent: 'AggregateOperatedVariableList',
  },
  AggregateGradualVariableList: {
    path: '/aggregate-variable/gradual/list',
    feature: 'AggregateVariable',
    parent: 'AggregateVariableMenu',
  },
  // The spec lists no gradual editor, but a gradual list needs one (features/aggregate-variables README).
  AggregateGradualVariable: {
    path: '/aggregate-variable/gradual',
    feature: 'AggregateVariable',
    parent: 'AggregateGradualVariableList',
  },
  AggregateMetricalVariableList: {
    path: '/aggregate-variable/metrical/list',
    feature: 'AggregateVariable',
    parent: 'AggregateVariableMenu',
  },
  AggregateMetricalVariable: {
    path: '/aggregate-variable/metrical',
    feature: 'AggregateVariable',
    parent: 'AggregateMetricalVariableList',
  },

  // Opens the editor of an aggregate's goal: variable tables know only that a row is aggregate.
  AggregateVariableEdit: {
    path: '/aggregate-variable/edit',
    feature: 'AggregateVariable',
    parent: 'AggregateVariableMenu',
  },

  RawVariableList: { path: '/raw-variable/list', feature: 'RawVariable', parent: 'Workspace' },
  RawVariable: { path: '/raw-variable', feature: 'RawVariable', parent: 'RawVariableList' },
  QueryList: { path: '/query/list', feature: 'Query', parent: 'Workspace' },
  Query: { path: '/query', feature: 'Query', parent: 'QueryList' },

  VariableManagement: { path: '/variable-management', feature: 'Admin', parent: 'Workspace' },
  CategoricalVariableList: {
    path: '/categorical-variable/list',
    feature: 'Admin',
    parent: 'VariableManagement',
  },
  CategoricalVariable: { path: '/categorical-variable', feature: 'Admin', parent: 'CategoricalVariableList' },
  VariableTagTree: { path: '/tags-tree', feature: 'Admin', parent: 'VariableManagement' },
  Tags: { path: '/tags', feature: 'Admin', parent: 'VariableTagTree' },

  EventList: { path: '/event/list', feature: 'Rule', parent: 'Workspace' },
  RuleList: { path: '/rule/list', feature: 'Rule', parent: 'Workspace' },
  IncidenceList: { path: '/incidence/list', feature: 'Incidence', parent: 'Workspace' },
  IncidenceHistoric: { path: '/incidence-historic/list', feature: 'Incidence', parent: 'IncidenceList' },
  RuleIncidenceList: { path: '/rule-incidence/list', feature: 'Incidence', parent: 'Workspace' },
  RuleIncidenceMenu: { path: '/rule-incidence/add', feature: 'Incidence', parent: 'RuleIncidenceList' },
  RuleIncidenceSingle: { path: '/rule-incidence', feature: 'Incidence', parent: 'RuleIncidenceMenu' },
  RuleIncidenceBatch: { path: '/rule-incidence-batch', feature: 'Incidence', parent: 'RuleIncidenceMenu' },
  CurrentStatusIncidence: { path: '/incidence-current-status', feature: 'Incidence' },
  // The valve screens (spec part 2 §2 "Valve monitoring"); the historic analysis has no fixed parent:
  // its breadcrumb depends on where the user came from.
  AmpoCurrentStatus: { path: '/ampo/current-status', feature: 'AmpoCurrentStatus' },
  IncidenceReview: {
    path: '/ampo/incidence-review',
    feature: 'AmpoCurrentStatus',
    parent: 'AmpoCurrentStatus',
  },
  HistoricAnalysis: { path: '/ampo/historic-analysis', feature: 'AmpoCurrentStatus' },
  CsvUploader: { path: '/csv-uploader', feature: 'Superadmin', parent: 'Workspace' },
  PerformanceBackoffice: { path: '/performance/backoffice', feature: 'Superadmin', parent: 'Workspace' },
  CacheManagement: { path: '/cache-management', feature: 'Superadmin', parent: 'Workspace' },

  UserList: { path: '/user/list', feature: 'UsersGroupsAndPermissions', parent: 'Settings' },
  User: { path: '/user', feature: 'UsersGroupsAndPermissions', parent: 'UserList' },
  GroupList: { path: '/group/list', feature: 'UsersGroupsAndPermissions', parent: 'Settings' },
  Group: { path: '/group', feature: 'UsersGroupsAndPermissions', parent: 'GroupList' },
  GroupUserList: { path: '/group/user/list', feature: 'UsersGroupsAndPermissions', parent: 'GroupList' },
  GroupPermissionList: {
    path: '/group/permission/list',
    feature: 'UsersGroupsAndPermissions',
    parent: 'GroupList',
  },
  Permissions: { path: '/:type/:id/permission/list', feature: 'UsersGroupsAndPermissions' },
  // Beyond the spec (which sends unknown addresses to the root): a page saying the address leads nowhere.
  NotFound: { path: '*' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTE_TABLE;

export const ROUTES = Object.fromEntries(
  Object.entries(ROUTE_TABLE).map(([name, { path }]) => [name, path]),
) as { [Name in RouteName]: (typeof ROUTE_TABLE)[Name]['path'] };

// Where `/` goes and the not-found page leads back to (by deployment, spec part 2 §2), and where the
// authority guard sends a user lacking a feature.
export function homeRoute(valveDeployment: boolean): RouteName {
  return valveDeployment ? 'AmpoCurrentStatus' : 'Workspace';
}
export const FALLBACK_ROUTE: RouteName = 'Settings';

// Where an incidence's rule name leads: the valve deployment's incident navigation opens the valve
// historic analysis (spec part 2 §2), any other the evolution explorer. Both read the same parameters.
export function incidentTargetRoute(valveDeployment: boolean): 'HistoricAnalysis' | 'ExplorerEvolution' {
  return valveDeployment ? 'HistoricAnalysis' : 'ExplorerEvolution';
}

export function routeFeature(name: RouteName): Feature | undefined {
  const route: RouteDefinition = ROUTE_TABLE[name];
  return route.feature;
}

export function isPublicRoute(name: RouteName): boolean {
  const route: RouteDefinition = ROUTE_TABLE[name];
  return route.public === true;
}

// The breadcrumb trail ending at the route, from its farthest ancestor.
export function breadcrumbTrail(name: RouteName): RouteName[] {
  const route: RouteDefinition = ROUTE_TABLE[name];
  return route.parent ? [...breadcrumbTrail(route.parent as RouteName), name] : [name];
}
