import type { ExpressionSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { CurrentStatusAssetDto, SitePlanCorners } from '@plantlens/contracts';
import { assetLabel } from './asset-tree';

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
  /** what the marker's label says: the asset's label, or its key without one */
  label: string;
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
                label: assetLabel(asset),
                count: asset.count ?? -1,
                state: markerState(asset.count),
              },
            },
          ],
    ),
  };
}

/** west, south, east, north in degrees: the form maplibre's fitBounds takes */
export type LngLatBounds = [west: number, south: number, east: number, north: number];

/**
 * What the map shows on opening and on Reset view: every positioned marker and the site plan, or null
 * when there is neither (the map then opens at INITIAL_ZOOM over 0,0).
 */
export function viewBounds(
  assets: readonly CurrentStatusAssetDto[],
  plan: SitePlanCorners | null,
): LngLatBounds | null {
  const points: [lng: number, lat: number][] = assets.flatMap((asset) =>
    asset.lat === null || asset.lng === null ? [] : [[asset.lng, asset.lat] as [number, number]],
  );
  if (plan) points.push([plan.topLeftLng, plan.topLeftLat], [plan.bottomRightLng, plan.bottomRightLat]);
  if (points.length === 0) return null;
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

// Zoom limits: 2 shows the world once; 20 is past the 18 of a chosen leaf (valves a few metres apart),
// where a site plan's pixels are already large. Fitting a single marker (bounds of no size) stops at 17, so
// its neighbours off the bounds still show around it.
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 20;
export const FIT_MAX_ZOOM = 17;
export const FIT_PADDING_PX = 48;

/** The four corners of the plan, clockwise from the top-left: the order of a maplibre image source. */
export function sitePlanCoordinates(
  plan: SitePlanCorners,
): [[number, number], [number, number], [number, number], [number, number]] {
  return [
    [plan.topLeftLng, plan.topLeftLat],
    [plan.bottomRightLng, plan.topLeftLat],
    [plan.bottomRightLng, plan.bottomRightLat],
    [plan.topLeftLng, plan.bottomRightLat],
  ];
}

export type GridCollection = {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    geometry: { type: 'LineString'; coordinates: [number, number][] };
    properties: Record<string, never>;
  }[];
};

// Lines per side of the neutral grid drawn when no site plan is uploaded.
const GRID_STEPS = 12;

/**
 * The neutral grid behind the markers without a site plan: lines at a round spacing (1, 2 or 5 × a power
 * of ten degrees) over the markers' bounds and as far again around them, so it pans and zooms with them.
 */
export function referenceGrid(bounds: LngLatBounds | null): GridCollection {
  if (!bounds) return { type: 'FeatureCollection', features: [] };
  const [west, south, east, north] = bounds;
  const span = Math.max(east - west, north - south, 0.001) * 3;
  const raw = span / GRID_STEPS;
  const power = 10 ** Math.floor(Math.log10(raw));
  // With a little slack: 0.020000000000000018 × 3 / 12 is still a 0.005 step.
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= raw * (1 - 1e-9)) ?? 10) * power;
  const around = (low: number, high: number) => {
    const middle = (low + high) / 2;
    const first = Math.floor((middle - span / 2) / step) * step;
    return Array.from({ length: Math.ceil(span / step) + 2 }, (_, index) => first + index * step);
  };
  const lngs = around(west, east);
  const lats = around(south, north);
  const line = (coordinates: [number, number][]) => ({
    type: 'Feature' as const,
    geometry: { type: 'LineString' as const, coordinates },
    properties: {},
  });
  const [lngMin, lngMax] = [lngs[0], lngs[lngs.length - 1]];
  const [latMin, latMax] = [lats[0], lats[lats.length - 1]];
  return {
    type: 'FeatureCollection',
    features: [
      ...lngs.map((lng) =>
        line([
          [lng, latMin],
          [lng, latMax],
        ]),
      ),
      ...lats.map((lat) =>
        line([
          [lngMin, lat],
          [lngMax, lat],
        ]),
      ),
    ],
  };
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
