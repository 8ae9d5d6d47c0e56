import type { AggregateGoal } from '@plantlens/contracts';
import { ROUTES, breadcrumbTrail, type RouteName } from '../../config/routes';

// The list and the editor of each goal.
export const AGGREGATE_LIST_ROUTES = {
  operated: 'AggregateOperatedVariableList',
  gradual: 'AggregateGradualVariableList',
  metrical: 'AggregateMetricalVariableList',
} as const satisfies Record<AggregateGoal, RouteName>;

export const AGGREGATE_EDITOR_ROUTES = {
  operated: 'AggregateOperatedVariable',
  gradual: 'AggregateGradualVariable',
  metrical: 'AggregateMetricalVariable',
} as const satisfies Record<AggregateGoal, RouteName>;

// Where an editor was opened from (spec part 1 §2, `origin`): Cancel, the back chevron and Save return
// there. The spec's origins, the other two aggregate lists, and the multiple correlation selection, which
// has the same "aggregate variable" button as the other explorers.
export const AGGREGATE_ORIGINS = [
  'QueryList',
  'AggregateOperatedVariableList',
  'AggregateGradualVariableList',
  'AggregateMetricalVariableList',
  'VariableTagTree',
  'VariableManagement',
  'ExplorerEvolutionVariables',
  'ExplorerCorrelationVariables',
  'ExplorerMultipleCorrelationVariables',
] as const satisfies readonly RouteName[];
export type AggregateOrigin = (typeof AGGREGATE_ORIGINS)[number];

/** The origin of the address; anything else counts as the list of the editor's goal. */
export function readAggregateOrigin(origin: string | null, goal: AggregateGoal): AggregateOrigin {
  return AGGREGATE_ORIGINS.find((candidate) => candidate === origin) ?? AGGREGATE_LIST_ROUTES[goal];
}

export function aggregateReturnPath(origin: AggregateOrigin): string {
  return ROUTES[origin];
}

/** The breadcrumb of an editor: the origin's own trail, then the editor. */
export function aggregateEditorTrail(origin: AggregateOrigin, goal: AggregateGoal): RouteName[] {
  return [...breadcrumbTrail(origin), AGGREGATE_EDITOR_ROUTES[goal]];
}

/** The editor of a goal: a new variable without `id`. */
export function aggregateEditorPath(
  goal: AggregateGoal,
  { id, origin }: { id?: number; origin?: string | null },
): string {
  const search = new URLSearchParams();
  if (id !== undefined) search.set('id', String(id));
  if (origin) search.set('origin', origin);
  const text = search.toString();
  return text ? `${ROUTES[AGGREGATE_EDITOR_ROUTES[goal]]}?${text}` : ROUTES[AGGREGATE_EDITOR_ROUTES[goal]];
}
