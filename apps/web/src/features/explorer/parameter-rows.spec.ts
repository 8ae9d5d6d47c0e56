import { rowRules } from './parameter-rows';

describe('rowRules', () => {
  it('allows everything with several chosen rows', () => {
    expect(rowRules(['a', 'b'], 5)).toEqual({ canExplore: true, canAdd: true, canRemove: true });
  });

  it('disables Explore and Add while any row is empty', () => {
    expect(rowRules(['a', null], 5)).toEqual({ canExplore: false, canAdd: false, canRemove: true });
    expect(rowRules([null], 5)).toEqual({ canExplore: false, canAdd: false, canRemove: false });
  });

  it('disables Remove when only one row remains', () => {
    expect(rowRules(['a'], 5).canRemove).toBe(false);
  });

  it('disables Add at the maximum number of rows', () => {
    expect(rowRules(['a', 'b'], 2)).toEqual({ canExplore: true, canAdd: false, canRemove: true });
  });

  it('never explores without rows', () => {
    expect(rowRules([], 5).canExplore).toBe(false);
  });
});
