import { AimOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_MAX_ZOOM, FIT_PADDING_PX, INITIAL_ZOOM, type LngLatBounds } from '../map-markers';

/** The part of a maplibre map the controls move. */
export interface MapCamera {
  zoomIn(): void;
  zoomOut(): void;
  fitBounds(bounds: LngLatBounds, options: { padding: number; maxZoom: number; duration?: number }): void;
  jumpTo(options: { center: [number, number]; zoom: number }): void;
}

/** Back to everything: the markers and the site plan, or the opening view when there is neither. */
export function resetView(camera: MapCamera, bounds: LngLatBounds | null, duration?: number): void {
  if (bounds) camera.fitBounds(bounds, { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM, duration });
  else camera.jumpTo({ center: [0, 0], zoom: INITIAL_ZOOM });
}

interface MapControlsProps {
  camera: MapCamera;
  bounds: LngLatBounds | null;
}

// Zoom in, zoom out and reset view, over the map's top-right corner.
export function MapControls({ camera, bounds }: MapControlsProps) {
  const { t } = useTranslation();
  const control = (key: 'zoomIn' | 'zoomOut' | 'reset', icon: React.ReactNode, onClick: () => void) => {
    const label = t(`incidences.currentStatus.controls.${key}`);
    return (
      <Tooltip title={label} placement="left">
        <Button icon={icon} aria-label={label} onClick={onClick} />
      </Tooltip>
    );
  };
  return (
    <Flex vertical gap={4} style={{ position: 'absolute', top: 12, right: 12, zIndex: 2 }}>
      {control('zoomIn', <PlusOutlined />, () => camera.zoomIn())}
      {control('zoomOut', <MinusOutlined />, () => camera.zoomOut())}
      {control('reset', <AimOutlined />, () => resetView(camera, bounds))}
    </Flex>
  );
}
