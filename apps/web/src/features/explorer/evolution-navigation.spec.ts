import {
  correlationConversion,
  evolutionBack,
  evolutionBreadcrumb,
  stepPath,
  type NavigationStep,
} from './evolution-navigation';
import { parseEvolutionQuery } from './explorer-query';

const view = 'variables=4,2&startDate=1000&endDate=2000&optGrid=true';
const navigation = (search: string) => {
  const params = new URLSearchParams(search);
  const query = parseEvolutionQuery(params);
  return {
    back: stepPath(evolutionBack(params, query)),
    breadcrumb: evolutionBreadcrumb(params, query),
  };
};
const routes = (steps: NavigationStep[]) => steps.map(({ route }) => route);

describe('evolution back navigation and breadcrumb', () => {
  it('by default goes back to the parameter selection keeping the query', () => {
    const { back, breadcrumb } = navigation(`${view}&queryName=Caldera&tags=3`);
    expect(back).toBe(`/explorer-evolution-variables?optGrid=true&variables=4,2&startDate=1000&endDate=2000`);
    expect(routes(breadcrumb)).toEqual(['Explore', 'ExplorerEvolutionVariables', 'ExplorerEvolution']);
    expect(stepPath(breadcrumb[1])).toBe(back);
  });

  it('from the query list goes back to it: workspace > queries > evolution', () => {
    const { back, breadcrumb } = navigation(`${view}&origin=QueryList`);
    expect(back).toBe('/query/list');
    expect(routes(breadcrumb)).toEqual(['Workspace', 'QueryList', 'ExplorerEvolution']);
  });

  it('from a filtered query list goes back to it, named after the filter', () => {
    const { back, breadcrumb } = navigation(`${view}&origin=QueryList&filter=explorer-evolution`);
    expect(back).toBe('/query/list?filter=explorer-evolution');
    expect(breadcrumb.map(stepPath)).toEqual([
      '/workspace',
      '/query/list?filter=explorer-evolution',
      '/explorer-evolution',
    ]);
    expect(breadcrumb[1].filter).toBe('explorer-evolution');
  });

  it('takes the breadcrumb from the filter before the origin', () => {
    const { breadcrumb } = navigation(`${view}&origin=IncidenceList&filter=explorer-evolution`);
    expect(breadcrumb.map(stepPath)).toEqual([
      '/workspace',
      '/query/list?filter=explorer-evolution',
      '/explorer-evolution',
    ]);
  });

  it.each([
    ['EventList', '/event/list', ['Workspace', 'EventList', 'ExplorerEvolution']],
    ['IncidenceList', '/incidence/list', ['Workspace', 'IncidenceList', 'ExplorerEvolution']],
    [
      'IncidenceHistoric',
      '/incidence-historic/list',
      ['Workspace', 'IncidenceList', 'IncidenceHistoric', 'ExplorerEvolution'],
    ],
  ])('from %s goes back to %s', (origin, path, trail) => {
    const { back, breadcrumb } = navigation(`${view}&origin=${origin}&ruleId=9`);
    expect(back).toBe(path);
    expect(routes(breadcrumb)).toEqual(trail);
  });

  it('treats an unknown origin as none', () => {
    expect(navigation(`${view}&origin=Somewhere`).back).toMatch(/^\/explorer-evolution-variables\?/);
  });
});

describe('correlationConversion', () => {
  const range = { startDate: 1000, endDate: 2000 };

  it('turns two variables into the first pair, with the same dates', () => {
    expect(stepPath(correlationConversion([4, 2], range)!)).toBe(
      '/explorer-correlation?pair1=4,2&startDate=1000&endDate=2000',
    );
  });

  it('makes a third variable the intensity (Z)', () => {
    expect(stepPath(correlationConversion([4, 2, 7], range)!)).toBe(
      '/explorer-correlation?pair1=4,2&z=7&zType=intensity&startDate=1000&endDate=2000',
    );
  });

  it('is not offered with one variable or more than three', () => {
    expect(correlationConversion([4], range)).toBeNull();
    expect(correlationConversion([4, 2, 7, 8], range)).toBeNull();
  });
});
