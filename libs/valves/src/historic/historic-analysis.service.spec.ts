import { spreadEvenly } from './historic-analysis.service';

describe('spreadEvenly', () => {
  const items = Array.from({ length: 10 }, (_, i) => i);

  it('keeps everything up to the cap', () => {
    expect(spreadEvenly(items, 10)).toEqual(items);
    expect(spreadEvenly(items, 50)).toEqual(items);
  });

  it('keeps the first and the last and spaces the rest evenly, in order', () => {
    expect(spreadEvenly(items, 4)).toEqual([0, 3, 6, 9]);
    expect(spreadEvenly(items, 2)).toEqual([0, 9]);
    expect(spreadEvenly(items, 9)).toHaveLength(9);
  });

  it('keeps the latest when only one may stay', () => {
    expect(spreadEvenly(items, 1)).toEqual([9]);
  });
});
