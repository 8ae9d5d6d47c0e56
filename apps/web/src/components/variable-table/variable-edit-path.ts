import type { VariableListRowDto } from '@plantlens/contracts';
import { ROUTES } from '../../config/routes';

// The screens that list variables and open their editor; the editor returns there (part 1 §2, `origin`;
// features/variables/raw-variable-origin.ts reads it).
export type VariableListOrigin = 'RawVariableList' | 'VariableManagement' | 'VariableTagTree';

// A raw variable opens the raw editor. The list row does not say whether an aggregate variable is operated,
// gradual or metrical (part 1 §3), so it opens the aggregate variable menu, where each kind has its editor.
export function variableEditPath(variable: VariableListRowDto, origin: VariableListOrigin): string {
  if (variable.aggregate) return ROUTES.AggregateVariableMenu;
  return `${ROUTES.RawVariable}?${new URLSearchParams({ id: String(variable.id), origin }).toString()}`;
}
