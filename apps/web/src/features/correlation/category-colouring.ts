import type { CategoryRangeDto, CategorySetDto } from '@plantlens/contracts';
import { SET1 } from '../../lib/palette';

// Colouring the points of a correlation by the categories of Z (spec part 2 §2 "category", §3 "Correlation
// data" category sets). A Z in a categorical group is coloured with the group's categories as the server
// sends them: their colours and names. A Z in no group falls back to one Set1 colour per distinct value.

/** A category as a chart draws it; value null gathers the points whose Z is none of the group's values. */
export interface ChartCategory {
  value: number | null;
  name: string;
  color: string;
}

// A Z in no group with more distinct values than Set1 has colours is no category variable.
export const MAX_CATEGORIES = SET1.length;
// The points of a categorical Z whose value is none of its group's categories: light, behind the others.
export const OTHER_CATEGORY_COLOUR = '#bfbfbf';

/** The categories of Z's group from the answer's category sets, or null when Z is in none. */
export function zCategoryRanges(sets: readonly CategorySetDto[], zId: number): CategoryRangeDto[] | null {
  return sets.find((set) => set.variables.includes(zId))?.ranges ?? null;
}

interface ChartCategoryOptions {
  /** of the group's categories, list only those some point has (the individual colouring) */
  onlyPresent: boolean;
  /** the legend entry of the points outside the group's categories */
  otherLabel: string;
  /** BCP 47 tag naming the distinct values of a Z in no group */
  locale: string;
}

/**
 * The categories a chart shows for the Z values `values`: Z's group (`ranges`) when it has one, plus an
 * "other" entry when some value is none of its categories; otherwise one Set1 colour per distinct value,
 * ascending, or null past MAX_CATEGORIES.
 */
export function chartCategories(
  values: readonly number[],
  ranges: readonly CategoryRangeDto[] | null,
  { onlyPresent, otherLabel, locale }: ChartCategoryOptions,
): ChartCategory[] | null {
  const distinct = new Set<number>();
  for (const value of values) {
    distinct.add(value);
    if (!ranges && distinct.size > MAX_CATEGORIES) return null;
  }
  if (!ranges) {
    const format = new Intl.NumberFormat(locale);
    return [...distinct]
      .sort((a, b) => a - b)
      .map((value, index) => ({ value, name: format.format(value), color: SET1[index] }));
  }
  const categories: ChartCategory[] = ranges
    .filter((range) => !onlyPresent || distinct.has(range.value))
    .map(({ value, name, color }) => ({ value, name, color }));
  const known = new Set(ranges.map((range) => range.value));
  const hasOthers = [...distinct].some((value) => !known.has(value));
  return hasOthers
    ? [...categories, { value: null, name: otherLabel, color: OTHER_CATEGORY_COLOUR }]
    : categories;
}

/** Which category a Z value falls in (its index in `categories`), -1 for none. */
export function categoryIndexOf(categories: readonly ChartCategory[]): (z: number) => number {
  const indexByValue = new Map(categories.map((category, index) => [category.value, index]));
  const other = indexByValue.get(null) ?? -1;
  return (z) => indexByValue.get(z) ?? other;
}
