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
