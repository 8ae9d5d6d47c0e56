import { assetLayoutSchema, type AssetPlacement } from '@plantlens/contracts';
import { PLANT_CATALOG } from './plant-catalog';
import { plantLayout } from './plant-layout';

describe('plant layout', () => {
  const layout = plantLayout();

  it('is a valid layout: positions within range, every parent placed before its children', () => {
    expect(assetLayoutSchema.parse({ assets: layout }).assets).toEqual(layout);
    const seen = new Set<string>();
    for (const { name, parent } of layout) {
      if (parent !== null) expect(seen).toContain(parent);
      seen.add(name);
    }
  });

  it('places every asset a simulated variable can name (its client reference up to "_")', () => {
    const names = new Set(layout.map(({ name }) => name));
    const named = new Set(PLANT_CATALOG.map(({ clientReference }) => clientReference.split('_')[0]));
    expect([...named].filter((name) => !names.has(name))).toEqual([]);
  });

  it('keeps the valves of coke drum A within about 10 m of each other, the units apart', () => {
    // Degrees to metres, roughly (a degree of longitude is shorter at 41° N: this overstates it).
    const metres = (a: AssetPlacement, b: AssetPlacement) =>
      Math.hypot((a.lat ?? NaN) - (b.lat ?? NaN), (a.lng ?? NaN) - (b.lng ?? NaN)) * 111_000;
    const valves = layout.filter(({ parent }) => parent === 'coke_drum_a');
    expect(valves).toHaveLength(8);
    for (const a of valves) for (const b of valves) expect(metres(a, b)).toBeLessThan(20);
    const units = layout.filter(({ parent }) => parent === 'refinery');
    expect(units.map(({ name }) => name)).toEqual(['cdu', 'dcu', 'hdt', 'utl']);
  });

  it('labels every asset as people call it, not by its key', () => {
    const labels = new Map(layout.map(({ name, label }) => [name, label]));
    expect(labels.get('coke_drum_a')).toBe('Coke drum A');
    expect(labels.get('dcu')).toBe('Delayed coker unit');
    expect(labels.get('gate01')).toBe('Gate 01');
    expect(layout.filter(({ label }) => !label)).toEqual([]);
  });
});
