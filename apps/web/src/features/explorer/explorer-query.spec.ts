import {
  DEFAULT_EVOLUTION_OPTIONS,
  MAX_EVOLUTION_VARIABLES,
  parseEvolutionQuery,
  savedQueryPath,
  serializeEvolutionQuery,
  viewSearch,
  type EvolutionQuery,
} from './explorer-query';

const parse = (search: string) => parseEvolutionQuery(new URLSearchParams(search));
const serialize = (query: EvolutionQuery, over = '') =>
  serializeEvolutionQuery(new URLSearchParams(over), query);

const plain: EvolutionQuery = {
  variableIds: [],
  range: null,
  origin: null,
  queryName: null,
  filter: null,
  tags: null,
  options: DEFAULT_EVOLUTION_OPTIONS,
};

// A view using every parameter of /explorer-evolution, none at its default.
const full: EvolutionQuery = {
  variableIds: [5, 3, 12],
  range: { startDate: 1_700_000_000_000, endDate: 1_700_086_400_000 },
  origin: 'QueryList',
  queryName: 'Caldera, turno de noche & más',
  filter: 'explorer-evolution',
  tags: '4,-2',
  options: { singleAxis: false, grid: true, showPoints: true, fixedRange: { min: -5.5, max: 120 } },
};

describe('parseEvolutionQuery', () => {
  it('reads variable ids and the date range', () => {
    expect(parse('variables=3,1,2&startDate=1700000000000&endDate=1700600000000')).toEqual({
      ...plain,
      variableIds: [3, 1, 2],
      range: { startDate: 1700000000000, endDate: 1700600000000 },
    });
  });

  it('reads commas escaped as %2C', () => {
    expect(parse('variables=1%2C2').variableIds).toEqual([1, 2]);
  });

  it('ignores ids that are not positive integers, and repeated ids', () => {
    expect(parse('variables=abc,-1,2.5,0,,7, 8 ,7,1e3').variableIds).toEqual([7, 8]);
  });

  it(`keeps at most ${MAX_EVOLUTION_VARIABLES} variables`, () => {
    const ids = Array.from({ length: MAX_EVOLUTION_VARIABLES + 3 }, (_, index) => index + 1);
    expect(parse(`variables=${ids.join(',')}`).variableIds).toEqual(ids.slice(0, MAX_EVOLUTION_VARIABLES));
  });

  it('has no variables when the parameter is missing or empty', () => {
    expect(parse('').variableIds).toEqual([]);
    expect(parse('variables=').variableIds).toEqual([]);
  });

  it('swaps a start later than the end', () => {
    expect(parse('startDate=2000&endDate=1000').range).toEqual({ startDate: 1000, endDate: 2000 });
  });

  it('ignores the range when a date is missing, not a whole epoch in ms, or both are equal', () => {
    expect(parse('startDate=1000').range).toBeNull();
    expect(parse('startDate=yesterday&endDate=2000').range).toBeNull();
    expect(parse('startDate=1000.5&endDate=2000').range).toBeNull();
    expect(parse('startDate=-1000&endDate=2000').range).toBeNull();
    expect(parse('startDate=1000&endDate=1000').range).toBeNull();
  });

  it('defaults the options: single axis on, grid, points and fixed range off', () => {
    expect(parse('variables=1,2').options).toEqual({
      singleAxis: true,
      grid: false,
      showPoints: false,
      fixedRange: null,
    });
  });

  it('reads each option flag as true or false, anything else as its default', () => {
    expect(parse('optSingleAxis=false&optGrid=true&optShowPoints=true').options).toMatchObject({
      singleAxis: false,
      grid: true,
      showPoints: true,
    });
    expect(parse('optSingleAxis=no&optGrid=1&optShowPoints=').options).toEqual(DEFAULT_EVOLUTION_OPTIONS);
  });

  it('reads a fixed range of two numbers, lower first; anything else is no fixed range', () => {
    expect(parse('optRange=-5.5,120').options.fixedRange).toEqual({ min: -5.5, max: 120 });
    expect(parse('optRange=').options.fixedRange).toBeNull();
    expect(parse('optRange=5').options.fixedRange).toBeNull();
    expect(parse('optRange=1,2,3').options.fixedRange).toBeNull();
    expect(parse('optRange=10,5').options.fixedRange).toBeNull();
    expect(parse('optRange=5,5').options.fixedRange).toBeNull();
    expect(parse('optRange=a,5').options.fixedRange).toBeNull();
  });

  it('reads origin and filter only from their known values', () => {
    expect(parse('origin=IncidenceHistoric&filter=explorer-evolution')).toMatchObject({
      origin: 'IncidenceHistoric',
      filter: 'explorer-evolution',
    });
    expect(parse('origin=Elsewhere&filter=everything')).toMatchObject({ origin: null, filter: null });
  });

  it('reads the query name and tags as they are', () => {
    expect(parse('queryName=Caldera%20%231&tags=4,7')).toMatchObject({
      queryName: 'Caldera #1',
      tags: '4,7',
    });
  });
});

