import { CATEGORY_COLOURS } from '@plantlens/contracts';
import {
  MAX_CATEGORIES,
  OTHER_CATEGORY_COLOUR,
  categoryIndexOf,
  chartCategories,
  zCategoryRanges,
} from './category-colouring';

const RANGES = [
  { value: 0, name: 'Off', color: CATEGORY_COLOURS.red },
  { value: 1, name: 'On', color: CATEGORY_COLOURS.green },
  { value: 2, name: 'Fault', color: '#000000' },
];
const OPTIONS = { onlyPresent: false, otherLabel: 'Other', locale: 'en-GB' };

describe('category colouring', () => {
  it("finds Z's group in the answer's category sets", () => {
    const sets = [{ id: 4, name: 'Pumps', variables: [7, 9], ranges: RANGES }];
    expect(zCategoryRanges(sets, 9)).toBe(RANGES);
    expect(zCategoryRanges(sets, 8)).toBeNull();
  });

  it("colours a categorical Z with its group's colours and names, all or only those present", () => {
    expect(chartCategories([1, 0, 1], RANGES, OPTIONS)).toEqual(RANGES);
    expect(chartCategories([1, 0, 1], RANGES, { ...OPTIONS, onlyPresent: true })).toEqual(RANGES.slice(0, 2));
  });

  it("gathers the values outside the group's categories in one light entry", () => {
    const categories = chartCategories([1, 5, 6], RANGES, { ...OPTIONS, onlyPresent: true })!;
    expect(categories).toEqual([RANGES[1], { value: null, name: 'Other', color: OTHER_CATEGORY_COLOUR }]);
    const indexOf = categoryIndexOf(categories);
    expect([1, 5, 6].map(indexOf)).toEqual([0, 1, 1]);
    expect(categoryIndexOf(RANGES)(7)).toBe(-1);
  });

  it(`gives a Z in no group one Set1 colour per distinct value, or none past ${MAX_CATEGORIES}`, () => {
    expect(chartCategories([3, 1000, 3], null, OPTIONS)).toEqual([
      { value: 3, name: '3', color: '#e41a1c' },
      { value: 1000, name: '1,000', color: '#377eb8' },
    ]);
    const many = Array.from({ length: MAX_CATEGORIES + 1 }, (_, i) => i);
    expect(chartCategories(many.slice(1), null, OPTIONS)).toHaveLength(MAX_CATEGORIES);
    expect(chartCategories(many, null, OPTIONS)).toBeNull();
    // A group is drawn whatever the number of distinct values.
    expect(chartCategories(many, RANGES, OPTIONS)).toHaveLength(RANGES.length + 1);
  });
});
