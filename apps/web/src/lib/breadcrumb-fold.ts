// Approximate widths: the breadcrumb folds before it would wrap, without measuring every item.
const CHAR_PX = 8;
const SEPARATOR_PX = 24;

export interface FoldedBreadcrumb {
  /** indexes shown in place, in order */
  shown: number[];
  /** indexes gathered in the dropdown that replaces them, after the first item */
  folded: number[];
}

export function estimateWidth(labels: readonly string[]): number {
  return labels.reduce((sum, label) => sum + label.length * CHAR_PX + SEPARATOR_PX, 0);
}

// The first and the last item always show; middle items fold, nearest the start first, until the rest fits
// (the dropdown itself counts as one short item).
export function foldBreadcrumb(labels: readonly string[], availablePx: number): FoldedBreadcrumb {
  const all = labels.map((_, index) => index);
  if (estimateWidth(labels) <= availablePx || labels.length <= 2) return { shown: all, folded: [] };
  const folded: number[] = [];
  for (let index = 1; index < labels.length - 1; index += 1) {
    folded.push(index);
    const rest = labels.filter((_, position) => !folded.includes(position));
    if (estimateWidth([...rest, '…']) <= availablePx) break;
  }
  return { shown: all.filter((index) => !folded.includes(index)), folded };
}
