import {
  DEFAULT_MULTIPLE_CORRELATION_OPTIONS,
  parseMultipleCorrelationQuery,
  serializeMultipleCorrelationQuery,
  type MultipleCorrelationQuery,
} from './multiple-correlation-query';

const parse = (search: string) => parseMultipleCorrelationQuery(new URLSearchParams(search));
const serialize = (query: MultipleCorrelationQuery, search = '') =>
  serializeMultipleCorrelationQuery(new URLSearchParams(search), query);

const FULL: MultipleCorrelationQuery = {
  tagsX: [12, -3],
  tagsY: [40],
  pairs: [
    { x: 1, y: 2 },
    { x: 1, y: 5 },
    { x: 7, y: 2 },
  ],
  range: { startDate: 1_700_000_000_000, endDate: 1_700_086_400_000 },
  origin: 'QueryList',
  queryName: 'Coker temperatures',
  filter: 'explorer-multiple-correlation',
  options: { grid: true, rangeX: { min: 0, max: 100 }, rangeY: { min: null, max: 8.5 } },
};

describe('multiple correlation address', () => {
  it('writes every parameter of the spec and reads the same view back', () => {
    const search = serialize(FULL);
    expect(search).toBe(
      'filterTagsX=12,-3&filterTagsY=40&pairsSelected=1-2,1-5,7-2&beginDate=1700000000000&endDate=1700086400000' +
        '&origin=QueryList&queryName=Coker+temperatures&filter=explorer-multiple-correlation' +
        '&optGrid=true&optRangeX=0,100&optRangeY=,8.5',
    );
    expect(parse(search)).toEqual(FULL);
  });

  it.each([
    ['nothing chosen yet', { tagsX: [], tagsY: [], pairs: [] }],
    ['no dates nor navigation', { range: null, origin: null, queryName: null, filter: null }],
    ['default options', { options: DEFAULT_MULTIPLE_CORRELATION_OPTIONS }],
  ] as [string, Partial<MultipleCorrelationQuery>][])('round-trips %s', (_, change) => {
    const query = { ...FULL, ...change };
    expect(parse(serialize(query))).toEqual(query);
  });

  it('keeps the parameters it does not own', () => {
    expect(
      serialize(
        {
          ...FULL,
          origin: null,
          queryName: null,
          filter: null,
          options: DEFAULT_MULTIPLE_CORRELATION_OPTIONS,
        },
        'ruleId=4',
      ),
    ).toBe(
      'ruleId=4&filterTagsX=12,-3&filterTagsY=40&pairsSelected=1-2,1-5,7-2&beginDate=1700000000000&endDate=1700086400000',
    );
  });

  it('skips unreadable tags and pairs, pairs of one variable and repeats', () => {
    const query = parse(
      'filterTagsX=a,0,5,5,-2&pairsSelected=1-2,3,4-4,x-1,1-2,2-1,%2C&beginDate=5&endDate=1',
    );
    expect(query.tagsX).toEqual([5, -2]);
    expect(query.pairs).toEqual([
      { x: 1, y: 2 },
      { x: 2, y: 1 },
    ]);
    expect(query.range).toEqual({ startDate: 1, endDate: 5 });
  });
});
