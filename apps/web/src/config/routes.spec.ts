import {
  ROUTES,
  ROUTE_TABLE,
  breadcrumbTrail,
  homeRoute,
  incidentTargetRoute,
  isPublicRoute,
  routeFeature,
  type RouteName,
} from './routes';

describe('route table', () => {
  it('gives each route a distinct path', () => {
    const paths = Object.values(ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('needs no session only for Login, Signin and Legal', () => {
    const names = Object.keys(ROUTE_TABLE) as RouteName[];
    expect(names.filter(isPublicRoute)).toEqual(['Login', 'Signin', 'Legal']);
  });

  it('declares the features of spec part 1 §2', () => {
    expect(routeFeature('Workspace')).toBe('Workspace');
    expect(routeFeature('Settings')).toBeUndefined();
    expect(routeFeature('UserProfile')).toBeUndefined();
    expect(routeFeature('ExplorerEvolution')).toBe('Explore');
    expect(routeFeature('ExplorerCorrelationMenu')).toBe('ExplorerCorrelationBenchmark');
    expect(routeFeature('GroupPermissionList')).toBe('UsersGroupsAndPermissions');
    expect(routeFeature('Permissions')).toBe('UsersGroupsAndPermissions');
    expect(routeFeature('QueryList')).toBe('Query');
    expect(routeFeature('VariableTagTree')).toBe('Admin');
  });

  it('puts the three valve screens under AmpoCurrentStatus, home of the valve deployment', () => {
    expect(routeFeature('AmpoCurrentStatus')).toBe('AmpoCurrentStatus');
    expect(routeFeature('IncidenceReview')).toBe('AmpoCurrentStatus');
    expect(routeFeature('HistoricAnalysis')).toBe('AmpoCurrentStatus');
    expect(breadcrumbTrail('IncidenceReview')).toEqual(['AmpoCurrentStatus', 'IncidenceReview']);
    expect(homeRoute(true)).toBe('AmpoCurrentStatus');
    expect(homeRoute(false)).toBe('Workspace');
    expect(incidentTargetRoute(true)).toBe('HistoricAnalysis');
    expect(incidentTargetRoute(false)).toBe('ExplorerEvolution');
  });

  it('puts every aggregate variable screen behind AggregateVariable, the gradual editor under its list', () => {
    const aggregateRoutes = (Object.keys(ROUTE_TABLE) as RouteName[]).filter((name) =>
      name.startsWith('Aggregate'),
    );
    expect(aggregateRoutes.map(routeFeature)).toEqual(aggregateRoutes.map(() => 'AggregateVariable'));
    expect(breadcrumbTrail('AggregateGradualVariable')).toEqual([
      'Workspace',
      'AggregateVariableMenu',
      'AggregateGradualVariableList',
      'AggregateGradualVariable',
    ]);
    expect(ROUTES.AggregateVariableEdit).toBe('/aggregate-variable/edit');
  });

  it('builds breadcrumbs from the farthest ancestor', () => {
    expect(breadcrumbTrail('User')).toEqual(['Settings', 'UserList', 'User']);
    expect(breadcrumbTrail('Tags')).toEqual(['Workspace', 'VariableManagement', 'VariableTagTree', 'Tags']);
    expect(breadcrumbTrail('Workspace')).toEqual(['Workspace']);
  });
});
