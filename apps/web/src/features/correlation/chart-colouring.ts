import { SET1 } from '../../lib/palette';
import type { AxisRange } from './axis-range';
import { meterExtent, meterLabels } from './color-meter';
import { categoriesOf, type Colouring } from './correlation-chart-options';
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
 * one meter over Z's values on every chart; by category, one colour per Z value, counted per chart
 * ('category') or over all charts ('globalCategory').
 */
export function colourCharts(
  charts: readonly (PairPoints | null)[],
  zType: ZType | null,
  { meter, rangeZ, locale }: { meter: MeterScale; rangeZ: AxisRange | null; locale: string },
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
  if (zType === 'globalCategory') {
    const categories = categoriesOf(allZ());
    return categories
      ? {
          charts: charts.map(() => ({ kind: 'category', categories })),
          meterLabels: null,
          tooManyCategories: none,
        }
      : { charts: plain, meterLabels: null, tooManyCategories: charts.map((chart) => !!chart?.zs?.length) };
  }
  if (zType === 'category') {
    const categories = charts.map((chart) => categoriesOf(chart?.zs ?? []));
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
