import type { Feature } from '@plantlens/contracts';
import type { RouteName } from './routes';

// Tiles of /workspace with the feature each needs (spec part 1 §2). A tile also hides when its route is
// out of the user's reach (the raw variable list needs RawVariable besides the tile's Admin).
export interface WorkspaceTile {
  route: RouteName;
  feature: Feature;
}

export const WORKSPACE_TILES: WorkspaceTile[] = [
  { route: 'EventList', feature: 'Rule' },
  { route: 'RuleList', feature: 'Rule' },
  { route: 'IncidenceList', feature: 'Incidence' },
  { route: 'RuleIncidenceList', feature: 'Incidence' },
  { route: 'AmpoCurrentStatus', feature: 'AmpoCurrentStatus' },
  { route: 'HistoricAnalysis', feature: 'AmpoCurrentStatus' },
  { route: 'AggregateVariableMenu', feature: 'AggregateVariable' },
  { route: 'QueryList', feature: 'Query' },
  { route: 'RawVariableList', feature: 'Admin' },
  { route: 'VariableManagement', feature: 'Admin' },
  { route: 'CsvUploader', feature: 'Superadmin' },
  { route: 'PerformanceBackoffice', feature: 'Superadmin' },
  { route: 'CacheManagement', feature: 'Superadmin' },
];
