// Approximate widths, used where text cannot be measured (no canvas, as in jsdom).
const CHAR_PX = 8;
const SEPARATOR_PX = 24;

/** The width in pixels of one label as drawn. */
export type LabelWidth = (label: string) => number;

export const estimateLabelWidth: LabelWidth = (label) => label.length * CHAR_PX;

export interface FoldedBreadcrumb {
  /** indexes shown in place, in order */
  shown: number[];
  /** indexes gathered in the dropdown that replaces them, after the first item */
  folded: number[];
}

export function estimateWidth(
  labels: readonly string[],
  labelWidth: LabelWidth = estimateLabelWidth,
): number {
  return labels.reduce((sum, label) => sum + labelWidth(label) + SEPARATOR_PX, 0);
}

// The first and the last item always show; middle items fold, nearest the start first, until the rest fits
// (the dropdown itself counts as one short item). `labelWidth` measures the labels as the page draws them
// when it can, so the trail folds only when it would really wrap.
export function foldBreadcrumb(
  labels: readonly string[],
  availablePx: number,
  labelWidth: LabelWidth = estimateLabelWidth,
): FoldedBreadcrumb {
  const all = labels.map((_, index) => index);
  const width = (shown: readonly string[]) => estimateWidth(shown, labelWidth);
  if (width(labels) <= availablePx || labels.length <= 2) return { shown: all, folded: [] };
  const folded: number[] = [];
  for (let index = 1; index < labels.length - 1; index += 1) {
    folded.push(index);
    const rest = labels.filter((_, position) => !folded.includes(position));
    if (width([...rest, '…']) <= availablePx) break;
  }
  return { shown: all.filter((index) => !folded.includes(index)), folded };
}
