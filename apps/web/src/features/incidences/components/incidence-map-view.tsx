import type { CurrentStatusAssetDto, SitePlanCorners } from '@plantlens/contracts';
import { Alert } from 'antd';
import {
  GeoJSONSource,
  Map as MapLibreMap,
  Marker,
  Popup,
  setWorkerUrl,
  type StyleSpecification,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MAP_SETTINGS, OFFLINE_MAP_STYLE } from '../../../config/map';
import {
  CLUSTER_COLOUR_EXPRESSION,
  CLUSTER_PROPERTIES,
  CLUSTER_RADIUS_PX,
  FIT_MAX_ZOOM,
  FIT_PADDING_PX,
  INITIAL_ZOOM,
  MARKER_COLOUR_EXPRESSION,
  MAX_CLUSTER_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  markerCollection,
  referenceGrid,
  sitePlanCoordinates,
  viewBounds,
  type LngLatBounds,
  type MarkerProperties,
} from '../map-markers';
import { AssetPopup, useCountText } from './asset-popup';
import { MapControls, resetView } from './map-controls';

// MapLibre 6 under a bundler needs its worker's URL once (the bundler does not see the worker import).
setWorkerUrl(workerUrl);

const SOURCE = 'assets';
const PLAN_SOURCE = 'site-plan';
const GRID_SOURCE = 'grid';
// Under the markers, in this order from the bottom.
const PLAN_LAYER = 'site-plan';
const GRID_LAYER = 'grid';

// Readable over a site plan of any colour; the label lets clicks through to the marker.
const LABEL_STYLE: Partial<CSSStyleDeclaration> = {
  padding: '0 4px',
  borderRadius: '3px',
  background: 'rgba(255, 255, 255, 0.85)',
  color: '#1f1f1f',
  fontSize: '12px',
  lineHeight: '18px',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
};

export interface MapFocus {
  centre: [lng: number, lat: number];
  zoom: number;
}

export interface SitePlanLayer {
  corners: SitePlanCorners;
  /** an object URL of the image */
  imageUrl: string;
}

interface IncidenceMapViewProps {
  assets: CurrentStatusAssetDto[];
  focus: MapFocus | null;
  /** the site plan behind the markers; null: a neutral grid */
  plan: SitePlanLayer | null;
  /** what the map shows after each move, for "use the current view" of the site plan form */
  onViewChange?: (bounds: LngLatBounds) => void;
}

