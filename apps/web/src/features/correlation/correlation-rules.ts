import { MAX_CORRELATION_PAIRS, type PairRow, type ZChoice, type ZType } from './correlation-query';

// The rules of the correlation parameter selection (spec part 2 §4, §5).

const isComplete = ({ x, y }: PairRow) => x !== null && y !== null && x !== y;

/** Add is disabled at 4 pairs and while any row lacks its X or Y. */
export function canAddPair(rows: readonly PairRow[]): boolean {
  return rows.length < MAX_CORRELATION_PAIRS && rows.every(isComplete);
}

/** Remove is disabled when only one row remains. */
export function canRemovePair(rows: readonly PairRow[]): boolean {
  return rows.length > 1;
}

/**
 * Explore needs X and Y in every row, and the Z variable when a Z mode is chosen. Spec §5 names intensity;
 * the category modes need their Z as much (without it there is nothing to colour by), so they do too.
 */
export function canExplore(rows: readonly PairRow[], z: ZChoice): boolean {
  return rows.length > 0 && rows.every(isComplete) && (z.type === null || z.variableId !== null);
}

export function addPair(rows: readonly PairRow[]): PairRow[] {
  return canAddPair(rows) ? [...rows, { x: null, y: null }] : [...rows];
}

export function removePair(rows: readonly PairRow[], index: number): PairRow[] {
  return canRemovePair(rows) ? rows.filter((_, rowIndex) => rowIndex !== index) : [...rows];
}

/** Exchanges X and Y of one row, or of every row without an index (the charts' "swap axes"). */
export function swapPairs(rows: readonly PairRow[], index?: number): PairRow[] {
  return rows.map((row, rowIndex) =>
    index === undefined || rowIndex === index ? { x: row.y, y: row.x } : row,
  );
}

/** Z modes are mutually exclusive; choosing one clears the chosen Z variable. */
export function chooseZType(type: ZType | null): ZChoice {
  return { type, variableId: null };
}

export type VariableSelector = { row: number; side: 'x' | 'y' } | 'z';

/**
 * The variables a selector may not take: a pair's X and Y differ, and Z is none of them (the server pairs
 * distinct variables). Different pairs may share a variable.
 */
export function takenIds(rows: readonly PairRow[], z: ZChoice, selector: VariableSelector): number[] {
  const ids =
    selector === 'z'
      ? rows.flatMap(({ x, y }) => [x, y])
      : [rows[selector.row]?.[selector.side === 'x' ? 'y' : 'x'] ?? null, z.type ? z.variableId : null];
  return ids.filter((id): id is number => id !== null);
}
