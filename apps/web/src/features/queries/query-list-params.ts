import {
  QUERY_EXPLORER_FILTERS,
  queryPathFilter,
  type QueryDto,
  type QueryExplorerFilter,
} from '@plantlens/contracts';
import { ROUTES, ROUTE_TABLE, breadcrumbTrail, type RouteName } from '../../config/routes';

// The parameters of /query/list (spec part 1 §2): where the user came from, the hidden tags filter and
// the explorer kind the list is narrowed to. The edit screen carries them so that it returns to the
// same list.
export interface QueryListParams {
  origin?: RouteName;
  /** comma-joined tag names, '' for all */
  tags: string;
  filter?: QueryExplorerFilter;
}

// The variable-selection screen of each explorer kind: the list's way back when narrowed to that kind.
const SELECTION_ROUTES: Record<QueryExplorerFilter, RouteName> = {
  'explorer-evolution': 'ExplorerEvolutionVariables',
  'explorer-correlation': 'ExplorerCorrelationVariables',
  'explorer-multiple-correlation': 'ExplorerMultipleCorrelationVariables',
};

const isFilter = (value: string | null): value is QueryExplorerFilter =>
  (QUERY_EXPLORER_FILTERS as readonly (string | null)[]).includes(value);

// Only a route reachable by its plain path can be gone back to.
const isOriginRoute = (value: string | null): value is RouteName =>
  value !== null && Object.hasOwn(ROUTE_TABLE, value) && !ROUTES[value as RouteName].includes(':');

export function readQueryListParams(search: URLSearchParams): QueryListParams {
  const origin = search.get('origin');
  const filter = search.get('filter');
  const tags = (search.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0)
    .join(',');
  return {
    origin: isOriginRoute(origin) ? origin : undefined,
    tags,
    filter: isFilter(filter) ? filter : undefined,
  };
}

function listSearch({ origin, tags, filter }: QueryListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (origin) search.set('origin', origin);
  if (tags) search.set('tags', tags);
  if (filter) search.set('filter', filter);
  return search;
}

/** The list with these parameters. */
export function queryListPath(params: QueryListParams): string {
  const search = listSearch(params).toString();
  return search ? `${ROUTES.QueryList}?${search}` : ROUTES.QueryList;
}

/** The edit screen of a query, remembering the list to return to. */
export function queryEditPath(id: number, params: QueryListParams): string {
  return `${ROUTES.Query}?${new URLSearchParams([['id', String(id)], ...listSearch(params)])}`;
}

/** Back from the list: the explorer kind's variable selection, else the origin screen, else the workspace. */
export function queryListBackPath({ filter, origin }: QueryListParams): string {
  if (filter) return ROUTES[SELECTION_ROUTES[filter]];
  return ROUTES[origin ?? 'Workspace'];
}

/** The breadcrumb of the list (and of `last` below it): under the explorer kind when narrowed. */
export function queryListTrail({ filter }: QueryListParams, last?: RouteName): RouteName[] {
  const list: RouteName[] = filter
    ? ['Explore', SELECTION_ROUTES[filter], 'QueryList']
    : breadcrumbTrail('QueryList');
  return last ? [...list, last] : list;
}

const TITLE_KEYS = {
  'explorer-evolution': 'queries.titles.evolution',
  'explorer-correlation': 'queries.titles.correlation',
  'explorer-multiple-correlation': 'queries.titles.multipleCorrelation',
} as const;

/** The translation key of the list's title: the explorer kind's queries, or all. */
export function queryListTitleKey(filter: QueryExplorerFilter | undefined) {
  return filter ? TITLE_KEYS[filter] : ('routes.QueryList' as const);
}

/** The queries of the explorer kind, or all. */
export function queriesOfKind(
  queries: readonly QueryDto[],
  filter: QueryExplorerFilter | undefined,
): QueryDto[] {
  return filter ? queries.filter((query) => queryPathFilter(query.relativePath) === filter) : [...queries];
}

/** Opening a query: its stored explorer address with the list's filter, origin QueryList and its name. */
export function openQueryPath(query: QueryDto, { filter }: QueryListParams): string {
  const appended = new URLSearchParams();
  if (filter) appended.set('filter', filter);
  appended.set('origin', 'QueryList');
  appended.set('queryName', query.name);
  return `${query.relativePath}&${appended}`;
}
