import { useDispatch, useSelector } from 'react-redux';
import {
  VALVE_ZOOM_STORAGE_KEY,
  selectValveZoom,
  valveZoomSlice,
  zoomTo,
  type ValveZoom,
} from './zoom-slice';

// The zoom of the current-status screen, written to local storage as it changes so the next visit
// starts there.
export function useValveZoom(): [ValveZoom, (zoom: ValveZoom) => void] {
  const dispatch = useDispatch();
  const zoom = useSelector(
    (state: { [valveZoomSlice.reducerPath]: ReturnType<typeof valveZoomSlice.getInitialState> }) =>
      selectValveZoom(state),
  );
  const setZoom = (next: ValveZoom) => {
    localStorage.setItem(VALVE_ZOOM_STORAGE_KEY, next);
    dispatch(zoomTo(next));
  };
  return [zoom, setZoom];
}
