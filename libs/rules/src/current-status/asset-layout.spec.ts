import { AssetLayoutMessages, assetLayoutSchema, type AssetPlacement } from '@plantlens/contracts';
import { layoutProblem } from './asset-layout';

const place = (name: string, parent: string | null = null): AssetPlacement => ({
  name,
  parent,
  lat: null,
  lng: null,
});

describe('asset layout', () => {
  it('accepts parents placed in the same layout, in any order, and existing ones', () => {
    const existing = [{ name: 'plant', parent: null }];
    expect(
      layoutProblem(existing, [place('gate01', 'drum_a'), place('drum_a', 'dcu'), place('dcu', 'plant')]),
    ).toBeNull();
  });

  it('refuses a parent that is neither placed nor existing', () => {
    expect(layoutProblem([], [place('gate01', 'drum_a')])).toBe(AssetLayoutMessages.unknownParent);
  });

  it('refuses an asset named twice', () => {
    expect(layoutProblem([], [place('dcu'), place('dcu')])).toBe(AssetLayoutMessages.duplicate);
  });

  it('refuses a cycle through existing assets, also when the layout only closes it', () => {
    const existing = [
      { name: 'a', parent: null },
      { name: 'b', parent: 'a' },
      { name: 'c', parent: 'b' },
    ];
    expect(layoutProblem(existing, [place('a', 'c')])).toBe(AssetLayoutMessages.cycle);
    expect(layoutProblem(existing, [place('a', 'c'), place('c', null)])).toBeNull();
  });

  it('validates positions: both or neither, within range; no self-parent', () => {
    const parse = (asset: Record<string, unknown>) => assetLayoutSchema.safeParse({ assets: [asset] });
    expect(parse({ name: 'dcu', lat: 41.1, lng: 1.2 }).success).toBe(true);
    expect(parse({ name: 'dcu' }).data?.assets[0]).toEqual({
      name: 'dcu',
      parent: null,
      lat: null,
      lng: null,
    });
    expect(parse({ name: 'dcu', lat: 41.1 }).success).toBe(false);
    expect(parse({ name: 'dcu', lat: 91, lng: 0 }).success).toBe(false);
    expect(parse({ name: 'dcu', lat: 0, lng: -181 }).success).toBe(false);
    expect(parse({ name: 'dcu', parent: 'dcu' }).success).toBe(false);
    expect(parse({ name: ' ' }).success).toBe(false);
    expect(assetLayoutSchema.safeParse({ assets: [] }).success).toBe(false);
  });
});
