import { ROUTES, breadcrumbTrail, type RouteName } from '../../config/routes';

// Where the raw variable editor was opened from (spec part 1 §2, `origin`): Save, Cancel and the back
// chevron return there, and the breadcrumb follows it. Anything else counts as the raw variable list.
export const RAW_VARIABLE_ORIGINS = ['RawVariableList', 'VariableTagTree', 'VariableManagement'] as const;
export type RawVariableOrigin = (typeof RAW_VARIABLE_ORIGINS)[number];

export function readRawVariableOrigin(origin: string | null): RawVariableOrigin {
  return RAW_VARIABLE_ORIGINS.find((candidate) => candidate === origin) ?? 'RawVariableList';
}

export function rawVariableReturnPath(origin: RawVariableOrigin): string {
  return ROUTES[origin];
}

/** Workspace > raw variable list, Workspace > variable management (> taxonomy), then the editor. */
export function rawVariableTrail(origin: RawVariableOrigin): RouteName[] {
  return [...breadcrumbTrail(origin), 'RawVariable'];
}
