import { aggregateInputIds, type AggregateDefinition } from '@plantlens/contracts';
import { shiftWindowByGap, type CalculationWindow } from './aggregate-math';

/** Points of a variable to read: [fromMs, toMs] and its latest point before fromMs within the max age. */
export interface ReadRange extends CalculationWindow {
  variableId: number;
}

/** What each input must be read over to calculate the window (see calculateAggregate). */
export function inputRanges(definition: AggregateDefinition, window: CalculationWindow): ReadRange[] {
  if (definition.goal === 'gradual') {
    const earlier = shiftWindowByGap(window, definition.timeGap, -1);
    return [
      { variableId: definition.varId, ...window },
      { variableId: definition.varId, ...earlier },
    ];
  }
  return aggregateInputIds(definition).map((variableId) => ({ variableId, ...window }));
}

/**
 * One range per variable and stretch, in time order: ranges closer than the max age (whose look-back would
 * reach into the previous one) are merged, so no point is read twice.
 */
export function mergeRanges(ranges: readonly ReadRange[], maxAgeMs: number): ReadRange[] {
  const sorted = [...ranges].sort((x, y) => x.variableId - y.variableId || x.fromMs - y.fromMs);
  const merged: ReadRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && last.variableId === range.variableId && range.fromMs - maxAgeMs <= last.toMs) {
      last.toMs = Math.max(last.toMs, range.toMs);
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/**
 * The output instants that new points of the inputs (over `changed`, per input) may have changed: the
 * instants of the new points and, as each is an input's as-of value for up to the max age after it, the
 * instants up to that age later; for a gradual one also the instants one gap later, whose earlier value
 * it may be.
 */
export function affectedWindows(
  definition: AggregateDefinition,
  changed: ReadonlyMap<number, CalculationWindow>,
  maxAgeMs: number,
): CalculationWindow[] {
  let span: CalculationWindow | undefined;
  for (const id of aggregateInputIds(definition)) {
    const range = changed.get(id);
    if (!range) continue;
    span = span
      ? { fromMs: Math.min(span.fromMs, range.fromMs), toMs: Math.max(span.toMs, range.toMs) }
      : { ...range };
  }
  if (!span) return [];
  if (definition.goal !== 'gradual') return [{ fromMs: span.fromMs, toMs: span.toMs + maxAgeMs }];
  const later = shiftWindowByGap({ fromMs: span.fromMs, toMs: span.toMs + maxAgeMs }, definition.timeGap, 1);
  return later.fromMs <= span.toMs + 1
    ? [{ fromMs: span.fromMs, toMs: Math.max(span.toMs, later.toMs) }]
    : [span, later];
}

/** What the store says about one input around a batch of its points (one index probe each). */
export interface InputFacts {
  /** its latest point before the batch's first one */
  prevMs: number | null;
  /** its earliest point after the batch's last one: set when the batch arrived late, out of order */
  nextMs: number | null;
}

/**
 * The instants every input has reached: the earliest of the inputs' latest points (`frontierMs`; -Infinity
 * while an input has no point at all), and the latest of them (`newestMs`). Null when no input has a point.
 * An input that stays silent holds the frontier back: what lies past it is calculated by the wait.
 */
export function frontier(
  inputIds: readonly number[],
  lastMs: ReadonlyMap<number, number | null>,
): { frontierMs: number; newestMs: number } | null {
  let newestMs = -Infinity;
  let frontierMs = Infinity;
  for (const id of inputIds) {
    const last = lastMs.get(id) ?? -Infinity;
    newestMs = Math.max(newestMs, last);
    frontierMs = Math.min(frontierMs, last);
  }
  return newestMs === -Infinity ? null : { frontierMs, newestMs };
}

export interface LiveContext {
  /** latest stored point of each input, after the batch */
  lastMs: ReadonlyMap<number, number | null>;
  /** per changed input, around its changed range */
  facts: ReadonlyMap<number, InputFacts>;
  /** the latest instant of the aggregate already calculated (stored, or published by this process's wait) */
  horizonMs: number | null;
  maxAgeMs: number;
  /** how far back a resumed input's completion reaches at most (the wait has calculated what is older) */
  reachMs: number;
}

/**
 * The instants of an operated or metrical aggregate a stored batch makes final or changes
 * (docs/aggregate-variables.md "Live"), never past both the frontier (every input has reached them) and
 * the horizon (calculated already): those wait for the other inputs, or for the wait (waitingWindow).
 * The batch changes the instants from its first point until the input's next stored point (a late batch)
 * or the max age after its last; an in-order batch also makes final the instants waiting since the
 * input's previous point (within the reach), unless the wait calculated them already. So every instant up
 * to the horizon has been calculated, and each is calculated once while the inputs keep in step.
 * A gradual aggregate has one input, always at its own frontier: affectedWindows.
 */
export function liveWindows(
  definition: AggregateDefinition,
  changed: ReadonlyMap<number, CalculationWindow>,
  context: LiveContext,
): CalculationWindow[] {
  if (definition.goal === 'gradual') return affectedWindows(definition, changed, context.maxAgeMs);
  const ids = aggregateInputIds(definition);
  const reached = frontier(ids, context.lastMs);
  const limitMs = Math.max(reached?.frontierMs ?? -Infinity, context.horizonMs ?? -Infinity);
  const calculatedMs = context.horizonMs ?? -Infinity;
  const windows: CalculationWindow[] = [];
  for (const id of ids) {
    const range = changed.get(id);
    if (!range) continue;
    const facts = context.facts.get(id) ?? { prevMs: null, nextMs: null };
    // Instants past the frontier and the horizon are calculated when the frontier or the wait gets there.
    let toMs = Math.min(range.toMs + context.maxAgeMs, limitMs);
    let fromMs = range.fromMs;
    if (facts.nextMs !== null) toMs = Math.min(toMs, facts.nextMs - 1);
    else {
      // The instants waiting since the previous point (or for the first), unless calculated already: the
      // batch does not change them, it makes them final.
      const previousMs = facts.prevMs === null ? -Infinity : facts.prevMs + 1;
      fromMs = Math.min(range.fromMs, Math.max(previousMs, calculatedMs + 1, range.fromMs - context.reachMs));
    }
    if (toMs >= fromMs) windows.push({ fromMs, toMs });
  }
  return mergeWindows(windows);
}

/**
 * The waiting instants of an operated or metrical aggregate the wait now calculates: past the frontier
 * (and past what is calculated already, and within the reach), up to where the inputs that advanced over
 * the two previous looks (`looks`, the older first) have all reached, and no further than the newest point
 * of the previous look. An input that stood still over both looks holds nothing back any more; those that
 * advance are waited for (their batches make the instants final). All of them when `now`. Null when none.
 */
export function waitingWindow(
  inputIds: readonly number[],
  lastMs: ReadonlyMap<number, number | null>,
  looks: readonly ReadonlyMap<number, number | null>[],
  calculatedMs: number | null,
  options: { reachMs: number; now: boolean },
): CalculationWindow | null {
  const reached = frontier(inputIds, lastMs);
  if (!reached) return null;
  const afterMs = Math.max(reached.frontierMs, calculatedMs ?? -Infinity, reached.newestMs - options.reachMs);
  let toMs = reached.newestMs;
  if (!options.now) {
    const [older, previous] = looks.slice(-2);
    if (!older || !previous) return null;
    let previousNewestMs = -Infinity;
    for (const id of inputIds) {
      const last = lastMs.get(id) ?? -Infinity;
      const before = previous.get(id) ?? -Infinity;
      previousNewestMs = Math.max(previousNewestMs, before);
      if (last !== before || before !== (older.get(id) ?? -Infinity)) toMs = Math.min(toMs, last);
    }
    toMs = Math.min(toMs, previousNewestMs);
  }
  return toMs > afterMs ? { fromMs: afterMs + 1, toMs } : null;
}

function mergeWindows(windows: CalculationWindow[]): CalculationWindow[] {
  const sorted = [...windows].sort((x, y) => x.fromMs - y.fromMs);
  const merged: CalculationWindow[] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && window.fromMs <= last.toMs + 1) last.toMs = Math.max(last.toMs, window.toMs);
    else merged.push({ ...window });
  }
  return merged;
}
