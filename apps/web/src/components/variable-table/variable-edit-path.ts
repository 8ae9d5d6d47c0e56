import type { VariableListRowDto } from '@plantlens/contracts';
import { ROUTES } from '../../config/routes';

// The screens that list variables and open their editor; the editor returns there (part 1 §2, `origin`;
// features/variables/raw-variable-origin.ts reads it).
export type VariableListOrigin = 'RawVariableList' | 'VariableManagement' | 'VariableTagTree';

// A raw variable opens the raw editor. The list row does not say whether an aggregate variable is operated,
// gradual or metrical (part 1 §3): AggregateVariableEdit reads it and opens the editor of its kind.
export function variableEditPath(variable: VariableListRowDto, origin: VariableListOrigin): string {
  const search = new URLSearchParams({ id: String(variable.id), origin }).toString();
  return `${variable.aggregate ? ROUTES.AggregateVariableEdit : ROUTES.RawVariable}?${search}`;
}
