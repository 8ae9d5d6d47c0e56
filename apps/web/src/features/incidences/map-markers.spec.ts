import { expression, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import { OFFLINE_MAP_STYLE } from '../../config/map';
import {
  CLUSTER_COLOUR_EXPRESSION,
  CLUSTER_PROPERTIES,
  MARKER_COLOURS,
  MARKER_COLOUR_EXPRESSION,
  MarkerState,
  clusterState,
  markerCollection,
  markerState,
  referenceGrid,
  sitePlanCoordinates,
  viewBounds,
} from './map-markers';

const asset = (id: number, count: number | null, lat: number | null = 40, lng: number | null = -3) =>
  ({ id, name: `asset_${id}`, label: null, parentId: null, lat, lng, count }) satisfies CurrentStatusAssetDto;

// Evaluates a style expression with maplibre's own expression engine, as the map does.
function evaluate(
  style: unknown,
  properties: Record<string, unknown>,
  globals: object = { zoom: 10 },
): unknown {
  const compiled = expression.createExpression(style, 'test');
  if (compiled.result !== 'success') throw new Error(JSON.stringify(compiled.value));
  return compiled.value.evaluate(globals as never, { properties } as never);
}

// What a cluster of these markers aggregates: maplibre's clustering (geojson_worker_source.ts) maps each
// marker's properties with the second element of each CLUSTER_PROPERTIES entry, then folds them with
// [operator, ['accumulated'], ['get', name]].
function clusterAggregates(states: MarkerState[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(CLUSTER_PROPERTIES).map(([name, [operator, map]]) => {
      const values = states.map((state) => evaluate(map, { state }));
      const folded = values.reduce((accumulated, value) =>
        evaluate([operator, ['accumulated'], ['get', name]], { [name]: value }, { zoom: 0, accumulated }),
      );
      return [name, folded];
    }),
  );
}

describe('current-status markers', () => {
  it('is red with events, green with none, grey when the count is unknown', () => {
    expect([markerState(3), markerState(0), markerState(null)]).toEqual([
      MarkerState.Events,
      MarkerState.Clear,
      MarkerState.Unknown,
    ]);
    expect(MARKER_COLOURS[markerState(1)]).toBe('#f5222d');
  });

  it('makes a cluster red if any marker has events, green if all are clear, grey otherwise', () => {
    const { Events, Clear, Unknown } = MarkerState;
    expect(clusterState([Clear, Events, Unknown])).toBe(Events);
    expect(clusterState([Clear, Clear])).toBe(Clear);
    expect(clusterState([Clear, Unknown])).toBe(Unknown);
    expect(clusterState([Unknown, Unknown])).toBe(Unknown);
  });

  it('colours clusters on the map by the same rule, from the aggregates maplibre computes', () => {
    const { Events, Clear, Unknown } = MarkerState;
    for (const states of [[Clear, Events, Unknown], [Clear, Clear], [Clear, Unknown], [Unknown]]) {
      expect(evaluate(CLUSTER_COLOUR_EXPRESSION, clusterAggregates(states))).toBe(
        MARKER_COLOURS[clusterState(states)],
      );
    }
  });

  it('colours single markers on the map by their state', () => {
    for (const count of [5, 0, null]) {
      const [feature] = markerCollection([asset(1, count)]).features;
      expect(evaluate(MARKER_COLOUR_EXPRESSION, feature.properties)).toBe(MARKER_COLOURS[markerState(count)]);
    }
  });

  it('places one marker per asset with a position, lng first', () => {
    const markers = markerCollection([
      { ...asset(1, 2, 40.4, -3.7), label: 'Coke drum A' },
      asset(2, null),
      asset(3, 0, null, null),
    ]);
    expect(
      markers.features.map(({ id, geometry, properties }) => [id, geometry.coordinates, properties]),
    ).toEqual([
      [1, [-3.7, 40.4], { id: 1, label: 'Coke drum A', count: 2, state: MarkerState.Events }],
      // Without a label, the marker says the asset's key.
      [2, [-3, 40], { id: 2, label: 'asset_2', count: -1, state: MarkerState.Unknown }],
    ]);
  });

  it('fits the view to the positioned markers and the site plan, and to nothing without either', () => {
    const assets = [asset(1, 0, 40, -4), asset(2, 0, 42, 2), asset(3, 0, null, null)];
    expect(viewBounds(assets, null)).toEqual([-4, 40, 2, 42]);
    const plan = { topLeftLat: 43, topLeftLng: -5, bottomRightLat: 41, bottomRightLng: 1 };
    expect(viewBounds(assets, plan)).toEqual([-5, 40, 2, 43]);
    expect(viewBounds([asset(4, 1, 41.12, 1.19)], null)).toEqual([1.19, 41.12, 1.19, 41.12]);
    expect(viewBounds([asset(1, 0, null, null)], null)).toBeNull();
  });

  it('lays the site plan by its corners, clockwise from the top-left as maplibre wants', () => {
    expect(
      sitePlanCoordinates({ topLeftLat: 43, topLeftLng: -5, bottomRightLat: 41, bottomRightLng: 1 }),
    ).toEqual([
      [-5, 43],
      [1, 43],
      [1, 41],
      [-5, 41],
    ]);
  });

  it('draws a neutral grid at a round spacing around the markers, and none without them', () => {
    const grid = referenceGrid([1.18, 41.11, 1.2, 41.13]);
    const vertical = grid.features.filter(
      ({ geometry }) => geometry.coordinates[0][0] === geometry.coordinates[1][0],
    );
    const lngs = vertical.map(({ geometry }) => geometry.coordinates[0][0]);
    const steps = lngs.slice(1).map((lng, index) => Number((lng - lngs[index]).toFixed(9)));
    expect(new Set(steps)).toEqual(new Set([0.005]));
    // The grid reaches past the markers on every side.
    expect(Math.min(...lngs)).toBeLessThan(1.18);
    expect(Math.max(...lngs)).toBeGreaterThan(1.2);
    expect(referenceGrid(null).features).toEqual([]);
  });

  it('has an offline style that maplibre accepts and that fetches nothing', () => {
    expect(validateStyleMin(OFFLINE_MAP_STYLE as never)).toEqual([]);
    expect(JSON.stringify(OFFLINE_MAP_STYLE)).not.toMatch(/https?:/);
  });
});
