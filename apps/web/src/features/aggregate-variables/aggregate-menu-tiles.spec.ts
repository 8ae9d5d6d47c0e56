import { aggregateMenuTiles } from './aggregate-menu-tiles';

describe('aggregateMenuTiles', () => {
  it('opens each kind from its list route', () => {
    expect(aggregateMenuTiles(() => true)).toEqual([
      { goal: 'operated', route: 'AggregateOperatedVariableList', available: true },
      { goal: 'gradual', route: 'AggregateGradualVariableList', available: true },
      { goal: 'metrical', route: 'AggregateMetricalVariableList', available: true },
    ]);
  });

  it('marks the tile of an unavailable route for the disabled variant', () => {
    const tiles = aggregateMenuTiles((route) => route !== 'AggregateMetricalVariableList');
    expect(tiles.map(({ goal, available }) => [goal, available])).toEqual([
      ['operated', true],
      ['gradual', true],
      ['metrical', false],
    ]);
  });
});
