import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { ROUTE_TABLE, ROUTES, homeRoute, isPublicRoute, type RouteName } from '../config/routes';
import { useWebSettings } from '../lib/web-settings';
import { AppLayout } from './app-layout';
import type { RouteHandle } from './current-route';
import { RequireFeature } from './guards/require-feature';
import { RequireSession } from './guards/require-session';
import { NotFoundPage } from './not-found-page';
import { PageFrame } from './page-frame';
import { PendingPage } from './pending-page';

type PageLoader = () => Promise<ComponentType>;

// Each page is its own chunk, fetched the first time its route is visited.
const PAGES: Partial<Record<RouteName, PageLoader>> = {
  Login: async () => (await import('../features/auth/pages/login-page')).LoginPage,
  Signin: async () => (await import('../features/auth/pages/saml-page')).SamlPage,
  Legal: async () => (await import('../features/auth/pages/legal-page')).LegalPage,
  Workspace: async () => (await import('../features/workspace/pages/workspace-page')).WorkspacePage,
  Settings: async () => (await import('../features/settings/pages/settings-page')).SettingsPage,
  UserProfile: async () => (await import('../features/settings/pages/user-profile-page')).UserProfilePage,
  Explore: async () => (await import('../features/explorer/pages/explore-page')).ExplorePage,
  ExplorerEvolutionVariables: async () =>
    (await import('../features/explorer/pages/explorer-evolution-variables-page'))
      .ExplorerEvolutionVariablesPage,
  ExplorerEvolution: async () =>
    (await import('../features/explorer/pages/explorer-evolution-page')).ExplorerEvolutionPage,
  ExplorerCorrelationVariables: async () =>
    (await import('../features/correlation/pages/explorer-correlation-variables-page'))
      .ExplorerCorrelationVariablesPage,
  ExplorerCorrelation: async () =>
    (await import('../features/correlation/pages/explorer-correlation-page')).ExplorerCorrelationPage,
  ExplorerMultipleCorrelationVariables: async () =>
    (await import('../features/correlation/pages/explorer-multiple-correlation-variables-page'))
      .ExplorerMultipleCorrelationVariablesPage,
  ExplorerMultipleCorrelation: async () =>
    (await import('../features/correlation/pages/explorer-multiple-correlation-page'))
      .ExplorerMultipleCorrelationPage,
  CsvUploader: async () => (await import('../features/csv-upload/pages/csv-uploader-page')).CsvUploaderPage,
  CacheManagement: async () =>
    (await import('../features/cache/pages/cache-management-page')).CacheManagementPage,
  PerformanceBackoffice: async () =>
    (await import('../features/performance/pages/performance-backoffice-page')).PerformanceBackofficePage,
  VariableManagement: async () =>
    (await import('../features/variables/pages/variable-management-page')).VariableManagementPage,
  AggregateVariableMenu: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-menu-page'))
      .AggregateVariableMenuPage,
  AggregateOperatedVariableList: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-list-page'))
      .OperatedVariableListPage,
  AggregateGradualVariableList: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-list-page'))
      .GradualVariableListPage,
  AggregateMetricalVariableList: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-list-page'))
      .MetricalVariableListPage,
  AggregateOperatedVariable: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-page')).OperatedVariablePage,
  AggregateGradualVariable: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-page')).GradualVariablePage,
  AggregateMetricalVariable: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-page')).MetricalVariablePage,
  AggregateVariableEdit: async () =>
    (await import('../features/aggregate-variables/pages/aggregate-variable-edit-page'))
      .AggregateVariableEditPage,
  RawVariableList: async () =>
    (await import('../features/variables/pages/raw-variable-list-page')).RawVariableListPage,
  VariableTagTree: async () => (await import('../features/tags/pages/tag-tree-page')).TagTreePage,
  Tags: async () => (await import('../features/tags/pages/tag-assignment-page')).TagAssignmentPage,
  RawVariable: async () => (await import('../features/variables/pages/raw-variable-page')).RawVariablePage,
  CategoricalVariableList: async () =>
    (await import('../features/categories/pages/categorical-variable-list-page')).CategoricalVariableListPage,
  CategoricalVariable: async () =>
    (await import('../features/categories/pages/categorical-variable-page')).CategoricalVariablePage,
  QueryList: async () => (await import('../features/queries/pages/query-list-page')).QueryListPage,
  Query: async () => (await import('../features/queries/pages/query-page')).QueryPage,
  ExplorerCorrelationMenu: async () =>
    (await import('../features/explorer/pages/explorer-correlation-menu-page')).ExplorerCorrelationMenuPage,
  UserList: async () => (await import('../features/admin/pages/user-list-page')).UserListPage,
  User: async () => (await import('../features/admin/pages/user-page')).UserPage,
  GroupList: async () => (await import('../features/admin/pages/group-list-page')).GroupListPage,
  Group: async () => (await import('../features/admin/pages/group-page')).GroupPage,
  GroupUserList: async () => (await import('../features/admin/pages/group-user-list-page')).GroupUserListPage,
  GroupPermissionList: async () =>
    (await import('../features/admin/pages/group-permission-list-page')).GroupPermissionListPage,
  Permissions: async () => (await import('../features/admin/pages/permissions-page')).PermissionsPage,
  RuleIncidenceList: async () =>
    (await import('../features/incidences/pages/rule-incidence-list-page')).RuleIncidenceListPage,
  RuleIncidenceMenu: async () =>
    (await import('../features/incidences/pages/rule-incidence-menu-page')).RuleIncidenceMenuPage,
  RuleIncidenceSingle: async () =>
    (await import('../features/incidences/pages/rule-incidence-single-page')).RuleIncidenceSinglePage,
  RuleIncidenceBatch: async () =>
    (await import('../features/incidences/pages/rule-incidence-batch-page')).RuleIncidenceBatchPage,
  IncidenceList: async () =>
    (await import('../features/incidences/pages/incidence-list-page')).IncidenceListPage,
  IncidenceHistoric: async () =>
    (await import('../features/incidences/pages/incidence-historic-page')).IncidenceHistoricPage,
  CurrentStatusIncidence: async () =>
    (await import('../features/incidences/pages/current-status-incidence-page')).CurrentStatusIncidencePage,
  AmpoCurrentStatus: async () =>
    (await import('../features/valves/pages/ampo-current-status-page')).AmpoCurrentStatusPage,
  IncidenceReview: async () =>
    (await import('../features/valves/pages/incidence-review-page')).IncidenceReviewPage,
  HistoricAnalysis: async () =>
    (await import('../features/valves/pages/historic-analysis-page')).HistoricAnalysisPage,
};

