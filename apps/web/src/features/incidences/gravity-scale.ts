// The gravity legend of /incidence/list (spec §2: a gradient from 0 % to 100 %), and the colour a
// gravity takes on it: green, through amber, to red.
const STOPS: { at: number; rgb: [number, number, number] }[] = [
  { at: 0, rgb: [82, 196, 26] },
  { at: 50, rgb: [250, 173, 20] },
  { at: 100, rgb: [245, 34, 45] },
];

export const GRAVITY_GRADIENT = `linear-gradient(to right, ${STOPS.map(
  ({ at, rgb }) => `rgb(${rgb.join(', ')}) ${at}%`,
).join(', ')})`;

/** The colour of a gravity (percent) on the legend; values outside 0–100 take the nearest end. */
export function gravityColour(percent: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const upper = STOPS.findIndex(({ at }) => at >= clamped);
  if (upper <= 0) return `rgb(${STOPS[0].rgb.join(', ')})`;
  const [from, to] = [STOPS[upper - 1], STOPS[upper]];
  const share = (clamped - from.at) / (to.at - from.at);
  const rgb = from.rgb.map((channel, i) => Math.round(channel + (to.rgb[i] - channel) * share));
  return `rgb(${rgb.join(', ')})`;
}
