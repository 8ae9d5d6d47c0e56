import { colourCharts } from './chart-colouring';
import type { PairPoints } from './correlation-points';

const chart = (zs: number[] | null): PairPoints => ({
  x: { id: 1, label: 'x', unit: null },
  y: { id: 2, label: 'y', unit: null },
  z: zs && { id: 3, label: 'z', unit: null },
  timestamps: (zs ?? [0]).map((_, i) => i),
  xs: (zs ?? [0]).map((_, i) => i),
  ys: (zs ?? [0]).map((_, i) => i),
  zs,
  zCategories: null,
  sampled: false,
});
const SETTINGS = { meter: 'sequential' as const, rangeZ: null, locale: 'en-GB', otherCategoryLabel: 'Other' };
const valueCategory = (value: number, index: number) => ({
  value,
  name: String(value),
  color: ['#e41a1c', '#377eb8', '#4daf4a'][index],
});

describe('colourCharts', () => {
  it('gives each pair its Set1 colour without Z', () => {
    const view = colourCharts([chart(null), chart(null)], null, SETTINGS);
    expect(view.charts).toEqual([
      { kind: 'plain', color: '#e41a1c' },
      { kind: 'plain', color: '#377eb8' },
    ]);
    expect(view.meterLabels).toBeNull();
  });

  it('spans one meter over the Z values of every chart, or the fixed Z range', () => {
    const view = colourCharts([chart([0, 2]), null, chart([4])], 'intensity', {
      ...SETTINGS,
      meter: 'divergent',
    });
    expect(view.meterLabels).toEqual([
      '0.00',
      '0.50',
      '1.00',
      '1.50',
      '2.00',
      '2.50',
      '3.00',
      '3.50',
      '4.00',
    ]);
    expect(view.charts[0]).toEqual({
      kind: 'intensity',
      extent: { min: 0, max: 4 },
      scale: 'divergent',
      labels: view.meterLabels,
    });
    expect(view.charts[1]).toEqual(view.charts[0]);
    const fixed = colourCharts([chart([0, 2])], 'intensity', {
      ...SETTINGS,
      rangeZ: { min: -90, max: null },
    });
    expect(fixed.meterLabels?.[0]).toBe('-90');
  });

  it('draws plain and shows no meter while no chart has data', () => {
    const view = colourCharts([null], 'intensity', SETTINGS);
    expect(view).toEqual({
      charts: [{ kind: 'plain', color: '#e41a1c' }],
      meterLabels: null,
      tooManyCategories: [false],
    });
  });

  it('counts the values of a Z in no group per chart, or over all charts for the global category', () => {
    const charts = [chart([5, 1, 5]), chart([7])];
    expect(colourCharts(charts, 'category', SETTINGS).charts).toEqual([
      { kind: 'category', categories: [valueCategory(1, 0), valueCategory(5, 1)] },
      { kind: 'category', categories: [valueCategory(7, 0)] },
    ]);
    const global = { kind: 'category', categories: [1, 5, 7].map(valueCategory) };
    expect(colourCharts(charts, 'globalCategory', SETTINGS).charts).toEqual([global, global]);
  });

  it("colours a categorical Z with its group's categories: those present per chart, or all of them", () => {
    const ranges = [
      { value: 0, name: 'Off', color: '#e53935' },
      { value: 1, name: 'On', color: '#43a047' },
    ];
    const grouped = (zs: number[]) => ({ ...chart(zs), zCategories: ranges });
    const charts = [grouped([1, 1]), grouped([0, 1, 3])];
    expect(colourCharts(charts, 'category', SETTINGS).charts).toEqual([
      { kind: 'category', categories: [ranges[1]] },
      { kind: 'category', categories: [...ranges, { value: null, name: 'Other', color: '#bfbfbf' }] },
    ]);
    const many = grouped(Array.from({ length: 20 }, (_, i) => i % 2));
    const view = colourCharts([many], 'globalCategory', SETTINGS);
    expect(view.charts).toEqual([{ kind: 'category', categories: ranges }]);
    expect(view.tooManyCategories).toEqual([false]);
  });

  it('draws plain and says so where Z has more than 9 distinct values', () => {
    const many = chart(Array.from({ length: 10 }, (_, i) => i));
    const view = colourCharts([many, chart([1])], 'category', SETTINGS);
    expect(view.charts[0]).toEqual({ kind: 'plain', color: '#e41a1c' });
    expect(view.tooManyCategories).toEqual([true, false]);
    expect(
      colourCharts([chart([1, 2, 3, 4, 5]), chart([6, 7, 8, 9, 10])], 'globalCategory', SETTINGS)
        .tooManyCategories,
    ).toEqual([true, true]);
  });
});
