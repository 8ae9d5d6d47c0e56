// ColorBrewer Set1, the palette of the explorer charts (spec part 2 §9).
export const SET1 = [
  '#e41a1c',
  '#377eb8',
  '#4daf4a',
  '#984ea3',
  '#ff7f00',
  '#ffff33',
  '#a65628',
  '#f781bf',
  '#999999',
] as const;

// One colour per series; past nine the colours repeat.
export function set1Colors(count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => SET1[index % SET1.length]);
}
