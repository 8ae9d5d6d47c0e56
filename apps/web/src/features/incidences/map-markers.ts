import type { ExpressionSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { CurrentStatusAssetDto } from '@plantlens/contracts';

// What the current-status map draws (spec §4, §9), kept apart from maplibre so it can be tested without
// WebGL: the marker state of an asset by its count, the colour of a cluster from its markers, the GeoJSON
// of the markers, and the style expressions that apply the same rules on the map.

export const INITIAL_ZOOM = 3;
// Spec §9 "cluster grid 2000; max cluster zoom 14": markers within 2000 px group until zoom 14; past it
// (and at the 16 and 18 of a chosen branch or leaf) every marker stands alone.
export const CLUSTER_RADIUS_PX = 2000;
export const MAX_CLUSTER_ZOOM = 14;

/** Ordered so that a cluster's maximum says "any with events" and its minimum "all clear". */
export enum MarkerState {
  Unknown = 0,
  Clear = 1,
  Events = 2,
}

export const MARKER_COLOURS: Record<MarkerState, string> = {
  [MarkerState.Events]: '#f5222d',
  [MarkerState.Clear]: '#52c41a',
  [MarkerState.Unknown]: '#8c8c8c',
};

/** Red when the asset has events, green when it has none, grey when the count is not available. */
export function markerState(count: number | null): MarkerState {
  if (count === null) return MarkerState.Unknown;
  return count > 0 ? MarkerState.Events : MarkerState.Clear;
}

/** A cluster is red if any marker has events, green if all have none, grey otherwise. */
export function clusterState(states: readonly MarkerState[]): MarkerState {
  if (states.includes(MarkerState.Events)) return MarkerState.Events;
  return states.length > 0 && states.every((state) => state === MarkerState.Clear)
    ? MarkerState.Clear
    : MarkerState.Unknown;
}

export type MarkerProperties = {
  id: number;
  name: string;
  /** -1 when not available (GeoJSON properties cannot carry null through clustering) */
  count: number;
  state: MarkerState;
};

export type MarkerCollection = {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: MarkerProperties;
  }[];
};

/** One marker per asset with a position. */
export function markerCollection(assets: readonly CurrentStatusAssetDto[]): MarkerCollection {
  return {
    type: 'FeatureCollection',
    features: assets.flatMap((asset) =>
      asset.lat === null || asset.lng === null
        ? []
        : [
            {
              type: 'Feature' as const,
              id: asset.id,
              geometry: { type: 'Point' as const, coordinates: [asset.lng, asset.lat] as [number, number] },
              properties: {
                id: asset.id,
                name: asset.name,
                count: asset.count ?? -1,
                state: markerState(asset.count),
              },
            },
          ],
    ),
  };
}

/** Where the map opens: the middle of the positioned assets, or 0,0 without any. */
export function initialCentre(assets: readonly CurrentStatusAssetDto[]): [lng: number, lat: number] {
  const positioned = assets.filter((asset) => asset.lat !== null && asset.lng !== null);
  if (positioned.length === 0) return [0, 0];
  const lngs = positioned.map((asset) => asset.lng as number);
  const lats = positioned.map((asset) => asset.lat as number);
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

// The cluster aggregates maplibre computes over the `state` of its markers.
export const CLUSTER_PROPERTIES: Record<string, [operator: string, map: ExpressionSpecification]> = {
  maxState: ['max', ['get', 'state']],
  minState: ['min', ['get', 'state']],
};

/** The colour of a cluster circle, from its aggregates: clusterState as a style expression. */
export const CLUSTER_COLOUR_EXPRESSION: ExpressionSpecification = [
  'case',
  ['==', ['get', 'maxState'], MarkerState.Events],
  MARKER_COLOURS[MarkerState.Events],
  ['==', ['get', 'minState'], MarkerState.Clear],
  MARKER_COLOURS[MarkerState.Clear],
  MARKER_COLOURS[MarkerState.Unknown],
];

/** The colour of a single marker from its state. */
export const MARKER_COLOUR_EXPRESSION: ExpressionSpecification = [
  'match',
  ['get', 'state'],
  MarkerState.Events,
  MARKER_COLOURS[MarkerState.Events],
  MarkerState.Clear,
  MARKER_COLOURS[MarkerState.Clear],
  MARKER_COLOURS[MarkerState.Unknown],
];
