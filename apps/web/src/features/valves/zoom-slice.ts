import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The zoom of the current-status screen (spec part 2 §3 "Shared state"): client-only, so a slice, and
// kept in local storage so it persists across visits (spec §2).
export type ValveZoom = 'plant' | 'cokeDrum';

export const VALVE_ZOOM_STORAGE_KEY = 'ampoZoom';

function storedZoom(): ValveZoom {
  return localStorage.getItem(VALVE_ZOOM_STORAGE_KEY) === 'cokeDrum' ? 'cokeDrum' : 'plant';
}

export const valveZoomSlice = createSlice({
  name: 'valveZoom',
  // A function: each store (one per test) reads the storage of its moment.
  initialState: () => ({ zoom: storedZoom() }),
  reducers: {
    zoomTo(state, action: PayloadAction<ValveZoom>) {
      state.zoom = action.payload;
    },
  },
  selectors: {
    selectValveZoom: (state) => state.zoom,
  },
});

export const { zoomTo } = valveZoomSlice.actions;
export const { selectValveZoom } = valveZoomSlice.selectors;
