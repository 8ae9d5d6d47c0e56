import {
  DEFAULT_CORRELATION_OPTIONS,
  completePairs,
  parseCorrelationQuery,
  serializeCorrelationQuery,
  viewVariableIds,
  type CorrelationQuery,
} from './correlation-query';

const parse = (search: string) => parseCorrelationQuery(new URLSearchParams(search));
const serialize = (query: CorrelationQuery, search = '') =>
  serializeCorrelationQuery(new URLSearchParams(search), query);

const FULL: CorrelationQuery = {
  rows: [
    { x: 1, y: 2 },
    { x: 3, y: 4 },
    { x: 5, y: 6 },
    { x: 7, y: 8 },
  ],
  z: { type: 'intensity', variableId: 9 },
  range: { startDate: 1_700_000_000_000, endDate: 1_700_086_400_000 },
  origin: 'QueryList',
  queryName: 'Drum A pressure vs temperature',
  filter: 'explorer-correlation',
  options: {
    rangeX: { min: -5, max: 10.5 },
    rangeY: { min: 0, max: null },
    rangeZ: { min: null, max: 300 },
    grid: true,
    meter: 'divergent',
  },
};

describe('correlation address', () => {
  it('writes every parameter of the spec and reads the same view back', () => {
    const search = serialize(FULL);
    expect(search).toBe(
      'pair1=1,2&pair2=3,4&pair3=5,6&pair4=7,8&z=9&zType=intensity&startDate=1700000000000&endDate=1700086400000' +
        '&origin=QueryList&queryName=Drum+A+pressure+vs+temperature&filter=explorer-correlation' +
        '&optRangeX=-5,10.5&optRangeY=0,&optRangeZ=,300&optGrid=true&optMeter=divergent',
    );
    expect(parse(search)).toEqual(FULL);
  });

  it.each([
    ['one pair, no Z', { rows: [{ x: 1, y: 2 }], z: { type: null, variableId: null } }],
    [
      'rows being filled in',
      {
        rows: [
          { x: 1, y: null },
          { x: null, y: null },
          { x: null, y: 4 },
        ],
      },
    ],
    ['individual category', { z: { type: 'category', variableId: 3 } }],
    ['global category without its variable yet', { z: { type: 'globalCategory', variableId: null } }],
    ['no dates, origin, name or filter', { range: null, origin: null, queryName: null, filter: null }],
    ['default options', { options: DEFAULT_CORRELATION_OPTIONS }],
  ] as [string, Partial<CorrelationQuery>][])('round-trips %s', (_, change) => {
    const query = { ...FULL, ...change };
    expect(parse(serialize(query))).toEqual(query);
  });

  it('leaves default options out and keeps the parameters it does not own', () => {
    const query: CorrelationQuery = { ...FULL, origin: null, queryName: null, filter: null };
    expect(
      serialize(
        { ...query, rows: [{ x: 1, y: 2 }], options: DEFAULT_CORRELATION_OPTIONS },
        'powerCurve=a&pair3=9,9&optGrid=true',
      ),
    ).toBe('powerCurve=a&pair1=1,2&z=9&zType=intensity&startDate=1700000000000&endDate=1700086400000');
  });

  it('reads commas escaped as %2C and starts with one empty row without pairs', () => {
    expect(parse('pair1=1%2C2').rows).toEqual([{ x: 1, y: 2 }]);
    expect(parse('').rows).toEqual([{ x: null, y: null }]);
  });

  it('reads unreadable sides as empty and skips missing pair numbers', () => {
    expect(parse('pair1=a,-2&pair3=0,7.5&pair4=3').rows).toEqual([
      { x: null, y: null },
      { x: null, y: null },
      { x: 3, y: null },
    ]);
  });

  it('ignores Z without a known zType, and unknown origins, filters and meters', () => {
    const query = parse('pair1=1,2&z=3&zType=colour&origin=Elsewhere&filter=x&optMeter=rainbow&optGrid=1');
    expect(query.z).toEqual({ type: null, variableId: null });
    expect([query.origin, query.filter]).toEqual([null, null]);
    expect(query.options).toEqual(DEFAULT_CORRELATION_OPTIONS);
  });

  it('swaps a start later than the end and ignores an unusable range', () => {
    expect(parse('startDate=2000&endDate=1000').range).toEqual({ startDate: 1000, endDate: 2000 });
    expect(parse('startDate=1000').range).toBeNull();
    expect(parse('startDate=1000&endDate=1000').range).toBeNull();
    expect(parse('startDate=-5&endDate=1000').range).toBeNull();
  });

  it('ignores fixed ranges that are not two numbers with the lower first', () => {
    const ranges = (value: string) => parse(`optRangeX=${value}`).options.rangeX;
    expect(ranges('1,2,3')).toBeNull();
    expect(ranges('5,1')).toBeNull();
    expect(ranges('1,1')).toBeNull();
    expect(ranges(',')).toBeNull();
    expect(ranges('a,2')).toBeNull();
    expect(ranges('2')).toBeNull();
    expect(ranges('1e2,')).toEqual({ min: 100, max: null });
  });
});

describe('completePairs and viewVariableIds', () => {
  it('keeps the rows with two different variables', () => {
    expect(
      completePairs([
        { x: 1, y: 2 },
        { x: 3, y: null },
        { x: 4, y: 4 },
        { x: 2, y: 1 },
      ]),
    ).toEqual([
      { x: 1, y: 2 },
      { x: 2, y: 1 },
    ]);
  });

  it('lists the variables of the view once each, Z last', () => {
    const pairs = [
      { x: 1, y: 2 },
      { x: 2, y: 3 },
    ];
    expect(viewVariableIds(pairs, { type: 'intensity', variableId: 7 })).toEqual([1, 2, 3, 7]);
    expect(viewVariableIds(pairs, { type: null, variableId: null })).toEqual([1, 2, 3]);
  });
});
