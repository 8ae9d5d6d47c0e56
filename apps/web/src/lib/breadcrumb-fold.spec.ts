import { estimateWidth, foldBreadcrumb } from './breadcrumb-fold';

const labels = ['Workspace', 'Variable management', 'Taxonomy', 'Tags'];

describe('foldBreadcrumb', () => {
  it('shows every item when they fit', () => {
    expect(foldBreadcrumb(labels, estimateWidth(labels))).toEqual({ shown: [0, 1, 2, 3], folded: [] });
  });

  it('folds middle items, nearest the start first, until the rest fits', () => {
    const withoutSecond = estimateWidth(['Workspace', '…', 'Taxonomy', 'Tags']);
    expect(foldBreadcrumb(labels, withoutSecond)).toEqual({ shown: [0, 2, 3], folded: [1] });
  });

  it('always keeps the first and the last item', () => {
    expect(foldBreadcrumb(labels, 10)).toEqual({ shown: [0, 3], folded: [1, 2] });
    expect(foldBreadcrumb(['Settings', 'Users'], 10)).toEqual({ shown: [0, 1], folded: [] });
  });
});

describe('foldBreadcrumb with measured labels', () => {
  // Drawn text is narrower than the estimate: a trail the estimate would fold fits as measured.
  const measured = (label: string) => label.length * 6;

  it('folds only when the measured trail does not fit', () => {
    const available = estimateWidth(labels, measured);
    expect(available).toBeLessThan(estimateWidth(labels));
    expect(foldBreadcrumb(labels, available)).not.toEqual({ shown: [0, 1, 2, 3], folded: [] });
    expect(foldBreadcrumb(labels, available, measured)).toEqual({ shown: [0, 1, 2, 3], folded: [] });
    expect(foldBreadcrumb(labels, available - 1, measured).folded).toEqual([1]);
  });
});
