import type { RouteName } from './routes';

// The side menu (spec part 1 §2): each entry opens a route, or groups children. An entry shows only when
// the user holds its route's feature; a parent only when one of its children shows.
export interface MenuEntry {
  key: MenuKey;
  route?: RouteName;
  children?: MenuEntry[];
}

export type MenuKey =
  | 'workspace'
  | 'explorer'
  | 'explorerEvolution'
  | 'explorerCorrelation'
  | 'explorerMultipleCorrelation'
  | 'queries'
  | 'incidenceCurrentStatus'
  | 'incidences'
  | 'incidenceRules'
  | 'valveCurrentStatus'
  | 'valveHistoricAnalysis'
  | 'aggregateVariables'
  | 'management'
  | 'csvUploader'
  | 'settings';

export const MENU: MenuEntry[] = [
  { key: 'workspace', route: 'Workspace' },
  {
    key: 'explorer',
    children: [
      { key: 'explorerEvolution', route: 'ExplorerEvolutionVariables' },
      { key: 'explorerCorrelation', route: 'ExplorerCorrelationVariables' },
      { key: 'explorerMultipleCorrelation', route: 'ExplorerMultipleCorrelationVariables' },
    ],
  },
  { key: 'queries', route: 'QueryList' },
  { key: 'incidenceCurrentStatus', route: 'CurrentStatusIncidence' },
  { key: 'incidences', route: 'IncidenceList' },
  { key: 'incidenceRules', route: 'RuleIncidenceList' },
  { key: 'valveCurrentStatus', route: 'AmpoCurrentStatus' },
  { key: 'valveHistoricAnalysis', route: 'HistoricAnalysis' },
  { key: 'aggregateVariables', route: 'AggregateVariableMenu' },
  { key: 'management', route: 'VariableManagement' },
  { key: 'csvUploader', route: 'CsvUploader' },
  { key: 'settings', route: 'Settings' },
];

// The main menu of the valve deployment (spec part 2 §2): current status, historic analysis, explorer.
export const VALVE_MENU: MenuEntry[] = [
  { key: 'valveCurrentStatus', route: 'AmpoCurrentStatus' },
  { key: 'valveHistoricAnalysis', route: 'HistoricAnalysis' },
  ...MENU.filter(({ key }) => key === 'explorer'),
];
