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
