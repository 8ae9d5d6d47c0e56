import { MENU } from '../config/menu';
import { WORKSPACE_TILES } from '../config/workspace';
import { canAccessRoute, visibleMenu, visibleTiles } from './access';

const keys = (entries: ReturnType<typeof visibleMenu>): string[] =>
  entries.flatMap((entry) => [entry.key, ...(entry.children ? keys(entry.children) : [])]);

describe('canAccessRoute', () => {
  it('lets anyone signed in reach routes without a feature', () => {
    expect(canAccessRoute('Settings', [])).toBe(true);
    expect(canAccessRoute('UserProfile', [])).toBe(true);
  });

  it('needs an authority of the route feature', () => {
    expect(canAccessRoute('ExplorerEvolution', ['QUERY'])).toBe(false);
    expect(canAccessRoute('ExplorerEvolution', ['EXPLORER'])).toBe(true);
    expect(canAccessRoute('UserList', ['EXPLORER', 'QUERY'])).toBe(false);
    expect(canAccessRoute('UserList', ['ROLE_ADMIN'])).toBe(true);
  });
});

describe('visibleMenu', () => {
  it('shows only the entries without a feature to a user without authorities', () => {
    expect(keys(visibleMenu(MENU, []))).toEqual(['settings']);
  });

  it('shows a parent with just the children the user may open', () => {
    const explorer = visibleMenu(MENU, ['EXPLORER']).find(({ key }) => key === 'explorer');
    expect(explorer?.children?.map(({ key }) => key)).toEqual([
      'explorerEvolution',
      'explorerCorrelation',
      'explorerMultipleCorrelation',
    ]);
  });

  it('hides a parent none of whose children is available', () => {
    expect(keys(visibleMenu(MENU, ['QUERY']))).toEqual(['workspace', 'queries', 'settings']);
  });

  it('shows everything an administrator may use', () => {
    expect(keys(visibleMenu(MENU, ['ROLE_ADMIN']))).toEqual([
      'workspace',
      'explorer',
      'explorerEvolution',
      'explorerCorrelation',
      'explorerMultipleCorrelation',
      'queries',
      'incidenceCurrentStatus',
      'incidences',
      'incidenceRules',
      'valveCurrentStatus',
      'valveHistoricAnalysis',
      'aggregateVariables',
      'management',
      'settings',
    ]);
  });

  it('shows the valve screens to valve users', () => {
    expect(keys(visibleMenu(MENU, ['AMPOCURRENTSTATUS']))).toEqual([
      'valveCurrentStatus',
      'valveHistoricAnalysis',
      'settings',
    ]);
  });

  it('shows the incidence screens to incidence users', () => {
    expect(keys(visibleMenu(MENU, ['INCIDENCE']))).toEqual([
      'incidenceCurrentStatus',
      'incidences',
      'incidenceRules',
      'settings',
    ]);
  });
});

describe('visibleTiles', () => {
  const routes = (authorities: string[]) =>
    visibleTiles(WORKSPACE_TILES, authorities).map(({ route }) => route);

  it('gives a query user only the query list', () => {
    expect(routes(['QUERY'])).toEqual(['QueryList']);
  });

  it('gives rule and incidence users their lists', () => {
    expect(routes(['RULE'])).toEqual(['EventList', 'RuleList']);
    expect(routes(['INCIDENCE'])).toEqual(['IncidenceList', 'RuleIncidenceList']);
  });

  it('hides the raw variable tile from an administrator who lacks the RawVariable feature', () => {
    expect(routes(['ROLE_ADMIN'])).toEqual([
      'EventList',
      'RuleList',
      'IncidenceList',
      'RuleIncidenceList',
      'AmpoCurrentStatus',
      'HistoricAnalysis',
      'AggregateVariableMenu',
      'QueryList',
      'VariableManagement',
    ]);
  });

  it('gives the super admin who is also administrator every tile', () => {
    expect(routes(['ROLE_ADMIN', 'ROLE_SUPERADMIN'])).toHaveLength(WORKSPACE_TILES.length);
  });
});
