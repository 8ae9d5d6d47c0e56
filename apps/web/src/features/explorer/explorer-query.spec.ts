import { MAX_EVOLUTION_VARIABLES, parseEvolutionQuery, serializeEvolutionQuery } from './explorer-query';

const parse = (search: string) => parseEvolutionQuery(new URLSearchParams(search));

describe('parseEvolutionQuery', () => {
  it('reads variable ids and the date range', () => {
    expect(parse('variables=3,1,2&startDate=1700000000000&endDate=1700600000000')).toEqual({
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
});

describe('serializeEvolutionQuery', () => {
  it('writes ids with plain commas and the range in epoch ms', () => {
    const search = serializeEvolutionQuery(new URLSearchParams(), {
      variableIds: [1, 2],
      range: { startDate: 1000, endDate: 2000 },
    });
    expect(search).toBe('variables=1,2&startDate=1000&endDate=2000');
  });

  it('keeps parameters it does not own (origin, query name, opt* options)', () => {
    const search = serializeEvolutionQuery(new URLSearchParams('origin=QueryList&variables=9&optGrid=true'), {
      variableIds: [4],
      range: null,
    });
    expect(new URLSearchParams(search).get('origin')).toBe('QueryList');
    expect(new URLSearchParams(search).get('optGrid')).toBe('true');
    expect(new URLSearchParams(search).get('variables')).toBe('4');
  });

  it('drops the parameters of an empty selection and of a missing range', () => {
    expect(
      serializeEvolutionQuery(new URLSearchParams('variables=1&startDate=1000&endDate=2000'), {
        variableIds: [],
        range: null,
      }),
    ).toBe('');
  });

  it('round-trips through parseEvolutionQuery', () => {
    const query = {
      variableIds: [5, 3],
      range: { startDate: 1_700_000_000_000, endDate: 1_700_086_400_000 },
    };
    expect(parse(serializeEvolutionQuery(new URLSearchParams(), query))).toEqual(query);
  });
});
