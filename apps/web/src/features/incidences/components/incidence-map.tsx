import { Alert } from 'antd';
import { Suspense, lazy, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';

// maplibre (about 1 MB) is fetched with the map, not with the screen.
const IncidenceMapView = lazy(async () => ({
  default: (await import('./incidence-map-view')).IncidenceMapView,
}));

// MapLibre 6 draws with WebGL 2; a browser without it (blocked GPU, jsdom) gets a notice instead of the
// map, and the asset tree beside it keeps working. jsdom has no WebGL classes at all, which is checked
// first: asking it for a context logs a "not implemented" error.
let webGl2: boolean | undefined;
export function webGl2Available(): boolean {
  webGl2 ??=
    typeof window !== 'undefined' &&
    'WebGL2RenderingContext' in window &&
    document.createElement('canvas').getContext('webgl2') !== null;
  return webGl2;
}

export function IncidenceMap(props: ComponentProps<typeof IncidenceMapView>) {
  const { t } = useTranslation();
  if (!webGl2Available()) {
    return <Alert type="warning" showIcon title={t('incidences.currentStatus.mapUnavailable')} />;
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <IncidenceMapView {...props} />
    </Suspense>
  );
}
