import { Alert } from 'antd';
import { GeoJSONSource, Map as MapLibreMap, Popup, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentStatusAssetDto } from '@plantlens/contracts';
import { MAP_SETTINGS, OFFLINE_MAP_STYLE } from '../../../config/map';
import {
  CLUSTER_COLOUR_EXPRESSION,
  CLUSTER_PROPERTIES,
  CLUSTER_RADIUS_PX,
  INITIAL_ZOOM,
  MARKER_COLOUR_EXPRESSION,
  MAX_CLUSTER_ZOOM,
  initialCentre,
  markerCollection,
  type MarkerProperties,
} from '../map-markers';

// MapLibre 6 under a bundler needs its worker's URL once (the bundler does not see the worker import).
setWorkerUrl(workerUrl);

const SOURCE = 'assets';

export interface MapFocus {
  centre: [lng: number, lat: number];
  zoom: number;
}

interface IncidenceMapViewProps {
  assets: CurrentStatusAssetDto[];
  focus: MapFocus | null;
  /** the incidences of an asset, from its marker's popup */
  onOpenAsset: (assetId: number) => void;
  openAssetLabel: string;
  countLabel: (count: number | null) => string;
}

// The map of the current-status screen: a thin shell over maplibre. What it draws and how (colours,
// clusters, zooms) is decided in map-markers.ts and asset-tree.ts, which are tested without WebGL.
export function IncidenceMapView({
  assets,
  focus,
  onOpenAsset,
  openAssetLabel,
  countLabel,
}: IncidenceMapViewProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef({ assets, onOpenAsset, openAssetLabel, countLabel });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    latest.current = { assets, onOpenAsset, openAssetLabel, countLabel };
  });

  useEffect(() => {
    if (!container.current) return;
    const map = new MapLibreMap({
      container: container.current,
      style: MAP_SETTINGS.styleUrl ?? (OFFLINE_MAP_STYLE as unknown as StyleSpecification),
      center: initialCentre(latest.current.assets),
      zoom: INITIAL_ZOOM,
    });
    // A style that cannot be fetched (a configured tile server out of reach) leaves nothing to draw on.
    map.on('error', () => {
      if (!map.loaded()) setFailed(true);
    });
    mapRef.current = map;
    map.on('load', () => {
      map.addSource(SOURCE, {
        type: 'geojson',
        data: markerCollection(latest.current.assets),
        cluster: true,
        clusterRadius: CLUSTER_RADIUS_PX,
        clusterMaxZoom: MAX_CLUSTER_ZOOM,
        clusterProperties: CLUSTER_PROPERTIES,
      });
      map.addLayer({
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
      map.addLayer({
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
    });
    map.on('click', 'clusters', async (event) => {
      const [cluster] = event.features ?? [];
      if (!cluster || cluster.geometry.type !== 'Point') return;
      const source = map.getSource<GeoJSONSource>(SOURCE);
      const zoom = await source?.getClusterExpansionZoom(cluster.properties.cluster_id as number);
      map.easeTo({ center: cluster.geometry.coordinates as [number, number], zoom });
    });
    map.on('click', 'markers', (event) => {
      const [marker] = event.features ?? [];
      if (!marker || marker.geometry.type !== 'Point') return;
      const { id, name, count } = marker.properties as MarkerProperties;
      new Popup({ closeButton: true })
        .setLngLat(marker.geometry.coordinates as [number, number])
        .setDOMContent(
          popupContent(
            name,
            latest.current.countLabel(count < 0 ? null : count),
            () => latest.current.onOpenAsset(id),
            latest.current.openAssetLabel,
          ),
        )
        .addTo(map);
    });
    for (const layer of ['clusters', 'markers']) {
      map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
    }
    return () => {
      mapRef.current = null;
      map.remove();
    };
  }, []);

  useEffect(() => {
    mapRef.current?.getSource<GeoJSONSource>(SOURCE)?.setData(markerCollection(assets));
  }, [assets]);

  useEffect(() => {
    if (focus) mapRef.current?.flyTo({ center: focus.centre, zoom: focus.zoom });
  }, [focus]);

  if (failed) return <Alert type="warning" showIcon title={t('incidences.currentStatus.mapStyleError')} />;
  return <div ref={container} data-testid="incidence-map" style={{ width: '100%', height: '100%' }} />;
}

// Built from text nodes: asset names come from the plant's data.
function popupContent(name: string, count: string, onOpen: () => void, openLabel: string): HTMLElement {
  const content = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = name;
  const figures = document.createElement('div');
  figures.textContent = count;
  const open = document.createElement('button');
  open.type = 'button';
  open.textContent = openLabel;
  open.addEventListener('click', onOpen);
  content.append(title, figures, open);
  return content;
}
