import {
  incidenceListBackRoute,
  incidenceListFromMapPath,
  incidenceListRequest,
  incidenceListSearch,
  incidenceListTrail,
  readIncidenceListParams,
  withFilters,
} from './incidence-list-params';

const read = (search: string) => readIncidenceListParams(new URLSearchParams(search));

describe('incidence list parameters', () => {
  it('defaults to the first page sorted by gravity descending, unfiltered', () => {
    const params = read('');
    expect(params).toEqual({
      origin: undefined,
      status: undefined,
      tags: [],
      last30Days: false,
      assets: [],
      filter: '',
      page: 1,
      sortField: 'gravity',
      sortOrder: 'desc',
    });
    expect(incidenceListRequest(params)).toEqual({
      page: 1,
      pageSize: 10,
      sortField: 'gravity',
      sortOrder: 'desc',
    });
    expect(incidenceListSearch(params)).toBe('');
  });

  it('reads the address and asks the server with the filters of spec §7', () => {
    const params = read(
      'origin=CurrentStatusIncidence&status=REPORTED&tags=boiler,line%202&last30Days=true&assets=4,9&filter=%20hot%20&page=3&sortField=name&sortOrder=asc',
    );
    expect(incidenceListRequest(params)).toEqual({
      page: 3,
      pageSize: 10,
      sortField: 'name',
      sortOrder: 'asc',
      lastActivationFiltered: true,
      filterStatus: 'REPORTED',
      filterTags: 'boiler,line 2',
      filterAssets: '4,9',
      filter: 'hot',
    });
    expect(incidenceListSearch(params)).toBe(
      'origin=CurrentStatusIncidence&status=REPORTED&tags=boiler,line+2&last30Days=true&assets=4,9&filter=hot&page=3&sortField=name&sortOrder=asc',
    );
  });

  it('ignores values it does not know', () => {
    expect(
      read('origin=Elsewhere&status=LOST&page=-2&sortField=colour&sortOrder=asc&assets=a,0,5'),
    ).toMatchObject({
      origin: undefined,
      status: undefined,
      page: 1,
      sortField: 'gravity',
      sortOrder: 'desc',
      assets: [5],
    });
  });

  it('goes back to the first page when a filter changes', () => {
    expect(withFilters(read('page=4&status=NEW'), { status: 'REVISION' })).toMatchObject({
      page: 1,
      status: 'REVISION',
    });
  });

  it('goes back to the map when opened from it, otherwise to the workspace', () => {
    expect(incidenceListBackRoute(read('origin=CurrentStatusIncidence'))).toBe('CurrentStatusIncidence');
    expect(incidenceListBackRoute(read(''))).toBe('Workspace');
    expect(incidenceListTrail(read('origin=CurrentStatusIncidence'))).toEqual([
      'CurrentStatusIncidence',
      'IncidenceList',
    ]);
    expect(incidenceListTrail(read(''))).toEqual(['Workspace', 'IncidenceList']);
  });

  it('opens from the map narrowed to the chosen asset', () => {
    expect(incidenceListFromMapPath(12)).toBe('/incidence/list?origin=CurrentStatusIncidence&assets=12');
    expect(incidenceListFromMapPath()).toBe('/incidence/list?origin=CurrentStatusIncidence');
  });
});
