import type { RawPointsPageDto, RawPointsQuery } from '@plantlens/contracts';
import { TooManyRawPoints, readRawPoints, type RawPointsPageReader } from './raw-points';

const range = { startDate: 1_700_000_000_000, endDate: 1_700_000_010_000 };

// A variable stored as the given pages, answered as the server does: each page names the `after` of the next.
function storedAs(pages: [number, number][][]): { read: RawPointsPageReader; asked: RawPointsQuery[] } {
  const asked: RawPointsQuery[] = [];
  const read: RawPointsPageReader = (query) => {
    asked.push(query);
    const index = query.after === undefined ? 0 : pages.findIndex((page) => page[0][0] > (query.after ?? 0));
    const page = pages[index];
    const last = page.at(-1)?.[0] ?? null;
    const answer: RawPointsPageDto = {
      variableId: query.variableId,
      ts: page.map(([ts]) => ts),
      values: page.map(([, value]) => value),
      nextAfter: index < pages.length - 1 ? last : null,
    };
    return Promise.resolve(answer);
  };
  return { read, asked };
}

describe('readRawPoints', () => {
  it('reads page after page until the last, as epoch-second CSV points', async () => {
    const { read, asked } = storedAs([
      [
        [1_700_000_000_000, 1.5],
        [1_700_000_001_500, 2],
      ],
      [[1_700_000_009_000, 3]],
    ]);
    expect(await readRawPoints(read, 7, range, 10)).toEqual([
      { timestamp: 1_700_000_000, value: 1.5 },
      { timestamp: 1_700_000_001.5, value: 2 },
      { timestamp: 1_700_000_009, value: 3 },
    ]);
    expect(asked.map(({ variableId, from, to, after }) => [variableId, from, to, after])).toEqual([
      [7, range.startDate, range.endDate, undefined],
      [7, range.startDate, range.endDate, 1_700_000_001_500],
    ]);
  });

  it('stops with TooManyRawPoints past the budget, without reading further pages', async () => {
    const { read, asked } = storedAs([
      [[1_700_000_000_000, 1]],
      [
        [1_700_000_001_000, 2],
        [1_700_000_002_000, 3],
      ],
      [[1_700_000_003_000, 4]],
    ]);
    await expect(readRawPoints(read, 7, range, 2)).rejects.toBeInstanceOf(TooManyRawPoints);
    expect(asked).toHaveLength(2);
  });
});
