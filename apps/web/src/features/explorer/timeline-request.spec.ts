import { timelineRequest } from './timeline-request';

const range = { startDate: 1000, endDate: 2000 };

describe('timelineRequest', () => {
  it('asks for the selected variables over the range', () => {
    expect(timelineRequest([4, 2], range, 800)).toEqual({
      variableIds: [4, 2],
      startDate: 1000,
      endDate: 2000,
      width: 800,
    });
  });

  it('rounds the chart width up to 100 px steps, so small resizes hit the cache', () => {
    expect(timelineRequest([1], range, 801)?.width).toBe(900);
    expect(timelineRequest([1], range, 899)?.width).toBe(900);
    expect(timelineRequest([1], range, 3)?.width).toBe(100);
  });

  it("caps the width at the server's 10 000 px limit", () => {
    expect(timelineRequest([1], range, 12_345)?.width).toBe(10_000);
  });

  it('asks nothing without variables or before the chart has been measured', () => {
    expect(timelineRequest([], range, 800)).toBeNull();
    expect(timelineRequest([1], range, 0)).toBeNull();
  });
});
