import type { QueryDto } from '@plantlens/contracts';
import {
  openQueryPath,
  queriesOfKind,
  queryEditPath,
  queryListBackPath,
  queryListPath,
  queryListTitleKey,
  queryListTrail,
  readQueryListParams,
} from './query-list-params';

const read = (search: string) => readQueryListParams(new URLSearchParams(search));

const query = (id: number, relativePath: string, name = `Q${id}`): QueryDto => ({
  id,
  name,
  owner: 'ana',
  star: false,
  mine: true,
  order: id,
  relativePath,
  tags: [],
  canShare: true,
  canEdit: true,
  canDelete: true,
});

describe('query list parameters', () => {
  it('reads origin, tags and filter, ignoring values it does not know', () => {
    expect(read('origin=ExplorerEvolutionVariables&tags=a,%20b,,&filter=explorer-evolution')).toEqual({
      origin: 'ExplorerEvolutionVariables',
      tags: 'a,b',
      filter: 'explorer-evolution',
    });
    expect(read('origin=Nowhere&filter=explorer&tags=')).toEqual({
      origin: undefined,
      tags: '',
      filter: undefined,
    });
    // A route with path parameters cannot be gone back to by name.
    expect(read('origin=Permissions').origin).toBeUndefined();
    expect(read('origin=constructor').origin).toBeUndefined();
  });

  it('goes back to the explorer kind, else the origin, else the workspace', () => {
    expect(queryListBackPath(read('filter=explorer-multiple-correlation&origin=Settings'))).toBe(
      '/explorer-multiple-correlation-variables',
    );
    expect(queryListBackPath(read('origin=Settings'))).toBe('/settings');
    expect(queryListBackPath(read(''))).toBe('/workspace');
  });

  it('puts the list under the explorer kind in the breadcrumb and titles it by kind', () => {
    expect(queryListTrail(read('filter=explorer-evolution'))).toEqual([
      'Explore',
      'ExplorerEvolutionVariables',
      'QueryList',
    ]);
    expect(queryListTrail(read(''), 'Query')).toEqual(['Workspace', 'QueryList', 'Query']);
    expect(queryListTitleKey('explorer-multiple-correlation')).toBe('queries.titles.multipleCorrelation');
    expect(queryListTitleKey(undefined)).toBe('routes.QueryList');
  });

  it('keeps the queries of the kind: correlation is not multiple correlation', () => {
    const queries = [
      query(1, '/explorer-evolution?variables=1'),
      query(2, '/explorer-correlation?pair1=1,2'),
      query(3, '/explorer-multiple-correlation?pairsSelected=1'),
    ];
    expect(queriesOfKind(queries, 'explorer-correlation').map(({ id }) => id)).toEqual([2]);
    expect(queriesOfKind(queries, undefined).map(({ id }) => id)).toEqual([1, 2, 3]);
  });

  it('opens a query at its stored address plus filter, origin and name; edits return to the same list', () => {
    const params = read('filter=explorer-evolution&origin=ExplorerEvolutionVariables&tags=a');
    expect(openQueryPath(query(1, '/explorer-evolution?variables=1,2', 'Días & noches'), params)).toBe(
      '/explorer-evolution?variables=1,2&filter=explorer-evolution&origin=QueryList&queryName=D%C3%ADas+%26+noches',
    );
    expect(queryEditPath(4, params)).toBe(
      '/query?id=4&origin=ExplorerEvolutionVariables&tags=a&filter=explorer-evolution',
    );
    expect(queryListPath(params)).toBe(
      '/query/list?origin=ExplorerEvolutionVariables&tags=a&filter=explorer-evolution',
    );
    expect(queryListPath(read(''))).toBe('/query/list');
  });
});
