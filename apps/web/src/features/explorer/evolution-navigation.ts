import { ROUTES, type RouteName } from '../../config/routes';
import type { DateRange } from '../../lib/date-ranges';
import { readableSearch, viewSearch, type EvolutionQuery, type ExplorerFilter } from './explorer-query';

export interface NavigationStep {
  route: RouteName;
  /** query string without '?', empty for none */
  search: string;
  /** a query list narrowed to one explorer, which names it differently */
  filter?: ExplorerFilter;
}

const step = (route: RouteName, search = ''): NavigationStep => ({ route, search });

// Where the back chevron of the chart goes (spec part 2 §2 "Back navigation by origin"); with no known
// origin, back to the parameter selection keeping the query.
export function evolutionBack(params: URLSearchParams, query: EvolutionQuery): NavigationStep {
  switch (query.origin) {
    case 'QueryList':
      return query.filter ? filteredQueryList(query.filter) : step('QueryList');
    case 'EventList':
      return step('EventList');
    case 'IncidenceList':
      return step('IncidenceList');
    case 'IncidenceHistoric':
      return step('IncidenceHistoric');
    case null:
      return step('ExplorerEvolutionVariables', viewSearch(params, query));
  }
}

// The breadcrumb of the chart (spec part 2 §2): by filter first, then by origin, else explorer >
// parameter selection (keeping the query) > evolution.
export function evolutionBreadcrumb(params: URLSearchParams, query: EvolutionQuery): NavigationStep[] {
  const evolution = step('ExplorerEvolution');
  if (query.filter) return [step('Workspace'), filteredQueryList(query.filter), evolution];
  switch (query.origin) {
    case 'QueryList':
      return [step('Workspace'), step('QueryList'), evolution];
    case 'EventList':
      return [step('Workspace'), step('EventList'), evolution];
    case 'IncidenceList':
      return [step('Workspace'), step('IncidenceList'), evolution];
    case 'IncidenceHistoric':
      return [step('Workspace'), step('IncidenceList'), step('IncidenceHistoric'), evolution];
    case null:
      return [step('Explore'), evolutionBack(params, query), evolution];
  }
}

// The correlation a view of 2 or 3 variables converts to (spec part 2 §4): the first two ids as the pair,
// the third, if any, as the intensity (Z) variable; same dates. Null for other counts.
export function correlationConversion(variableIds: number[], range: DateRange): NavigationStep | null {
  if (variableIds.length < 2 || variableIds.length > 3) return null;
  const params = new URLSearchParams({ pair1: `${variableIds[0]},${variableIds[1]}` });
  if (variableIds.length === 3) {
    params.set('z', String(variableIds[2]));
    params.set('zType', 'intensity');
  }
  params.set('startDate', String(range.startDate));
  params.set('endDate', String(range.endDate));
  return step('ExplorerCorrelation', readableSearch(params));
}

export function stepPath({ route, search }: NavigationStep): string {
  return search ? `${ROUTES[route]}?${search}` : ROUTES[route];
}

function filteredQueryList(filter: ExplorerFilter): NavigationStep {
  return { route: 'QueryList', search: new URLSearchParams({ filter }).toString(), filter };
}