describe('serializeEvolutionQuery', () => {
  it('writes ids with plain commas and the range in epoch ms', () => {
    expect(serialize({ ...plain, variableIds: [1, 2], range: { startDate: 1000, endDate: 2000 } })).toBe(
      'variables=1,2&startDate=1000&endDate=2000',
    );
  });

  it('leaves out options at their default', () => {
    expect(serialize({ ...plain, variableIds: [1] }, 'optGrid=true&optSingleAxis=false')).toBe('variables=1');
  });

  it('keeps the parameters it does not own', () => {
    const search = serialize({ ...plain, variableIds: [4] }, 'ruleId=17&variables=9');
    expect(new URLSearchParams(search).get('ruleId')).toBe('17');
    expect(new URLSearchParams(search).get('variables')).toBe('4');
  });

  it('drops the parameters of an empty view', () => {
    expect(serialize(plain, 'variables=1&startDate=1000&endDate=2000&origin=QueryList&optRange=1,2')).toBe(
      '',
    );
  });

  it('round-trips every parameter through parseEvolutionQuery', () => {
    const search = serialize(full);
    expect(search).toBe(
      'variables=5,3,12&startDate=1700000000000&endDate=1700086400000&origin=QueryList' +
        '&queryName=Caldera,+turno+de+noche+%26+m%C3%A1s&filter=explorer-evolution&tags=4,-2' +
        '&optSingleAxis=false&optGrid=true&optShowPoints=true&optRange=-5.5,120',
    );
    expect(parse(search)).toEqual(full);
  });

  it.each([
    ['variables', { variableIds: [8] }],
    ['dates', { range: { startDate: 1, endDate: 2 } }],
    ['origin', { origin: 'EventList' }],
    ['query name', { queryName: 'Horno 2' }],
    ['filter', { filter: 'explorer-evolution' }],
    ['tags', { tags: '3' }],
    ['single axis', { options: { ...DEFAULT_EVOLUTION_OPTIONS, singleAxis: false } }],
    ['grid', { options: { ...DEFAULT_EVOLUTION_OPTIONS, grid: true } }],
    ['show points', { options: { ...DEFAULT_EVOLUTION_OPTIONS, showPoints: true } }],
    ['fixed range', { options: { ...DEFAULT_EVOLUTION_OPTIONS, fixedRange: { min: 0, max: 0.25 } } }],
  ] as const)('round-trips %s alone', (_name, patch) => {
    const query = { ...plain, ...patch } as EvolutionQuery;
    expect(parse(serialize(query))).toEqual(query);
  });
});

describe('viewSearch', () => {
  it('hands on the variables, the dates and every opt* parameter, nothing else', () => {
    const params = new URLSearchParams('variables=1&origin=QueryList&optGrid=true&optFuture=x&queryName=Q');
    expect(viewSearch(params, { variableIds: [2, 3], range: { startDate: 10, endDate: 20 } })).toBe(
      'optGrid=true&optFuture=x&variables=2,3&startDate=10&endDate=20',
    );
  });

  it('leaves out what the view lacks', () => {
    expect(viewSearch(new URLSearchParams('startDate=1&endDate=2'), { variableIds: [], range: null })).toBe(
      '',
    );
  });
});

describe('savedQueryPath', () => {
  it('is the evolution path of the view, without where it was opened from', () => {
    expect(savedQueryPath(full)).toBe(
      '/explorer-evolution?variables=5,3,12&startDate=1700000000000&endDate=1700086400000' +
        '&optSingleAxis=false&optGrid=true&optShowPoints=true&optRange=-5.5,120',
    );
  });
});
