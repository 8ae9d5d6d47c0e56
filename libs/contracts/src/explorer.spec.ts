import { timelineFromColumns, type TimelineColumnsDto } from './explorer';

describe('timelineFromColumns', () => {
  it('pairs each instant with its value, in epoch seconds, keeping the grid of every variable', () => {
    const answer: TimelineColumnsDto = {
      startDate: 1_735_689_600_000,
      endDate: 1_735_693_200_000,
      variables: [
        {
          metadata: { id: 3, label: 'Flow', unit: 'm³/h' },
          ts: [1_735_689_600_000, 1_735_689_601_500],
          values: [4.25, -0.5],
          sampled: true,
          resolutionS: 10,
          gridStartMs: 1_735_689_600_000,
          bucketMs: 20_000,
        },
        {
          metadata: { id: 1, label: 'Level', unit: null },
          ts: [],
          values: [],
          sampled: false,
          resolutionS: null,
          gridStartMs: 1_735_689_600_000,
          bucketMs: 1_800,
        },
      ],
    };
    expect(timelineFromColumns(answer)).toEqual({
      startDate: 1_735_689_600_000,
      endDate: 1_735_693_200_000,
      variables: [
        {
          metadata: { id: 3, label: 'Flow', unit: 'm³/h' },
          data: [
            { timestamp: 1_735_689_600, value: 4.25 },
            { timestamp: 1_735_689_601.5, value: -0.5 },
          ],
          sampled: true,
          resolutionS: 10,
          gridStartMs: 1_735_689_600_000,
          bucketMs: 20_000,
        },
        {
          metadata: { id: 1, label: 'Level', unit: null },
          data: [],
          sampled: false,
          resolutionS: null,
          gridStartMs: 1_735_689_600_000,
          bucketMs: 1_800,
        },
      ],
    });
  });
});