// The map of the current-status screen: a thin shell over maplibre. What it draws and how (colours,
// clusters, zooms, bounds, grid) is decided in map-markers.ts and asset-tree.ts, tested without WebGL.
export function IncidenceMapView({ assets, focus, plan, onViewChange }: IncidenceMapViewProps) {
  const { t } = useTranslation();
  const countText = useCountText();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const bounds = useMemo(() => viewBounds(assets, plan?.corners ?? null), [assets, plan?.corners]);
  const latest = useRef({ assets, bounds, countText, onViewChange });
  // The popup's content is React, rendered into the maplibre popup through a portal (it keeps the router).
  const [popupAssetId, setPopupAssetId] = useState<number>();
  const popupContainer = useMemo(() => document.createElement('div'), []);

  useEffect(() => {
    latest.current = { assets, bounds, countText, onViewChange };
  });

  useEffect(() => {
    if (!container.current) return;
    const opening = latest.current.bounds;
    const created = new MapLibreMap({
      container: container.current,
      style: MAP_SETTINGS.styleUrl ?? (OFFLINE_MAP_STYLE as unknown as StyleSpecification),
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      ...(opening
        ? { bounds: opening, fitBoundsOptions: { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM } }
        : { center: [0, 0] as [number, number], zoom: INITIAL_ZOOM }),
      // The wheel zooms about the middle of the view, where fitting put the markers, not about the
      // pointer, which pushed a lone marker off the screen.
      scrollZoom: { around: 'center' },
    });
    // A style that cannot be fetched (a configured tile server out of reach) leaves nothing to draw on.
    created.on('error', () => {
      if (!created.loaded()) setFailed(true);
    });
    created.on('load', () => {
      created.addSource(SOURCE, {
        type: 'geojson',
        data: markerCollection(latest.current.assets),
        cluster: true,
        clusterRadius: CLUSTER_RADIUS_PX,
        clusterMaxZoom: MAX_CLUSTER_ZOOM,
        clusterProperties: CLUSTER_PROPERTIES,
      });
      created.addLayer({
        id: 'clusters',
        type: 'circle',
        source: SOURCE,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': CLUSTER_COLOUR_EXPRESSION,
          'circle-radius': ['step', ['get', 'point_count'], 16, 10, 22, 50, 28],
          'circle-opacity': 0.85,
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      });
      created.addLayer({
        id: 'markers',
        type: 'circle',
        source: SOURCE,
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': MARKER_COLOUR_EXPRESSION,
          'circle-radius': 9,
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      });
      setMap(created);
    });
    // The opening fit moves nothing, so the first view is told on load.
    const tellView = () => {
      const view = created.getBounds();
      latest.current.onViewChange?.([view.getWest(), view.getSouth(), view.getEast(), view.getNorth()]);
    };
    created.on('load', tellView);
    created.on('moveend', tellView);
    created.on('click', 'clusters', async (event) => {
      const [cluster] = event.features ?? [];
      if (!cluster || cluster.geometry.type !== 'Point') return;
      const source = created.getSource<GeoJSONSource>(SOURCE);
      const zoom = await source?.getClusterExpansionZoom(cluster.properties.cluster_id as number);
      created.easeTo({ center: cluster.geometry.coordinates as [number, number], zoom });
    });

    // Hover: a tooltip with the asset and its count. Click: the popup with its open incidences.
    const tooltip = new Popup({
      closeButton: false,
      closeOnClick: false,
      className: 'asset-tooltip',
      offset: 12,
    });
    let popup: Popup | undefined;
    created.on('mousemove', 'markers', (event) => {
      const [marker] = event.features ?? [];
      if (!marker || marker.geometry.type !== 'Point') return;
      const { label, count } = marker.properties as MarkerProperties;
      const text = document.createElement('div');
      text.textContent = `${label}: ${latest.current.countText(count < 0 ? null : count)}`;
      tooltip
        .setLngLat(marker.geometry.coordinates as [number, number])
        .setDOMContent(text)
        .addTo(created);
    });
    created.on('mouseleave', 'markers', () => tooltip.remove());
    created.on('click', 'markers', (event) => {
      const [marker] = event.features ?? [];
      if (!marker || marker.geometry.type !== 'Point') return;
      const { id } = marker.properties as MarkerProperties;
      tooltip.remove();
      popup?.remove();
      popup = new Popup({ closeButton: true, maxWidth: '340px', offset: 12 })
        .setLngLat(marker.geometry.coordinates as [number, number])
        .setDOMContent(popupContainer)
        .addTo(created);
      const opened = popup;
      opened.on('close', () => setPopupAssetId((current) => (popup === opened ? undefined : current)));
      setPopupAssetId(id);
    });
    for (const layer of ['clusters', 'markers']) {
      created.on('mouseenter', layer, () => (created.getCanvas().style.cursor = 'pointer'));
      created.on('mouseleave', layer, () => (created.getCanvas().style.cursor = ''));
    }

    // Labels under the single markers (HTML, so no glyph server is needed), kept in step with what the
    // clustering shows at the current zoom.
    const labels = new Map<number, Marker>();
    created.on('render', () => {
      if (!created.getSource(SOURCE) || !created.isSourceLoaded(SOURCE)) return;
      const shown = new Set<number>();
      for (const feature of created.querySourceFeatures(SOURCE, { filter: ['!', ['has', 'point_count']] })) {
        const { id, label } = feature.properties as MarkerProperties;
        if (shown.has(id) || feature.geometry.type !== 'Point') continue;
        shown.add(id);
        const position = feature.geometry.coordinates as [number, number];
        const existing = labels.get(id);
        if (existing) {
          existing.setLngLat(position);
          if (existing.getElement().textContent !== label) existing.getElement().textContent = label;
          continue;
        }
        const element = document.createElement('div');
        element.className = 'asset-label';
        Object.assign(element.style, LABEL_STYLE);
        element.textContent = label;
        labels.set(
          id,
          new Marker({ element, anchor: 'top', offset: [0, 11] }).setLngLat(position).addTo(created),
        );
      }
      for (const [id, label] of labels) {
        if (shown.has(id)) continue;
        label.remove();
        labels.delete(id);
      }
    });

    return () => {
      setMap(null);
      created.remove();
    };
  }, [popupContainer]);

  useEffect(() => {
    map?.getSource<GeoJSONSource>(SOURCE)?.setData(markerCollection(assets));
  }, [map, assets]);

  useEffect(() => {
    if (focus) map?.flyTo({ center: focus.centre, zoom: focus.zoom });
  }, [map, focus]);

  // The site plan under the markers, or the neutral grid without one.
  const corners = plan?.corners;
  const imageUrl = plan?.imageUrl;
  useEffect(() => {
    if (!map) return;
    for (const [layer, source] of [
      [PLAN_LAYER, PLAN_SOURCE],
      [GRID_LAYER, GRID_SOURCE],
    ]) {
      if (map.getLayer(layer)) map.removeLayer(layer);
      if (map.getSource(source)) map.removeSource(source);
    }
    if (corners && imageUrl) {
      map.addSource(PLAN_SOURCE, {
        type: 'image',
        url: imageUrl,
        coordinates: sitePlanCoordinates(corners),
      });
      map.addLayer(
        { id: PLAN_LAYER, type: 'raster', source: PLAN_SOURCE, paint: { 'raster-fade-duration': 0 } },
        'clusters',
      );
    } else {
      map.addSource(GRID_SOURCE, { type: 'geojson', data: referenceGrid(latest.current.bounds) });
      map.addLayer(
        {
          id: GRID_LAYER,
          type: 'line',
          source: GRID_SOURCE,
          paint: { 'line-color': '#c9d3dc', 'line-width': 1 },
        },
        'clusters',
      );
    }
  }, [map, corners, imageUrl]);

  // A new or moved plan is shown whole.
  const previousCorners = useRef(corners);
  useEffect(() => {
    if (!map || previousCorners.current === corners) return;
    previousCorners.current = corners;
    resetView(map, latest.current.bounds);
  }, [map, corners]);

  const popupAsset = assets.find(({ id }) => id === popupAssetId);
  if (failed) return <Alert type="warning" showIcon title={t('incidences.currentStatus.mapStyleError')} />;
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      <div ref={container} data-testid="incidence-map" style={{ width: '100%', height: '100%' }} />
      {map && <MapControls camera={map} bounds={bounds} />}
      {popupAsset && createPortal(<AssetPopup asset={popupAsset} />, popupContainer)}
    </div>
  );
}