// Where users go next from a page: those chunks (the explorer charts with Highcharts) are fetched while the
// user is still choosing variables, so Explore does not wait for code (0.3–0.8 s in npm run bench:web).
const NEXT_PAGES: Partial<Record<RouteName, RouteName[]>> = {
  ExplorerEvolutionVariables: ['ExplorerEvolution'],
  ExplorerCorrelationVariables: ['ExplorerCorrelation'],
  ExplorerMultipleCorrelationVariables: ['ExplorerMultipleCorrelation'],
};

async function loadPage(name: RouteName, load: PageLoader): Promise<{ Component: ComponentType }> {
  const Component = await load();
  // A failed prefetch costs nothing: the route loads its chunk again when it is visited.
  for (const next of NEXT_PAGES[name] ?? []) void PAGES[next]?.().catch(() => undefined);
  return { Component };
}

// The page sits in its PageFrame (tab title, page view), which only a page actually shown mounts.
function pageRoute(name: RouteName): RouteObject {
  const handle: RouteHandle = { route: name };
  const load = PAGES[name];
  const page: RouteObject = load
    ? { index: true, lazy: () => loadPage(name, load) }
    : { index: true, element: <PendingPage /> };
  return { path: ROUTE_TABLE[name].path, handle, element: <PageFrame route={name} />, children: [page] };
}

// Root redirects home; NotFound (path '*') has no chunk of its own and is added last, by hand.
const names = (Object.keys(ROUTE_TABLE) as RouteName[]).filter(
  (name) => name !== 'Root' && name !== 'NotFound',
);
const notFound: RouteObject = {
  path: ROUTES.NotFound,
  handle: { route: 'NotFound' } satisfies RouteHandle,
  element: (
    <PageFrame route="NotFound">
      <NotFoundPage />
    </PageFrame>
  ),
};

// The home route depends on the deployment (spec part 2 §2), read from the web settings.
function HomeRedirect() {
  const { site } = useWebSettings();
  return <Navigate to={ROUTES[homeRoute(site.valveDeployment)]} replace />;
}
const home = <HomeRedirect />;

// Guard order of spec part 1 §2: the login guard (stored tokens), then the authority guard.
export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...names.filter(isPublicRoute).map(pageRoute),
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                element: <RequireFeature />,
                children: [
                  { index: true, handle: { route: 'Root' } satisfies RouteHandle, element: home },
                  ...names.filter((name) => !isPublicRoute(name)).map(pageRoute),
                  // Its path '*' takes every address no other route matches.
                  notFound,
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
