import { normalizeQueryPath, queryPathFilter } from './query';

describe('normalizeQueryPath', () => {
  it('keeps an explorer chart address byte for byte', () => {
    const path = '/explorer-correlation?pair1=1,2&pair2=3%2C4&z=5&zType=intensity&optMeter=divergent';
    expect(normalizeQueryPath(path)).toBe(path);
  });

  it('drops the navigation parameters the query list appends, however they are spelled', () => {
    expect(
      normalizeQueryPath(
        '/explorer-evolution?origin=QueryList&variables=1,2&%71ueryName=a+b&filter=x&&startDate=5',
      ),
    ).toBe('/explorer-evolution?variables=1,2&startDate=5');
  });

  it.each([
    ['https://plant.example/explorer-evolution?variables=1'],
    ['//plant.example/explorer-evolution?variables=1'],
    ['explorer-evolution?variables=1'],
    ['/explorer-evolution'],
    ['/explorer-evolution?'],
    ['/explorer-evolution?origin=QueryList'],
    ['/explorer-evolution-variables?variables=1'],
    ['/explorer-evolution/?variables=1'],
    ['/Explorer-Evolution?variables=1'],
    ['/explorer-evolution?variables=1#chart'],
    ['/explorer-evolution?variables=1\n'],
    ['/explorer-evolution?variables=ü'],
  ])('rejects %j', (path) => {
    expect(normalizeQueryPath(path)).toBeUndefined();
  });

  it('rejects an address longer than 4096 characters', () => {
    expect(normalizeQueryPath(`/explorer-evolution?variables=${'1,'.repeat(2040)}`)).toBeUndefined();
    expect(normalizeQueryPath(`/explorer-evolution?variables=${'1,'.repeat(2030)}`)).toBeDefined();
  });

  it('tells which explorer chart a stored path opens', () => {
    expect(queryPathFilter('/explorer-multiple-correlation?pairsSelected=1')).toBe(
      'explorer-multiple-correlation',
    );
    expect(queryPathFilter('/explorer-correlation?pair1=1,2')).toBe('explorer-correlation');
    expect(queryPathFilter('/workspace?x=1')).toBeUndefined();
  });
});
