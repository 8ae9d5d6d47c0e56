// Deployment settings of the incidence current-status map. The plant network reaches no public tile
// server, so the default style draws no base map: a plain background under the asset markers. A
// deployment with its own tile server sets `styleUrl` to that server's MapLibre style document.
export interface MapSettings {
  /** a MapLibre style URL; null: the offline style below */
  styleUrl: string | null;
}

export const MAP_SETTINGS: MapSettings = {
  styleUrl: null,
};

export const OFFLINE_MAP_STYLE = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f5' } }],
} as const;
