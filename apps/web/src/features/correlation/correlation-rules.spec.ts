import type { PairRow, ZChoice } from './correlation-query';
import {
  addPair,
  canAddPair,
  canExplore,
  canRemovePair,
  chooseZType,
  removePair,
  swapPairs,
  takenIds,
} from './correlation-rules';

const NO_Z: ZChoice = { type: null, variableId: null };
const row = (x: number | null, y: number | null): PairRow => ({ x, y });

describe('correlation parameter rules', () => {
  it('enables Explore only when every pair has X and Y (different), plus Z in a Z mode', () => {
    expect(canExplore([row(1, 2)], NO_Z)).toBe(true);
    expect(canExplore([row(1, 2), row(3, null)], NO_Z)).toBe(false);
    expect(canExplore([row(null, 2)], NO_Z)).toBe(false);
    expect(canExplore([row(2, 2)], NO_Z)).toBe(false);
    expect(canExplore([row(1, 2)], { type: 'intensity', variableId: null })).toBe(false);
    expect(canExplore([row(1, 2)], { type: 'intensity', variableId: 3 })).toBe(true);
    expect(canExplore([row(1, 2)], { type: 'category', variableId: null })).toBe(false);
    expect(canExplore([row(1, 2)], { type: 'globalCategory', variableId: 3 })).toBe(true);
  });

  it('disables Add with an incomplete row and at 4 pairs', () => {
    expect(canAddPair([row(1, 2)])).toBe(true);
    expect(canAddPair([row(1, 2), row(1, null)])).toBe(false);
    const four = [row(1, 2), row(3, 4), row(5, 6), row(7, 8)];
    expect(canAddPair(four)).toBe(false);
    expect(addPair(four)).toEqual(four);
    expect(addPair([row(1, 2)])).toEqual([row(1, 2), row(null, null)]);
  });

  it('disables Remove when one row remains', () => {
    expect(canRemovePair([row(1, 2)])).toBe(false);
    expect(removePair([row(1, 2)], 0)).toEqual([row(1, 2)]);
    expect(removePair([row(1, 2), row(3, 4), row(5, 6)], 1)).toEqual([row(1, 2), row(5, 6)]);
  });

  it('swaps one pair, or every pair', () => {
    const rows = [row(1, 2), row(3, null)];
    expect(swapPairs(rows, 1)).toEqual([row(1, 2), row(null, 3)]);
    expect(swapPairs(rows)).toEqual([row(2, 1), row(null, 3)]);
  });

  it('clears the Z variable when the Z mode changes', () => {
    expect(chooseZType('globalCategory')).toEqual({ type: 'globalCategory', variableId: null });
    expect(chooseZType(null)).toEqual(NO_Z);
  });

  it("keeps a pair's X and Y apart and Z away from every pair", () => {
    const rows = [row(1, 2), row(3, null)];
    const z: ZChoice = { type: 'intensity', variableId: 9 };
    expect(takenIds(rows, z, { row: 0, side: 'x' })).toEqual([2, 9]);
    expect(takenIds(rows, z, { row: 1, side: 'y' })).toEqual([3, 9]);
    expect(takenIds(rows, NO_Z, { row: 1, side: 'x' })).toEqual([]);
    expect(takenIds(rows, z, 'z')).toEqual([1, 2, 3]);
  });
});
