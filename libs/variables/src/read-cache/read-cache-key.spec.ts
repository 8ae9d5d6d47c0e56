import { readCacheKey } from './read-cache-key';

describe('readCacheKey', () => {
  it('names the call and lists the parameters sorted by name, whatever order they were given in', () => {
    const key = readCacheKey('timeline-data', {
      width: 2000,
      variableIds: [3, 1],
      startDate: 10,
      endDate: 20,
    });
    expect(key).toBe('timeline-data?endDate=20&startDate=10&variableIds=3,1&width=2000');
    expect(
      readCacheKey('timeline-data', { startDate: 10, endDate: 20, width: 2000, variableIds: [3, 1] }),
    ).toBe(key);
  });

  it('keeps the order of a list, which is the order of the series in the answer', () => {
    expect(readCacheKey('correlation-data', { variableIds: [1, 3] })).not.toBe(
      readCacheKey('correlation-data', { variableIds: [3, 1] }),
    );
  });
});
