import { SampleHistory } from './sample-history';

describe('SampleHistory', () => {
  it('keeps the newest items, oldest first, once full', () => {
    const history = new SampleHistory<number>(3);
    expect(history.list()).toEqual([]);
    history.push(1);
    history.push(2);
    expect(history.list()).toEqual([1, 2]);
    for (const item of [3, 4, 5, 6, 7]) history.push(item);
    expect(history.list()).toEqual([5, 6, 7]);
  });
});
