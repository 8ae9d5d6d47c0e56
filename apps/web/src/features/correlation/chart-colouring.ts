import { SET1 } from '../../lib/palette';
import type { AxisRange } from './axis-range';
import { meterExtent, meterLabels } from './color-meter';
import { chartCategories } from './category-colouring';
import type { Colouring } from './correlation-chart-options';
import type { PairPoints } from './correlation-points';
import type { MeterScale, ZType } from './correlation-query';

export interface ViewColouring {
  /** the colouring of each chart, in order */
  charts: Colouring[];
  /** the meter's 9 labels in intensity mode with data to span */
  meterLabels: string[] | null;
  /** per chart: Z has more distinct values than categories can show, so its points are drawn plain */
  tooManyCategories: boolean[];
}

/**
 * How each chart of a view is coloured (spec part 2 §2): without Z, one Set1 colour per pair; by intensity,
 * one meter over Z's values on every chart; by category, Z's group's categories (or one colour per Z value
 * for a Z in no group), those present per chart ('category') or all of them ('globalCategory').
 */
export function colourCharts(
  charts: readonly (PairPoints | null)[],
  zType: ZType | null,
  {
    meter,
    rangeZ,
    locale,
    otherCategoryLabel,
  }: { meter: MeterScale; rangeZ: AxisRange | null; locale: string; otherCategoryLabel: string },
): ViewColouring {
  const plain = charts.map((_, index): Colouring => ({ kind: 'plain', color: SET1[index % SET1.length] }));
  const none = charts.map(() => false);
  const allZ = () => charts.flatMap((chart) => chart?.zs ?? []);
  if (zType === 'intensity') {
    const extent = meterExtent(allZ(), rangeZ);
    if (!extent) return { charts: plain, meterLabels: null, tooManyCategories: none };
    const labels = meterLabels(extent, locale);
    const intensity: Colouring = { kind: 'intensity', extent, scale: meter, labels };
    return { charts: charts.map(() => intensity), meterLabels: labels, tooManyCategories: none };
  }
  // Z is the same variable on every chart: its group's categories come with each chart's answer.
  const zRanges = charts.find((chart) => chart?.zCategories)?.zCategories ?? null;
  const categoryOptions = { otherLabel: otherCategoryLabel, locale };
  if (zType === 'globalCategory') {
    const categories = chartCategories(allZ(), zRanges, { ...categoryOptions, onlyPresent: false });
    return categories
      ? {
          charts: charts.map(() => ({ kind: 'category', categories })),
          meterLabels: null,
          tooManyCategories: none,
        }
      : { charts: plain, meterLabels: null, tooManyCategories: charts.map((chart) => !!chart?.zs?.length) };
  }
  if (zType === 'category') {
    const categories = charts.map((chart) =>
      chartCategories(chart?.zs ?? [], zRanges, { ...categoryOptions, onlyPresent: true }),
    );
    return {
      charts: categories.map((chartCategories, index) =>
        chartCategories ? { kind: 'category', categories: chartCategories } : plain[index],
      ),
      meterLabels: null,
      tooManyCategories: categories.map((chartCategories) => chartCategories === null),
    };
  }
  return { charts: plain, meterLabels: null, tooManyCategories: none };
}
