import { SET1, set1Colors } from './palette';

describe('set1Colors', () => {
  it('gives the Set1 colours in order, one per series', () => {
    expect(set1Colors(3)).toEqual(['#e41a1c', '#377eb8', '#4daf4a']);
  });

  it('gives all nine distinct colours for nine series', () => {
    expect(new Set(set1Colors(9)).size).toBe(9);
  });

  it('starts over after the ninth colour', () => {
    const colors = set1Colors(11);
    expect(colors[9]).toBe(SET1[0]);
    expect(colors[10]).toBe(SET1[1]);
  });

  it('gives no colours for no series', () => {
    expect(set1Colors(0)).toEqual([]);
  });
});
